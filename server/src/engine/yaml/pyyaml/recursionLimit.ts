/** Nesting deeper than PyYAML's recursion allows: `safe_load` raises RecursionError (see limits.ts). */
import { Mark } from './marks';
import { YamlProblem } from '../yamlProblem';
import { LIMITS } from '../limits';

export class RecursionLimit extends Error {
  constructor(readonly mark: Mark) {
    super('RecursionError');
  }

  problem(): YamlProblem {
    return {
      pyClass: 'Crash',
      exceptionType: 'RecursionError',
      kind: 'resource-limit',
      message: `the YAML nests too deep here for PyYAML, which recurses once per level and needs more than the ${LIMITS.pythonFrames.available} Python frames its recursion limit leaves (RecursionError: maximum recursion depth exceeded)`,
      start: this.mark.offset,
      end: this.mark.offset,
    };
  }
}
