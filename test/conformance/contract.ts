/**
 * The contract of ../shared/conformance/README.md ("The contract our tool
 * keeps"), rule by rule, as a function from a verdict and our CLI's JSON
 * output to the list of rules we break.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { decodeFile } from '../../server/src/engine/document/decodeFile';
import { PositionMapper, Range } from '../../server/src/engine/document/positioned';
import { sourceTextOf } from '../../server/src/engine/document/sourceText';
import { Position } from '../../server/src/engine/document/lineIndex';
import { pyLocItem } from '../../server/src/engine/swe/pyLocItem';
import { loadYaml } from '../../server/src/engine/yaml/loadYaml';
import { PyNode, deref, dictEntries } from '../../server/src/engine/yaml/pyNode';
import { Placement } from '../../server/src/engine/document/placement';

export interface OurDiagnostic {
  severity: string;
  code: string;
  message: string;
  tool: string | number | null;
  range: Range;
}

export interface OurFile {
  path: string;
  loads: boolean;
  diagnostics: OurDiagnostic[];
}

interface VerdictError {
  stage: string;
  tool: string | number | null;
  kind: string;
  loc?: string;
  loc_parts?: (string | number)[];
  pydantic_type?: string;
  problem_pos?: { line: number; column: number };
  context_pos?: { line: number; column: number };
}

export interface Verdict {
  loads: boolean;
  toolconfig_ok: boolean;
  errors: VerdictError[];
  warnings?: { kind: string; tool: string | number | null; loc_parts?: (string | number)[] }[];
  info?: { kind: string; loc_parts: (string | number)[]; line?: number }[];
  commands?: { name: string; runtime_probe?: { ok: boolean } }[];
}

interface Located {
  keyRange: Range | null;
  valueRange: Range;
}

const before = (a: Position, b: Position) => a.line < b.line || (a.line === b.line && a.character <= b.character);
const inside = (r: Range, outer: Range) => before(outer.start, r.start) && before(r.end, outer.end);

/** Finds the node at a pydantic loc, with the key it sits under. */
class LocResolver {
  private readonly root: PyNode | null;
  private readonly mapper: PositionMapper;
  private readonly at: Placement;

  constructor(bytes: Uint8Array) {
    const decoded = decodeFile(bytes);
    const source = sourceTextOf(decoded.text);
    this.mapper = new PositionMapper(source);
    const origin = { text: source.normalized };
    this.at = Placement.whole(origin);
    this.root = loadYaml(source.normalized, origin).root;
  }

  private range(node: PyNode): Range {
    return { start: this.mapper.position(this.at.start(node)), end: this.mapper.position(this.at.end(node)) };
  }

  resolve(parts: readonly (string | number)[]): Located | null {
    let node = this.root;
    let key: PyNode | null = null;
    for (const part of parts) {
      if (!node) return null;
      if (part === '[key]') return key ? { keyRange: null, valueRange: this.range(key) } : null;
      const target = deref(node);
      if (target.kind === 'map' && target.python === 'set' && typeof part === 'number') {
        // pydantic iterates a set's members as list items.
        node = dictEntries(target)[part]?.key ?? null;
        key = null;
      } else if (target.kind === 'map') {
        const entry = dictEntries(target).find((e) => pyLocItem(e.key) === part);
        if (!entry) return null;
        key = entry.occurrences[entry.occurrences.length - 1].key;
        node = entry.value;
      } else if (target.kind === 'seq' && typeof part === 'number') {
        node = target.items[part] ?? null;
        key = null;
      } else {
        return null;
      }
    }
    if (!node) return null;
    return { keyRange: key ? this.range(key) : null, valueRange: this.range(node) };
  }
}

function entryRange(located: Located): Range {
  return located.keyRange ? { start: located.keyRange.start, end: located.valueRange.end } : located.valueRange;
}

/** Rules 1-5 and 7 for one bundle; returns the broken rules, empty when we agree. */
export function contractViolations(verdict: Verdict, ours: OurFile, bytes: Uint8Array): string[] {
  const problems: string[] = [];
  const errors = ours.diagnostics.filter((d) => d.severity === 'error');
  const warnings = ours.diagnostics.filter((d) => d.severity === 'warning');
  const resolver = new LocResolver(bytes);
  const show = (d: OurDiagnostic) => `${d.code}@${d.range.start.line + 1}:${d.range.start.character + 1}`;
  // Rule 1
  if (ours.loads !== verdict.loads) problems.push(`rule 1: loads ${ours.loads}, verdict ${verdict.loads}`);
  // Rule 2
  if (errors.length > 0 === verdict.toolconfig_ok) problems.push(`rule 2: ${errors.length} errors (${errors.map(show).join(', ')}), toolconfig_ok ${verdict.toolconfig_ok}`);
  // Rule 3
  const key = (tool: string | number | null) => JSON.stringify(tool);
  const expectedTools = new Set(verdict.errors.filter((e) => e.tool !== null).map((e) => key(e.tool)));
  const ourTools = new Set(errors.filter((e) => e.tool !== null).map((e) => key(e.tool)));
  for (const tool of expectedTools) if (!ourTools.has(tool)) problems.push(`rule 3: no error for tool ${tool}`);
  for (const tool of ourTools) if (!expectedTools.has(tool)) problems.push(`rule 3: error for tool ${tool}, which the verdict does not name`);
  // Rule 4
  for (const error of verdict.errors) {
    if (error.kind === 'yaml-error') {
      const lines = [error.problem_pos?.line, error.context_pos?.line].filter((l): l is number => l !== undefined);
      if (lines.length > 0 && !errors.some((d) => d.tool === null && lines.includes(d.range.start.line + 1))) {
        problems.push(`rule 4: no yaml error on line ${lines.join(' or ')} (ours: ${errors.map(show).join(', ')})`);
      }
      continue;
    }
    if (!error.loc_parts || error.loc_parts.length === 0) continue;
    const missing = error.pydantic_type === 'missing';
    const parts = missing ? error.loc_parts.slice(0, -1) : error.loc_parts;
    const located = resolver.resolve(parts);
    if (!located) {
      problems.push(`rule 4: cannot find ${error.loc} in the file`);
      continue;
    }
    const target = missing ? (located.keyRange ?? located.valueRange) : parts[parts.length - 1] === '[key]' ? located.valueRange : entryRange(located);
    const candidates = errors.filter((d) => key(d.tool) === key(error.tool));
    if (!candidates.some((d) => inside(d.range, target))) {
      problems.push(`rule 4: no ${error.kind} error inside ${error.loc}${missing ? ' (its key)' : ''} (ours: ${candidates.map(show).join(', ')})`);
    }
  }
  // Rule 5
  for (const warning of verdict.warnings ?? []) {
    const located = warning.loc_parts ? resolver.resolve(warning.loc_parts) : null;
    const matches = warnings.filter((d) => d.code === 'argument-format-jinja' && key(d.tool) === key(warning.tool));
    if (!matches.some((d) => !located || inside(d.range, located.valueRange))) problems.push(`rule 5: no ${warning.kind} warning for ${warning.loc_parts?.join('.')}`);
  }
  for (const info of verdict.info ?? []) {
    if (info.kind === 'ignored-key') {
      const located = resolver.resolve(info.loc_parts);
      const keyRange = located?.keyRange;
      // An ignored key that is a setting one level off (execution_timeout in a bundle) is key-misplaced, which says where it belongs.
      if (!keyRange || !warnings.some((d) => (d.code === 'unknown-key' || d.code === 'key-misplaced') && inside(d.range, keyRange))) problems.push(`rule 5: no unknown-key warning on ${info.loc_parts.join('.')}`);
    } else if (info.kind === 'yaml-duplicate-key') {
      if (!warnings.some((d) => d.code === 'yaml-duplicate-key' && d.range.start.line + 1 === info.line)) problems.push(`rule 5: no yaml-duplicate-key warning on line ${info.line}`);
    }
  }
  // Rule 7
  for (const command of verdict.commands ?? []) {
    if (command.runtime_probe && !command.runtime_probe.ok && !warnings.some((d) => d.tool === command.name)) {
      problems.push(`rule 7: no warning for ${command.name}, which fails when called`);
    }
  }
  return problems;
}

/** An error of an agent-config verdict (../shared/conformance/README.md, "Agent configs"). */
interface AgentVerdictError {
  kind: string;
  file: string;
  loc?: string;
  loc_parts?: (string | number)[];
  pydantic_type?: string;
  key_error?: boolean;
  bundle_loc?: string;
  problem_pos?: { line: number; column: number };
  context_pos?: { line: number; column: number };
}

export interface AgentVerdict {
  loads: boolean;
  errors: AgentVerdictError[];
}

const onLine = (d: OurDiagnostic, line: number) => d.range.start.line === line;

/**
 * Rules A1-A3 of the agent-config contract for one case: `files` is our JSON
 * output (paths relative to the case folder), `read` gives a file's bytes.
 */
export function agentContractViolations(verdict: AgentVerdict, files: OurFile[], read: (file: string) => Uint8Array): string[] {
  const problems: string[] = [];
  const show = (d: OurDiagnostic) => `${d.code}@${d.range.start.line + 1}:${d.range.start.character + 1}`;
  const agent = files.find((f) => f.path === 'config/agent.yaml');
  if (!agent) return ['no entry for config/agent.yaml'];
  // Rule A1
  if (agent.loads !== verdict.loads) problems.push(`A1: loads ${agent.loads}, verdict ${verdict.loads}`);
  // Rule A2
  const errorsIn = (file: string) => files.find((f) => f.path === file)?.diagnostics.filter((d) => d.severity === 'error') ?? [];
  const allErrors = files.flatMap((f) => f.diagnostics.filter((d) => d.severity === 'error'));
  if (allErrors.length > 0 === verdict.loads) problems.push(`A2: ${allErrors.length} errors (${allErrors.map(show).join(', ')}), loads ${verdict.loads}`);
  // Rule A3
  const resolvers = new Map<string, LocResolver>();
  const resolverOf = (file: string) => {
    if (!resolvers.has(file)) resolvers.set(file, new LocResolver(read(file)));
    return resolvers.get(file)!;
  };
  const placedAt = (file: string, error: AgentVerdictError): boolean => {
    const errors = errorsIn(file);
    if (error.kind === 'yaml-error') {
      const lines = [error.problem_pos?.line, error.context_pos?.line].filter((l): l is number => l !== undefined);
      return lines.length === 0 ? errors.length > 0 : errors.some((d) => lines.includes(d.range.start.line + 1));
    }
    const parts = error.loc_parts;
    if (!parts || parts.length === 0) return errors.length > 0;
    const missing = error.pydantic_type === 'missing';
    const located = resolverOf(file).resolve(missing ? parts.slice(0, -1) : error.key_error ? [...parts, '[key]'] : parts);
    if (!located) return false;
    if (missing && parts.length === 1) return errors.length > 0;
    const { keyRange, valueRange } = located;
    return errors.some((d) => inside(d.range, valueRange) || (keyRange !== null && inside(d.range, keyRange)) || (!missing && onLine(d, valueRange.start.line)));
  };
  const bundleEntry = (loc: string): boolean => {
    const located = resolverOf('config/agent.yaml').resolve(loc.split('.').map((p) => (/^\d+$/.test(p) ? Number(p) : p)));
    return located !== null && errorsIn('config/agent.yaml').some((d) => inside(d.range, entryRange(located)));
  };
  for (const error of verdict.errors) {
    if (placedAt(error.file, error)) continue;
    if (error.file !== 'config/agent.yaml' && error.bundle_loc && bundleEntry(error.bundle_loc)) continue;
    problems.push(`A3: no error for ${error.kind} at ${error.file}:${error.loc ?? '(no loc)'} (ours: ${errorsIn(error.file).map(show).join(', ') || 'none'})`);
  }
  return problems;
}

/**
 * A settings file for the CLI that configures an empty command line. The agent-config verdicts are
 * SWE-agent run with exactly the case's command line (`sweagent run --config FILE`), so a field left to
 * the command line is judged as SWE-agent judges it (missing-field), not as completable.
 */
export function exactCommandLineSettings(): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'agent-cases-')), 'settings.json');
  fs.writeFileSync(file, JSON.stringify({ commandLine: [] }));
  return file;
}
