/** hover (not implemented yet). */
import { Feature } from './feature';

export const hoverFeature: Feature = {
  name: 'hover',
  capabilities: () => ({}),
  register: () => undefined,
};
