/**
 * The one work budget of an analysis. Every loop and every recursion of the
 * engine draws from it (`spend`, or `charged` for a list a callback walks);
 * the host gives each query it computes, and the server each request it
 * answers, a budget of its own (`withWorkBudget`). When one runs out,
 * `WorkBudgetExhausted` ends that analysis: the host turns it into a
 * `resource-limit` diagnostic in the file's report, the server into an error
 * answer, and every other file and request is unaffected.
 *
 * The budget running now is module state, the one the engine keeps
 * (docs/ARCHITECTURE.md says why): threading a meter through every pure
 * function would change each signature for a counter. A query's count
 * depends only on what it computes itself (a query it reads has its own
 * budget, and a memoized one costs nothing), so whether it runs out is a
 * function of its inputs, as its value is. Outside any analysis (a test
 * calling a parser directly) nothing is drawn.
 */
import { BUDGETS } from './budgets';

/** The work budget of an analysis ran out: it ends that analysis, never the process. */
export class WorkBudgetExhausted extends Error {
  constructor(readonly steps: number) {
    super(`it took more than ${steps.toLocaleString('en-US')} steps of work (the work budget of one analysis)`);
  }
}

interface Meter {
  left: number;
  readonly steps: number;
}

let running: Meter | null = null;

/** Draws `steps` from the budget of the analysis running now. */
export function spend(steps = 1): void {
  if (running !== null && (running.left -= steps) < 0) throw new WorkBudgetExhausted(running.steps);
}

/** `items`, after drawing a step for each from the budget: for a callback that walks them (`charged(xs).map(f)`, `charged(xs)?.find(f)`). */
export function charged<T extends { readonly length: number } | { readonly size: number } | null | undefined>(items: T): T {
  if (items != null) spend('length' in items ? items.length : items.size);
  return items;
}

/** `run`'s value, or the work budget that ran out in it (anything else it throws goes on). */
export function orExhausted<T>(run: () => T): T | WorkBudgetExhausted {
  try {
    return run();
  } catch (e) {
    if (e instanceof WorkBudgetExhausted) return e;
    throw e;
  }
}

/** `run` as one analysis with a budget of its own: its value, or the budget that ran out. */
export function withinWorkBudget<T>(run: () => T, steps: number = BUDGETS.workSteps): { ok: true; value: T } | { ok: false; exhausted: WorkBudgetExhausted } {
  const value = orExhausted(() => withWorkBudget(run, steps));
  return value instanceof WorkBudgetExhausted ? { ok: false, exhausted: value } : { ok: true, value };
}

/**
 * Runs `run` as one analysis with a budget of its own (`steps`, by default
 * `BUDGETS.workSteps`): throws `WorkBudgetExhausted` when it runs out. The
 * analysis it interrupts (a query reading another) gets its own back after.
 */
export function withWorkBudget<T>(run: () => T, steps: number = BUDGETS.workSteps): T {
  const outer = running;
  running = { left: steps, steps };
  try {
    return run();
  } finally {
    running = outer;
  }
}
