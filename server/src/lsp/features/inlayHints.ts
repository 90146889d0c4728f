/** inlay hints (not implemented yet). */
import { Feature } from './feature';

export const inlayHintFeature: Feature = {
  name: 'inlay hints',
  capabilities: () => ({}),
  register: () => undefined,
};
