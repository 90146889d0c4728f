/** Every editing feature the server offers. */
import { documentSymbolFeature } from './documentSymbols';
import { Feature } from './feature';

export const FEATURES: Feature[] = [documentSymbolFeature];
