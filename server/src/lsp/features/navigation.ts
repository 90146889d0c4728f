/** navigation (not implemented yet). */
import { Feature } from './feature';

export const navigationFeature: Feature = {
  name: 'navigation',
  capabilities: () => ({}),
  register: () => undefined,
};
