/** code lens (not implemented yet). */
import { Feature } from './feature';

export const codeLensFeature: Feature = {
  name: 'code lens',
  capabilities: () => ({}),
  register: () => undefined,
};
