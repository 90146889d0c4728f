/** code actions (not implemented yet). */
import { Feature } from './feature';

export const codeActionFeature: Feature = {
  name: 'code actions',
  capabilities: () => ({}),
  register: () => undefined,
};
