/** A host environment with nothing on disk: what an analysis of open documents alone sees. */
import { HostEnvironment } from '../../server/src/engine/analysis/inputs';

export const NO_DISK: HostEnvironment = {
  fs: { isAllowed: () => false, stat: () => null, readFile: () => null, list: () => null },
};
