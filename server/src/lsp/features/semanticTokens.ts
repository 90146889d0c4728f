/** semantic tokens (not implemented yet). */
import { Feature } from './feature';

export const semanticTokensFeature: Feature = {
  name: 'semantic tokens',
  capabilities: () => ({}),
  register: () => undefined,
};
