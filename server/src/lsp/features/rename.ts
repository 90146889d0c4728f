/** rename (not implemented yet). */
import { Feature } from './feature';

export const renameFeature: Feature = {
  name: 'rename',
  capabilities: () => ({}),
  register: () => undefined,
};
