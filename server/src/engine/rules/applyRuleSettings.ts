/**
 * The user's say over diagnostics: per-rule severities (or `off`) from the
 * configuration, and `# swe-bundle-disable-line <code>...` comments on a
 * diagnostic's line (`# swe-bundle-disable-next-line` on the line above).
 * Without codes, a comment silences every rule on that line.
 *
 * A rule set to `off` (or off by default and not turned on) is dropped. A diagnostic silenced by a comment is kept,
 * marked `suppressed`: the CLI's SARIF lists it as suppressed in source, while
 * the server and the text and JSON reports leave it out (`shownDiagnostics`, analysis/reports.ts).
 *
 * A code that no rule has silences nothing: `unknown-rule-code` says so, at
 * the code, with the code it most likely meant when one is close.
 */
import { DiagnosticBuilder } from '../diagnosticBuilder';
import { EngineDiagnostic, FileDiagnostic } from '../diagnostics';
import { Origin } from '../yaml/pyNode';
import { shortPrefix } from '../util/shortPrefix';
import { suggestName } from '../util/suggest';
import { RULES, RuleCode, defaultSettingOf, isRuleCode } from './ruleCatalog';
import { RuleSetting } from './ruleCatalog';
import { charged, spend } from '../work';

const DIRECTIVE = /#\s*swe-bundle-disable-(next-line|line)\b([^\n#]*)/g;

/** One suppression comment: where it is, whether it is about the next line, and each code it names with its offsets. */
interface Directive {
  at: number;
  nextLine: boolean;
  codes: { code: string; start: number; end: number }[];
}

function directivesOf(text: string): Directive[] {
  if (!text.includes('swe-bundle-disable')) return [];
  return charged([...text.matchAll(DIRECTIVE)]).map((match) => {
    const listStart = match.index! + match[0].length - match[2].length;
    const codes = charged([...match[2].matchAll(/[^\s,]+/g)]).map((code) => ({ code: code[0], start: listStart + code.index!, end: listStart + code.index! + code[0].length }));
    return { at: match.index!, nextLine: match[1] === 'next-line', codes };
  });
}

type Suppression = 'all' | Set<RuleCode>;

/** Line number (0-based) -> what is suppressed there. */
function suppressionsOf(text: string): Map<number, Suppression> {
  const result = new Map<number, Suppression>();
  const directives = directivesOf(text);
  if (directives.length === 0) return result;
  const starts = lineStarts(text);
  for (const directive of directives) {
    spend();
    const line = lineOf(starts, directive.at);
    const target = directive.nextLine ? line + 1 : line;
    const codes = charged(directive.codes).map((c) => c.code);
    const existing = result.get(target);
    if (codes.length === 0 || existing === 'all') {
      result.set(target, 'all');
      continue;
    }
    const set = existing ?? new Set<RuleCode>();
    for (const code of codes) {
      spend();
      if (isRuleCode(code)) set.add(code);
    }
    result.set(target, set);
  }
  return result;
}

function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf('\n'); i !== -1; i = text.indexOf('\n', i + 1)) {
    spend();
    starts.push(i + 1);
  }
  return starts;
}

function lineOf(starts: number[], offset: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    spend();
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= offset) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** unknown-rule-code: each code a suppression comment names that no rule has, on the text's own origin (the whole file). */
export function unknownSuppressedCodes(text: string, origin: Origin): EngineDiagnostic[] {
  const out = new DiagnosticBuilder(null);
  for (const { code, start, end } of charged(directivesOf(text)).flatMap((d) => d.codes)) {
    spend();
    if (isRuleCode(code)) continue;
    const suggestion = suggestName(code, Object.keys(RULES));
    out.add('unknown-rule-code', { origin, start, end }, `\`${shortPrefix(code, 48)}\` is no rule code, so the comment does not silence it${suggestion ? `; did you mean \`${suggestion}\`?` : '.'}`, {
      data: suggestion ? { replaceWith: suggestion } : undefined,
      detail: 'docs/rules.md lists every code.',
    });
  }
  return out.diagnostics;
}

/** Document order: by start, then end, then code, so every front end lists diagnostics alike. */
export function compareDiagnostics(a: FileDiagnostic, b: FileDiagnostic): number {
  return a.start - b.start || a.end - b.end || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0) || (a.message < b.message ? -1 : 1);
}

/** Rule settings applied and suppression comments marked, in document order. */
export function applyRuleSettings(diagnostics: FileDiagnostic[], normalizedText: string, rules: Partial<Record<RuleCode, RuleSetting>> = {}): FileDiagnostic[] {
  const suppressions = suppressionsOf(normalizedText);
  const starts = suppressions.size > 0 ? lineStarts(normalizedText) : [];
  const result: FileDiagnostic[] = [];
  for (const diagnostic of diagnostics) {
    spend();
    const given = rules[diagnostic.code];
    if (given === 'off' || (given === undefined && defaultSettingOf(diagnostic.code) === 'off')) continue;
    const setting = given;
    if (suppressions.size > 0) {
      const suppressed = suppressions.get(lineOf(starts, diagnostic.start));
      if (suppressed === 'all' || suppressed?.has(diagnostic.code)) {
        result.push({ ...diagnostic, ...(setting ? { severity: setting } : {}), suppressed: true });
        continue;
      }
    }
    result.push(setting ? { ...diagnostic, severity: setting } : diagnostic);
  }
  return charged(result).sort(compareDiagnostics);
}
