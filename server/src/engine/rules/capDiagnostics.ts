/**
 * The per-file diagnostics budget, applied where a file's diagnostics are
 * final (after rule settings), in the CLI and the server alike: the first
 * `BUDGETS.diagnosticsPerFile` by position are kept, the rest become one
 * `diagnostics-limit` summary at the first one left out, with their count by
 * severity and code, and the worst of their severities (so an error left out
 * still fails the run). A notice that part of the file was not checked (a
 * budget that ran out: `leavesUnchecked` in the catalog) always survives:
 * the first of each such code past the cut is kept in place of the last one
 * before it, so the user sees it and the file still counts as not checked.
 * Messages (and related information) past
 * `BUDGETS.messageChars` are cut with a note. 300 merged keys in 300
 * tools (30,601 diagnostics, each tool reporting 100 of its 300 keys:
 * `swe/unknownKeys.ts`) publish 1,001.
 */
import { BUDGETS } from '../budgets';
import { FileDiagnostic, Severity } from '../diagnostics';
import { compareDiagnostics } from './applyRuleSettings';
import { leavesUnchecked } from './ruleCatalog';
import { charged, spend } from '../work';

const SEVERITY_ORDER: Severity[] = ['error', 'warning', 'information', 'hint'];

const ofSeverity = (n: number, severity: Severity) => `${n.toLocaleString('en-US')} ${severity}${n === 1 || severity === 'information' ? '' : 's'}`;

const cut = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, max)}… (message cut: ${text.length.toLocaleString('en-US')} characters)`);

/** The message and its related information (which quotes SWE-agent's words, the user's text in them), each cut at `max`. */
function cutMessage(diagnostic: FileDiagnostic, max: number): FileDiagnostic {
  const long = diagnostic.message.length > max || charged(diagnostic.related)?.some((r) => r.message.length > max);
  if (!long) return diagnostic;
  const cutDiagnostic = { ...diagnostic, message: cut(diagnostic.message, max) };
  if (diagnostic.related) cutDiagnostic.related = charged(diagnostic.related).map((r) => ({ ...r, message: cut(r.message, max) }));
  return cutDiagnostic;
}

/** `reserved`: the notices of what was not checked kept past the first `kept` by position; `max` of them in all. */
function summary(max: number, kept: number, reserved: readonly FileDiagnostic[], dropped: readonly FileDiagnostic[]): FileDiagnostic {
  const bySeverity = new Map<Severity, number>();
  const byCode = new Map<string, number>();
  for (const d of dropped) {
    spend();
    bySeverity.set(d.severity, (bySeverity.get(d.severity) ?? 0) + 1);
    byCode.set(d.code, (byCode.get(d.code) ?? 0) + 1);
  }
  const severities = charged(SEVERITY_ORDER).filter((s) => bySeverity.has(s));
  const codes = charged([...byCode]).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const shownCodes = charged(codes.slice(0, 5)).map(([code, n]) => `${code} ×${n.toLocaleString('en-US')}`);
  if (codes.length > 5) shownCodes.push(`${codes.length - 5} more codes`);
  // At the first one left out; what belongs to that one (its fix data, related places) does not carry over.
  const { data: _data, related: _related, unnecessary: _unnecessary, ...place } = dropped[0];
  return {
    ...place,
    code: 'diagnostics-limit',
    severity: severities[0],
    message: `This file has ${(kept + reserved.length + dropped.length).toLocaleString('en-US')} diagnostics, more than the ${max.toLocaleString('en-US')} reported per file.`,
    related: [
      {
        message: `The first ${kept.toLocaleString('en-US')} by position are shown${reserved.length > 0 ? `, then the first ${charged(reserved).map((d) => d.code).join(' and the first ')} after them (part of the file was not checked)` : ''}, and the ${dropped.length.toLocaleString('en-US')}${reserved.length > 0 ? ' others' : ''} from here on are not: ${charged(severities).map((s) => ofSeverity(bySeverity.get(s)!, s)).join(', ')} (${shownCodes.join(', ')}).`,
        start: place.start,
        end: place.end,
      },
    ],
    tool: null,
  };
}

export function capDiagnostics(diagnostics: readonly FileDiagnostic[], max: number = BUDGETS.diagnosticsPerFile, maxMessage: number = BUDGETS.messageChars): FileDiagnostic[] {
  if (diagnostics.length <= max) return charged(diagnostics).map((d) => cutMessage(d, maxMessage));
  // applyRuleSettings gives them in order already; sorting 900,000 again costs seconds.
  const inOrder = charged(diagnostics).every((d, i) => i === 0 || compareDiagnostics(d, diagnostics[i - 1]) > 0);
  const sorted = inOrder ? diagnostics : charged([...diagnostics]).sort(compareDiagnostics);
  // The first notice of each code that says part of the file was not checked (a handful of codes, so a handful of indices, in order).
  const firsts = new Map<string, number>();
  charged(sorted).forEach((d, i) => {
    if (!d.suppressed && leavesUnchecked(d.code) && !firsts.has(d.code)) firsts.set(d.code, i);
  });
  // Those past the cut take the places of the last ones before it; a place given up may be another such notice's, which then needs one too.
  let head = max;
  let late = charged([...firsts.values()]).filter((i) => i >= head);
  while (max - late.length < head) {
    spend();
    head = max - late.length;
    late = charged([...firsts.values()]).filter((i) => i >= head);
  }
  const reserved = charged(late).map((i) => sorted[i]);
  const dropped = charged(sorted.slice(head)).filter((_, i) => !late.includes(head + i));
  return charged([...sorted.slice(0, head), ...reserved]).map((d) => cutMessage(d, maxMessage)).concat(summary(max, head, reserved, dropped));
}
