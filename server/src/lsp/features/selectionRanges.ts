/** selection ranges (not implemented yet). */
import { Feature } from './feature';

export const selectionRangeFeature: Feature = {
  name: 'selection ranges',
  capabilities: () => ({}),
  register: () => undefined,
};
