/**
 * An agent config's tool assembly, checked as SWE-agent's ToolConfig builds
 * it: each bundle path resolved against the config root, each bundle loaded
 * (`Bundle`: folder, config.yaml, hidden tools), commands collected in order
 * with the built-in bash tool first (a name defined twice fails), and the
 * docs generated with the agent's env. Every bundle is also checked in this
 * context: with the agent's env and bash setting, its hidden tools left out.
 */
import { SweAgentProfile } from '../sweAgent/profile';
import * as path from 'path';
import { DiagnosticBuilder } from '../diagnosticBuilder';
import { EngineDiagnostic, FileDiagnostic, RelatedSpan, Span, spanOf } from '../diagnostics';
import { BundleModel } from '../document/bundleModel';
import { Placement } from '../document/placement';
import { YamlLoad } from '../yaml/loadYaml';
import { pyReprStringSet } from '../python/pyObject';
import { suggestName } from '../util/suggest';
import { shortPrefix } from '../util/shortPrefix';
import { BUDGETS } from '../budgets';
import { ToolCheck, ToolCheckOptions } from '../swe/checkTool';
import { BundleFacts, MAIN_BUNDLE_FACTS } from '../swe/bundleFacts';
import { defaultToolEnv, knownEnv } from '../swe/env';
import { asDict } from '../swe/pydanticLax';
import { PyNode, strValue } from '../yaml/pyNode';
import { AgentTools, BundleRef } from './agentConfig';
import { ConfigRootSource } from './configRoot';
import { checkoutBundleChange, checkoutBundleName, isShippedBundle } from './sweAgentBundles';
import { SweAgentVersion } from '../sweAgent/profile';
import { charged, spend } from '../work';

interface BundleSource {
  dir: string;
  configPath: string;
  /** The bundle analysed with these options. */
  analyze(options: ToolCheckOptions): BundleModel;
  /** The text of a file of the bundle (`bin/_state`), read, never run; null when it cannot be read. */
  readText?(relativePath: string): string | null;
}

export type BundleResolution =
  | { kind: 'missing-dir' }
  | { kind: 'missing-config'; configPath: string }
  /** The config exists but is not UTF-8 text (or cannot be read): SWE-agent's `read_text()` fails. */
  | { kind: 'unreadable-config'; configPath: string }
  /** The folder lies outside what may be read, or (`configPath`) its config.yaml is a symbolic link that leads there. */
  | { kind: 'outside'; configPath?: string }
  | { kind: 'ok'; bundle: BundleSource };

export interface AgentCheckContext {
  configRoot: string;
  /** Why the config root is there; assumed when not said. */
  rootSource?: ConfigRootSource;
  /** The SWE-agent release the config is judged by (a fork's: the release it is based on); main when not said. */
  sweAgentVersion?: SweAgentVersion;
  /** Its bundle code, which the bundles are checked by; main's when not said. */
  facts?: BundleFacts;
  resolve(dir: string): BundleResolution;
  /** The bundle folders (folders with a config.yaml) beside a folder, by name: the did-you-mean of a missing bundle path. */
  bundlesBeside?(dir: string): readonly string[];
  /** The folder sweagent runs in (`assumed`: not known, the workspace folder is taken), and what is at a path SWE-agent reads from there. */
  run?: { folder: string; assumed: boolean; stat(file: string): RunFileStatus };
}

/** A file SWE-agent reads while loading the config: there, not a file (a folder), missing, or outside what may be read here. */
export type RunFileStatus = 'file' | 'not-a-file' | 'missing' | 'outside';

export interface BundleInContext {
  ref: BundleRef;
  source: BundleSource;
  model: BundleModel;
  hidden: Set<string>;
  /** The bundle's diagnostics in this assembly: the agent's env and bash setting, hidden tools left out. */
  diagnostics: FileDiagnostic[];
}

/** An agent config checked: its YAML, and each assembly with the bundles it lists. */
export interface AgentAnalysis {
  load: YamlLoad;
  at: Placement;
  /** One assembly check per ToolConfig in the file (a retry agent has several). */
  sections: { tools: AgentTools; check: AgentCheck }[];
  diagnostics: FileDiagnostic[];
  /** SWE-agent starts with every assembly. */
  loads: boolean;
  /** Where its bundle paths start. */
  configRoot: string;
  /** The SWE-agent it is judged by. */
  profile: SweAgentProfile;
}

export interface AgentCheck {
  /** ToolConfig builds: SWE-agent starts with this assembly. */
  loads: boolean;
  diagnostics: EngineDiagnostic[];
  bundles: BundleInContext[];
  /** Bundles that were not read: outside the workspace, missing, or without a readable config.yaml. */
  unread: BundleRef[];
  options: ToolCheckOptions;
}

/** The options an assembly checks its bundles with: its env (the chosen SWE-agent's ToolConfig defaults when it sets none), bash setting, and the chosen SWE-agent's bundle code. */
export function assemblyOptions(tools: AgentTools, facts: BundleFacts): ToolCheckOptions {
  return { env: knownEnv(tools.env ?? defaultToolEnv(facts)), enableBashTool: tools.enableBashTool, facts };
}

export function resolveBundlePath(configRoot: string, bundlePath: string): string {
  return path.resolve(configRoot, bundlePath);
}

/** The tools that fail BundleConfig's `dict[str, dict]` (SWE-agent reads every tool that far, hidden or not). */
export function failingBundleConfig(tools: readonly Pick<ToolCheck, 'tool' | 'bundleStageOk'>[]): ReadonlySet<unknown> {
  return new Set(charged(tools).filter((t) => !t.bundleStageOk).map((t) => t.tool));
}

/**
 * Hiding a tool skips building its Command, not validating BundleConfig
 * (`tools: dict[str, dict]`), which comes first: a hidden tool whose value is
 * not a mapping still stops SWE-agent, so its diagnostics stay.
 */
function hiddenToolDiagnostics(model: BundleModel, hidden: Set<string>): (diagnostic: FileDiagnostic) => boolean {
  const failsBundleConfig = failingBundleConfig(model.check.tools);
  return (diagnostic) => typeof diagnostic.tool === 'string' && hidden.has(diagnostic.tool) && !failsBundleConfig.has(diagnostic.tool);
}

/** How the config root was found, as a bundle-path message says it. */
function rootPhrase(root: string, source: ConfigRootSource): string {
  if (source === 'configured') return `the config root ${root}, as SWE_AGENT_CONFIG_ROOT`;
  if (source === 'checkout') return `SWE-agent's checkout ${root} (its REPO_ROOT)`;
  return `${root}, assumed to be SWE-agent's checkout; set sweBundle.configRoot or --config-root to the right one`;
}

/**
 * A bundle path that is not on disk. A `tools/<name>` that SWE-agent's own
 * checkout renamed, removed or added in another version is said with that
 * version (and the new name as a fix); one that the chosen version ships,
 * missing only from an assumed root, is where SWE-agent finds it without
 * SWE_AGENT_CONFIG_ROOT: in its own checkout, which is not read here.
 */
function missingBundle(bundlePath: string, dir: string, at: Span, context: AgentCheckContext, out: DiagnosticBuilder): void {
  const source = context.rootSource ?? 'assumed';
  const version = context.sweAgentVersion ?? 'main';
  const name = checkoutBundleName(bundlePath);
  const fails = `SWE-agent fails: Bundle path '${dir}' does not exist`;
  if (name !== null && source === 'assumed' && isShippedBundle(version, name)) {
    out.add(
      'not-checked',
      at,
      `Bundle \`${bundlePath}\` is not checked: SWE-agent ${version} finds it in its own checkout, which is not read here.`,
      { detail: [`The assumed root: ${context.configRoot}.`, 'Set sweBundle.configRoot or --config-root to check it.'] },
    );
    return;
  }
  const change = name === null ? null : checkoutBundleChange(version, name);
  if (change?.kind === 'renamed' || change?.kind === 'named-later') {
    const to = change.kind === 'renamed' ? change.to : change.was;
    const why = change.kind === 'renamed' ? `SWE-agent ${change.in} renamed it \`tools/${to}\`` : `that is its name since SWE-agent ${change.in}; ${version} calls it \`tools/${to}\``;
    out.add('bundle-renamed', at, `Bundle \`${bundlePath}\` does not exist in SWE-agent ${version}: ${why}.`, { data: { replaceWith: `tools/${to}` }, detail: fails });
    return;
  }
  if (change) {
    const why = change.kind === 'removed' ? `SWE-agent ${change.in} removed it` : `SWE-agent ships it since ${change.since}`;
    out.add('bundle-not-in-version', at, `Bundle \`${bundlePath}\` does not exist in SWE-agent ${version}: ${why}.`, { detail: fails });
    return;
  }
  const resolved = `It is resolved against ${rootPhrase(context.configRoot, source)}.`;
  const folder = /[^/\\]+(?=[/\\]*$)/.exec(bundlePath);
  const suggestion = folder && suggestName(folder[0], context.bundlesBeside?.(dir) ?? []);
  if (folder && suggestion) {
    const replaceWith = bundlePath.slice(0, folder.index) + suggestion + bundlePath.slice(folder.index + folder[0].length);
    out.add('bundle-path-missing', at, `Bundle path \`${shortPrefix(bundlePath, 48)}\` does not exist; did you mean \`${shortPrefix(replaceWith, 48)}\`?`, { data: { replaceWith }, detail: [resolved, fails] });
    return;
  }
  out.add('bundle-path-missing', at, `Bundle path \`${shortPrefix(bundlePath, 96)}\` does not exist.`, { detail: [resolved, fails] });
}

export function checkAgentConfig(tools: AgentTools, context: AgentCheckContext): AgentCheck {
  const out = new DiagnosticBuilder(null);
  const options = assemblyOptions(tools, context.facts ?? MAIN_BUNDLE_FACTS);
  const bundles: BundleInContext[] = [];
  const unread: BundleRef[] = [];
  checkMisplacedBundles(tools, out);
  /** Where each tool name is first defined: SWE-agent's bash tool, or a bundle's key. */
  const firstOfName = new Map<string, { name: string; where: 'builtin' | { bundle: BundleInContext; keyNode: PyNode } }>();
  if (tools.enableBashTool) firstOfName.set('bash', { name: 'bash', where: 'builtin' });
  // Each listing takes in its bundle's tools again (a bundle listed 20,000 times passed 2 GB): counted here, within a budget.
  let taken = 0;
  for (const [index, ref] of tools.bundles.entries()) {
    spend();
    // An entry that is not a mapping with a string `path` is runConfig/validate.ts's to report.
    if (!asDict(ref.node) || ref.path === undefined || !ref.pathNode) continue;
    // An aliased entry (`- *viewer`) is reported where it is used, not at its anchor.
    const entrySpan = ref.node.kind === 'alias' ? spanOf(ref.node) : spanOf(ref.pathNode);
    const dir = resolveBundlePath(context.configRoot, ref.path);
    const resolution = context.resolve(dir);
    if (resolution.kind !== 'ok') unread.push(ref);
    if (resolution.kind === 'missing-dir') {
      missingBundle(ref.path, dir, entrySpan, context, out);
      continue;
    }
    if (resolution.kind === 'outside' && resolution.configPath !== undefined) {
      out.add('bundle-outside-workspace', entrySpan, `The config.yaml of bundle \`${ref.path}\` is a symbolic link that leads outside the workspace, so it is not read or checked here.`, {
        detail: [`The link: ${resolution.configPath}.`, 'Open the folder it leads to as a workspace folder to check it.'],
      });
      continue;
    }
    if (resolution.kind === 'outside') {
      out.add(
        'bundle-outside-workspace',
        entrySpan,
        `Bundle \`${ref.path}\` lies outside the workspace, so it is not read or checked here.`,
        { detail: [`It resolves to ${dir}.`, 'Open its folder as a workspace folder, or set sweBundle.configRoot, to check it.'] },
      );
      continue;
    }
    if (resolution.kind === 'missing-config') {
      out.add('bundle-config-missing', entrySpan, `Bundle \`${ref.path}\` has no config.yaml.`, { detail: `SWE-agent fails: Bundle config file '${resolution.configPath}' does not exist` });
      continue;
    }
    if (resolution.kind === 'unreadable-config') {
      out.add('bundle-errors', entrySpan, `Bundle \`${ref.path}\` does not load: its config.yaml cannot be read as UTF-8 text, which SWE-agent's \`read_text()\` needs.`, {
        detail: `The file: ${resolution.configPath}.`,
      });
      continue;
    }
    const source = resolution.bundle;
    const model = source.analyze(options);
    taken += Math.max(1, model.check.toolEntries.length);
    if (taken > BUDGETS.assemblyTools) {
      const left = tools.bundles.length - index;
      out.add(
        'resource-limit',
        entrySpan,
        `Stopped checking this assembly at bundle \`${shortPrefix(ref.path, 48)}\`: its bundles pass ${BUDGETS.assemblyTools} tools (assemblyTools).`,
        { detail: `This listing and the ${left - 1} after it are not checked; a listing counts its bundle's tools (at least one), however often the bundle is listed.` },
      );
      break;
    }
    const hidden = new Set(charged(ref.hidden).map((h) => h.name));
    const isHidden = hiddenToolDiagnostics(model, hidden);
    const inContext: BundleInContext = { ref, source, model, hidden, diagnostics: charged(model.diagnostics).filter((d) => !isHidden(d)) };
    bundles.push(inContext);
    // A tool named bash is reported below as a duplicate of the built-in tool; saying it twice helps no one.
    const errors = charged(inContext.diagnostics).filter((d) => d.severity === 'error' && d.code !== 'bash-tool-clash');
    const firstError = errors[0];
    if (firstError) {
      const count = errors.length;
      out.add(
        'bundle-errors',
        entrySpan,
        `Bundle \`${ref.path}\` does not load in this assembly: ${count} error${count === 1 ? '' : 's'} in its config.yaml, the first \`${firstError.code}\`.`,
        { related: [{ message: firstError.message, file: source.configPath, start: firstError.start, end: firstError.end }] },
      );
    }
    const toolNames = new Set(charged(model.check.toolEntries).map((e) => strValue(e.keyNode)).filter((n): n is string => n !== undefined));
    const missing = charged(ref.hidden).filter((h) => !toolNames.has(h.name));
    const sweAgentFails = `SWE-agent fails: Hidden tools ${pyReprStringSet(charged(missing).map((m) => m.name))} do not exist in available tools`;
    for (const h of missing) {
      spend();
      const suggestion = suggestName(h.name, [...toolNames]);
      if (suggestion) {
        out.add('hidden-tool-missing', spanOf(h.node), `Bundle \`${shortPrefix(ref.path, 32)}\` has no tool \`${shortPrefix(h.name, 32)}\` to hide; did you mean \`${shortPrefix(suggestion, 32)}\`?`, {
          data: { replaceWith: suggestion },
          detail: sweAgentFails,
        });
      } else {
        out.add('hidden-tool-missing', spanOf(h.node), `Bundle \`${shortPrefix(ref.path, 48)}\` has no tool \`${shortPrefix(h.name, 48)}\` to hide.`, { detail: sweAgentFails });
      }
    }
    for (const entry of model.check.toolEntries) {
      spend();
      const name = strValue(entry.keyNode);
      if (name === undefined || hidden.has(name)) continue;
      const first = firstOfName.get(name);
      if (!first) {
        firstOfName.set(name, { name, where: { bundle: inContext, keyNode: entry.keyNode } });
        continue;
      }
      const related: RelatedSpan[] = [];
      const here: RelatedSpan = { message: `\`${name}\` in ${ref.path}`, ...placeIn(inContext, entry.keyNode) };
      if (first.where !== 'builtin') {
        const other = first.where;
        related.push({ message: `first \`${name}\`, in ${other.bundle.ref.path}`, ...placeIn(other.bundle, other.keyNode) });
      }
      related.push(here);
      out.add(
        'duplicate-tool',
        entrySpan,
        first.where === 'builtin'
          ? `Bundle \`${ref.path}\` defines \`bash\`, which clashes with SWE-agent's built-in bash tool.`
          : `Tool \`${name}\` of bundle \`${ref.path}\` is already defined by bundle \`${first.where.bundle.ref.path}\`.`,
        {
          related,
          tool: name,
          detail:
            first.where === 'builtin'
              ? ['`enable_bash_tool` is on.', 'Rename the tool, hide it, or set `enable_bash_tool: false`.']
              : [`SWE-agent fails: Tool '${name}' is defined multiple times`, 'Hide one with `hidden_tools`.'],
        },
      );
    }
  }
  const parser = tools.parseFunctionType;
  if (!tools.enableBashTool && parser && !['function_calling', 'json'].includes(parser.value)) {
    out.add(
      'bash-disabled-parser',
      spanOf(parser.node),
      `\`enable_bash_tool: false\` needs the function_calling or json parser, but ${parser.implicit ? '`parse_function` has no `type`, so SWE-agent takes the first parser, `action`' : `\`parse_function\` is \`${parser.value}\``}.`,
      { detail: 'SWE-agent fails: AttributeError: type, raised while it builds the message "Bash tool can only be disabled if function_calling parser or json parser is used."' },
    );
  }
  const loads = !out.hasErrors() && charged(bundles).every((b) => !charged(b.diagnostics).some((d) => d.severity === 'error'));
  return { loads, diagnostics: out.diagnostics, bundles, unread, options };
}

/** Where a node of a bundle's model is in the bundle's file. */
function placeIn(bundle: BundleInContext, node: PyNode): { file: string; start: number; end: number } {
  return { file: bundle.source.configPath, ...bundle.model.placement.range(node) };
}

/** Unknown keys and wrong types are runConfig/validate.ts's; this is the one misplacement with a fix of its own. */
function checkMisplacedBundles(tools: AgentTools, out: DiagnosticBuilder): void {
  if (!tools.misplacedBundles) return;
  const alsoInTools = tools.fields.has('bundles');
  out.add(
    'bundles-misplaced',
    spanOf(tools.misplacedBundles.key),
    alsoInTools
      ? 'SWE-agent ignores `bundles` under `agent.templates`: this agent gets only the bundles of `agent.tools.bundles`. Merge these into it, or remove them.'
      : 'SWE-agent ignores `bundles` under `agent.templates`, so this agent gets no tool bundles. Move it to `agent.tools.bundles`.',
  );
}
