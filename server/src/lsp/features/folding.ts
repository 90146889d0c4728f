/** folding ranges (not implemented yet). */
import { Feature } from './feature';

export const foldingFeature: Feature = {
  name: 'folding ranges',
  capabilities: () => ({}),
  register: () => undefined,
};
