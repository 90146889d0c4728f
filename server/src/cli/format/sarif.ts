/**
 * SARIF 2.1.0, for GitHub code scanning and other SARIF consumers. test/cli/sarif.test.ts validates
 * it against the SARIF 2.1.0 JSON schema, formats included.
 *
 * - Rules: every code of the catalog, with a PascalCase `name`, descriptions and help from
 *   docs/rules.md, and a `helpUri` only once package.json's `repository` gives the doc an address.
 * - Results: 1-based lines and columns (UTF-16 code units, as LSP counts them, end exclusive); a
 *   fingerprint from what is flagged rather than where, so moving unrelated lines keeps it; file
 *   URIs percent-encoded; diagnostics silenced by a disable comment listed with a suppression.
 */
import { createHash } from 'crypto';
import * as path from 'path';
import { pathToFileURL } from 'url';
import { Severity } from '../../engine/diagnostics';
import { LineIndex } from '../../engine/document/lineIndex';
import { Range } from '../../engine/document/positioned';
import { RULES, RuleCode, defaultSettingOf } from '../../engine/rules/ruleCatalog';
import { FileResult } from '../fileResult';
import { PROJECT_LINKS, ProjectLinks, RULES_DOC } from './buildInfo';
import { ruleHelpOf } from './ruleHelp';
import { ReportWriter, writeJsonArray, truncationNotice } from './reportWriter';

const LEVEL: Record<Severity, 'error' | 'warning' | 'note'> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

const SCHEMA = 'https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json';

/** The `partialFingerprints` key of our own fingerprint (a SARIF hierarchical name with a version). */
export const FINGERPRINT = 'sweBundleDiagnostic/v1';

export interface SarifContext {
  version: string;
  /** The text of a reported file (its path as in the results), for fingerprints; null when it cannot be read as text. */
  textOf(file: string): string | null;
  /** Defaults to what the build read from package.json and docs/rules.md. */
  links?: ProjectLinks;
  rulesDoc?: string;
}

/** `yaml-syntax` -> `YamlSyntax`: SARIF's `name` is an identifier-like name, distinct from the id. */
function ruleName(code: string): string {
  return code
    .split('-')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

/** A result's file as a URI reference: a relative path percent-encoded segment by segment, an absolute one as a file: URL. */
export function artifactUri(file: string): string {
  if (path.isAbsolute(file)) return pathToFileURL(file).href;
  return file.split(path.sep).join('/').split('/').map(encodeURIComponent).join('/');
}

const SEMVER = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?(\+[0-9A-Za-z.-]+)?$/;

function rulesOf(codes: readonly RuleCode[], links: ProjectLinks, rulesDoc: string) {
  const help = ruleHelpOf(rulesDoc, links.rulesDoc);
  return codes.map((code) => {
    const doc = help.get(code);
    const summary = RULES[code].summary;
    return {
      id: code,
      name: ruleName(code),
      shortDescription: { text: doc?.shortDescription || summary },
      fullDescription: { text: doc?.fullDescription || summary },
      help: { text: doc?.helpText || summary, markdown: doc?.helpMarkdown || summary },
      ...(links.rulesDoc ? { helpUri: `${links.rulesDoc}#${code}` } : {}),
      defaultConfiguration: { level: LEVEL[RULES[code].severity], ...(defaultSettingOf(code) === 'off' ? { enabled: false } : {}) },
      properties: { sweAgentRejects: RULES[code].sweAgentRejects },
    };
  });
}

/** A region of a file: 1-based lines and columns, the end exclusive. */
function physicalLocation(uri: string, range: Range) {
  return {
    artifactLocation: { uri },
    region: { startLine: range.start.line + 1, startColumn: range.start.character + 1, endLine: range.end.line + 1, endColumn: range.end.character + 1 },
  };
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * One fingerprint per diagnostic of a file: its code, its tool and the text it flags (the text of
 * its start line when the range is empty), numbered among equal ones. Without the file's text, the
 * message stands in for the flagged text.
 */
function fingerprintsOf(result: FileResult, text: string | null): string[] {
  const lines = text === null ? null : new LineIndex(text);
  const seen = new Map<string, number>();
  return result.diagnostics.map((d) => {
    let content = d.message;
    if (text !== null && lines) {
      const lineText = () => text.slice(lines.offsetAt({ line: d.range.start.line, character: 0 }), lines.offsetAt({ line: d.range.start.line, character: Number.MAX_SAFE_INTEGER }));
      content = squeeze(text.slice(lines.offsetAt(d.range.start), lines.offsetAt(d.range.end))) || squeeze(lineText());
    }
    const key = JSON.stringify([d.code, d.tool, content]);
    const occurrence = seen.get(key) ?? 0;
    seen.set(key, occurrence + 1);
    return createHash('sha256').update(`${key}#${occurrence}`).digest('hex').slice(0, 32);
  });
}

/** Where the streamed results go in the document (a string no result holds). */
const RESULTS_PLACE = '\u0000results\u0000';

/**
 * Writes the SARIF log, its results as they are produced; returns how many
 * results the budget left out (then the last result, of rule
 * `diagnostics-limit`, says so, and so does a tool execution notification).
 */
export function writeSarif(results: readonly FileResult[], context: SarifContext, out: ReportWriter): number {
  const links = context.links ?? PROJECT_LINKS;
  const codes = (Object.keys(RULES) as RuleCode[]).sort();
  const ruleIndex = new Map(codes.map((code, i) => [code, i]));
  const sarif = {
    $schema: SCHEMA,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'swe-bundle-lint',
            version: context.version,
            ...(SEMVER.test(context.version) ? { semanticVersion: context.version } : {}),
            ...(links.homepage ? { informationUri: links.homepage } : {}),
            rules: rulesOf(codes, links, context.rulesDoc ?? RULES_DOC),
          },
        },
        columnKind: 'utf16CodeUnits',
        results: RESULTS_PLACE,
      },
    ],
  };
  function* sarifResults() {
    for (const r of results) {
      const fingerprints = fingerprintsOf(r, context.textOf(r.path));
      const uri = artifactUri(r.path);
      for (const [i, d] of r.diagnostics.entries()) {
        yield {
          ruleId: d.code,
          ruleIndex: ruleIndex.get(d.code),
          level: LEVEL[d.severity],
          message: { text: d.message },
          locations: [{ physicalLocation: physicalLocation(uri, d.range) }],
          // What the one-line message leaves out (SWE-agent's words, the why, the fix) and related places.
          ...(d.related ? { relatedLocations: d.related.map((x, id) => ({ id, physicalLocation: physicalLocation(x.file !== undefined ? artifactUri(x.file) : uri, x.range), message: { text: x.message } })) } : {}),
          partialFingerprints: { [FINGERPRINT]: fingerprints[i] },
          ...(d.suppressed ? { suppressions: [{ kind: 'inSource' }] } : {}),
        };
      }
    }
  }
  const [head, tail] = JSON.stringify(sarif, null, 2).split(JSON.stringify(RESULTS_PLACE));
  out.always(head);
  const total = results.reduce((sum, r) => sum + r.diagnostics.length, 0);
  let notice = '';
  const left = writeJsonArray(out, sarifResults(), total, '      ', (count) => {
    notice = truncationNotice(count, count === 1 ? 'result' : 'results', out.budget);
    return { ruleId: 'diagnostics-limit', ruleIndex: ruleIndex.get('diagnostics-limit'), level: 'warning', message: { text: notice } };
  });
  if (left > 0) out.always(`,\n      "invocations": ${JSON.stringify([{ executionSuccessful: true, toolExecutionNotifications: [{ level: 'warning', message: { text: notice } }] }], null, 2).replace(/\n/g, '\n      ')}`);
  out.always(tail + '\n');
  return left;
}

/** The whole SARIF log as one string, without a budget (tests). */
export function formatSarif(results: readonly FileResult[], context: SarifContext): string {
  let text = '';
  writeSarif(results, context, new ReportWriter((piece) => (text += piece), Infinity));
  return text;
}
