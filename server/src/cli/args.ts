/** `swe-bundle-lint [--format text|json|sarif] [--verbose] [--env KEY=VALUE]... [--env-json FILE] [--config FILE] [--config-root DIR] [--swe-agent WHICH] [--agent-config FILE]... [--run-batch] [--a.b.c=VALUE]... PATH...` */
import { MAIN_PROFILE } from '../engine/sweAgent/builtinProfiles';
import { isOptionValue } from '../engine/runConfig/commandLine';

export type OutputFormat = 'text' | 'json' | 'sarif';

export interface LintArgs {
  format: OutputFormat;
  /** `--env` pairs, applied over `--env-json`. */
  env: [string, string][];
  envJson: string | null;
  config: string | null;
  configRoot: string | null;
  /** `--swe-agent`: auto, a version, or a path to a SWE-agent checkout or `sweagent` package. */
  sweAgent: string | null;
  /** The `--agent-config` files, merged in order as SWE-agent merges repeated `--config` files. */
  agentConfigs: string[];
  /** Judge `--agent-config` as `sweagent run-batch` (RunBatchConfig) instead of `sweagent run`. */
  runBatch: boolean;
  /** `--preview-prompt FILE`: print the prompt of the first query instead of linting. */
  previewPrompt: string | null;
  /** `--prompt-state JSON`: the state the state commands write, instead of the placeholder state. */
  promptState: string | null;
  /** `--verbose`: the text format prints each diagnostic's related information under it. */
  verbose: boolean;
  /** SWE-agent's own overrides (`--agent.model.name=gpt-4o`), as given, in order. */
  overrides: string[];
  paths: string[];
  help: boolean;
  version: boolean;
}

export class UsageError extends Error {}

export const USAGE = `Usage: swe-bundle-lint [options] PATH...
       swe-bundle-lint [options] --agent-config FILE
       swe-bundle-lint [options] --preview-prompt FILE

Checks SWE-agent tool bundles (config.yaml) and agent configs the way
SWE-agent loads them. A PATH may be a bundle's config.yaml, an agent config,
a bundle folder, or a project folder to search (bundles, their bin/ scripts
and the agent configs that assemble them).

Options:
  --format text|json|sarif   output format (default: text)
  --verbose                  in the text format, print under each message what
                             it leaves out: SWE-agent's own words, the why, the
                             fix and related places (JSON and SARIF always
                             carry them)
  --env KEY=VALUE            an env variable docstrings are formatted with
                             (repeatable); giving any env makes a missing
                             {VARIABLE} an error instead of a warning
  --env-json FILE            a JSON object of env variables (replaces
                             ToolConfig's defaults, as env_variables does)
  --config FILE              settings file (default: ./.swe-bundle.json if present)
  --config-root DIR          where agent configs' bundle paths start (default:
                             $SWE_AGENT_CONFIG_ROOT, else the nearest folder
                             above the agent config with a tools/ folder, else
                             the folder holding its config/ folder)
  --swe-agent WHICH          the SWE-agent agent configs are judged by: auto
                             (default: the workspace's own sweagent/ package,
                             else the version it pins, else main), 1.0.0,
                             1.0.1, 1.1.0, main, or a path to a SWE-agent
                             checkout or an installed sweagent package
  --agent-config FILE        check an agent config as \`sweagent run --config
                             FILE\` does (the whole file, and every bundle it
                             lists in its context: env, enable_bash_tool,
                             hidden_tools); repeatable: the files are merged
                             as SWE-agent merges repeated --config files
  --run-batch                judge --agent-config as \`sweagent run-batch\`
  --preview-prompt FILE      print the messages (and, with function calling,
                             the tools list) SWE-agent sends the model at the
                             first query of \`sweagent run --config FILE\`,
                             as the SWE-agent of --swe-agent builds them;
                             the problem statement, repository and state are
                             placeholders; --format json for JSON
  --prompt-state JSON        the state the bundles' state commands write, as
                             a JSON object (default: working_dir=/testbed,
                             open_file=n/a)
  --a.b.c=VALUE              SWE-agent's own command-line overrides, applied
                             as SWE-agent applies them (repeatable; e.g.
                             --agent.model.name=gpt-4o, which SWE-agent's
                             shipped configs expect)
  -h, --help                 show this help
  --version                  show the version

Exit status: 0 when everything was checked and has no errors, 1 when a file has an error or was not checked (a bundle outside what may be read, a size budget), 2 on usage errors.`;

const SWE_AGENT_TOP_LEVEL = new Set([...MAIN_PROFILE.runSingle.fields, ...MAIN_PROFILE.runBatch.fields].map((f) => f.name));

/** SWE-agent's overrides are dotted paths (`--agent.model.name`) or its top-level fields (`--output_dir`), in any case, as it reads them. */
function isOverride(name: string): boolean {
  if (!name.startsWith('--')) return false;
  const first = name.slice(2).split('.')[0].toLowerCase();
  return name.includes('.') || SWE_AGENT_TOP_LEVEL.has(first);
}

export function parseArgs(argv: readonly string[]): LintArgs {
  const args: LintArgs = { format: 'text', env: [], envJson: null, config: null, configRoot: null, sweAgent: null, agentConfigs: [], runBatch: false, previewPrompt: null, promptState: null, verbose: false, overrides: [], paths: [], help: false, version: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = (): string => {
      const inline = arg.includes('=') && arg.startsWith('--') ? arg.slice(arg.indexOf('=') + 1) : undefined;
      if (inline !== undefined) return inline;
      const next = argv[++i];
      if (next === undefined) throw new UsageError(`${arg} needs a value`);
      return next;
    };
    const name = arg.startsWith('--') && arg.includes('=') ? arg.slice(0, arg.indexOf('=')) : arg;
    switch (name) {
      case '-h':
      case '--help':
        args.help = true;
        break;
      case '--version':
        args.version = true;
        break;
      case '--format': {
        const format = value();
        if (format !== 'text' && format !== 'json' && format !== 'sarif') throw new UsageError(`unknown format "${format}" (use text, json or sarif)`);
        args.format = format;
        break;
      }
      case '--env': {
        const pair = value();
        const eq = pair.indexOf('=');
        if (eq <= 0) throw new UsageError(`--env needs KEY=VALUE, got "${pair}"`);
        args.env.push([pair.slice(0, eq), pair.slice(eq + 1)]);
        break;
      }
      case '--env-json':
        args.envJson = value();
        break;
      case '--config':
        args.config = value();
        break;
      case '--config-root':
        args.configRoot = value();
        break;
      case '--swe-agent':
        args.sweAgent = value();
        break;
      case '--agent-config':
        args.agentConfigs.push(value());
        break;
      case '--run-batch':
        args.runBatch = true;
        break;
      case '--verbose':
        args.verbose = true;
        break;
      case '--preview-prompt':
        args.previewPrompt = value();
        break;
      case '--prompt-state':
        args.promptState = value();
        break;
      case '--':
        args.paths.push(...argv.slice(i + 1));
        i = argv.length;
        break;
      default:
        // Passed on as SWE-agent's parser takes them: one without a value is its error to report, not a usage error of ours.
        if (isOverride(name)) {
          if (arg.includes('=')) args.overrides.push(arg);
          else if (i + 1 < argv.length && isOptionValue(argv[i + 1])) args.overrides.push(arg, argv[++i]);
          else args.overrides.push(arg);
          break;
        }
        if (arg.startsWith('-') && arg !== '-') throw new UsageError(`unknown option ${arg}`);
        args.paths.push(arg);
    }
  }
  if (args.previewPrompt !== null && args.format === 'sarif') throw new UsageError('--preview-prompt prints text or json, not sarif');
  if (!args.help && !args.version && args.paths.length === 0 && args.agentConfigs.length === 0 && args.previewPrompt === null) throw new UsageError('no PATH given');
  return args;
}
