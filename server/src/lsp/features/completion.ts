/** completion (not implemented yet). */
import { Feature } from './feature';

export const completionFeature: Feature = {
  name: 'completion',
  capabilities: () => ({}),
  register: () => undefined,
};
