/**
 * The bundle folder around a config.yaml. SWE-agent uploads the folder, puts
 * its `bin/` on PATH, runs `chmod +x bin/*` and `install.sh`, then checks each
 * tool with `which <tool>`. So every tool (and the state command) should have
 * a `bin/` script; these checks only look at names and modes, never run anything.
 */
import * as path from 'path';
import { BUDGETS } from '../budgets';
import { stateCommandScript } from '../swe/checkBundle';
import { DiagnosticBuilder } from '../diagnosticBuilder';
import { FileDiagnostic, spanOf } from '../diagnostics';
import { placeDiagnostics } from '../document/placement';
import { BundleModel } from '../document/bundleModel';
import { fieldsOf } from '../swe/checkTool';
import { asDict } from '../swe/pydanticLax';
import { PyNode, dictEntries, strValue } from '../yaml/pyNode';
import { FileKind, FsView } from './workspaceFs';
import type { BundleFileReader } from './bundleScripts';
import { charged, spend } from '../work';

export interface BinEntry {
  name: string;
  kind: FileKind;
  executable: boolean;
}

/**
 * A bundle's `bin/` within the files-per-folder budget: the first
 * `BUDGETS.binEntries` entries by name are stat'ed (the undeclared-script
 * check looks at those), and a declared script is stat'ed by name when asked
 * for. 100,000 files in `bin/` cost a listing, not 100,000 stats per edit.
 */
interface BinListing {
  /** The first entries by name, stat'ed. */
  entries: BinEntry[];
  /** How many entries the folder has. */
  total: number;
  /** The entry of that name, if the folder has one. */
  entry(name: string): BinEntry | undefined;
}

export interface BundleFolder {
  /** The `bin/` folder, or null when there is none. */
  bin: BinListing | null;
  hasInstallScript: boolean;
}

/** Reads the bundle folder around a config.yaml (`dir`), or null when it is no folder. */
export function readBundleFolder(fs: FsView, dir: string): BundleFolder | null {
  if (fs.stat(dir)?.kind !== 'directory') return null;
  const binDir = path.join(dir, 'bin');
  const names = fs.stat(binDir)?.kind === 'directory' ? fs.list(binDir) : null;
  return { bin: names ? binListing(names, (name) => statBinEntry(fs, binDir, name)) : null, hasInstallScript: fs.stat(path.join(dir, 'install.sh'))?.kind === 'file' };
}

/** The listing of a `bin/` holding `names`, each stat'ed by `statOf` at most once, when needed. */
function binListing(names: readonly string[], statOf: (name: string) => Omit<BinEntry, 'name'>): BinListing {
  const present = new Set(names);
  const stated = new Map<string, BinEntry>();
  const entryOf = (name: string): BinEntry => {
    let entry = stated.get(name);
    if (!entry) stated.set(name, (entry = { name, ...statOf(name) }));
    return entry;
  };
  return {
    entries: charged([...names].sort().slice(0, BUDGETS.binEntries)).map(entryOf),
    total: names.length,
    entry: (name) => (present.has(name) ? entryOf(name) : undefined),
  };
}

function statBinEntry(fs: FsView, binDir: string, name: string): Omit<BinEntry, 'name'> {
  const stat = fs.stat(path.join(binDir, name));
  return { kind: stat?.kind ?? 'other', executable: stat?.executable ?? false };
}

export interface ScriptLink {
  start: number;
  end: number;
  /** The script's name inside `bin/`. */
  script: string;
}

interface Declared {
  name: string;
  node: PyNode;
  what: 'tool' | 'state command';
}

function declaredScripts(model: BundleModel): Declared[] {
  const declared: Declared[] = [];
  for (const entry of model.check.toolEntries) {
    spend();
    const name = strValue(entry.keyNode);
    if (name !== undefined && name !== '') declared.push({ name, node: entry.keyNode, what: 'tool' });
  }
  const state = model.check.stateCommand;
  const script = state ? stateCommandScript(state.value) : null;
  if (state && script) declared.push({ name: script, node: state.node, what: 'state command' });
  return declared;
}

/**
 * The words of the bundle's install.sh, or none: a `bin/` script that install.sh
 * runs (SWE-agent's web_browser starts its server so) is a helper, not a tool someone forgot.
 */
function installScriptWords(folder: BundleFolder, read: BundleFileReader): ReadonlySet<string> {
  const text = folder.hasInstallScript ? read('install.sh') : null;
  return new Set(text === null ? [] : text.slice(0, BUDGETS.installScriptWordsChars).split(/[^\w.+-]+/));
}

/**
 * A script no tool declares that is nonetheless expected: a name starting with `_`
 * (private by convention, as SWE-agent's registry `bin/_read_env`, which other bundles call),
 * or one install.sh runs.
 */
function isHelperScript(name: string, installWords: ReadonlySet<string>): boolean {
  return name.startsWith('_') || installWords.has(name);
}

export function checkBundleFolder(model: BundleModel, folder: BundleFolder, read: BundleFileReader): FileDiagnostic[] {
  const out = new DiagnosticBuilder(null);
  if (!model.root) return [];
  const declared = declaredScripts(model);
  for (const item of declared) {
    spend();
    const entry = folder.bin?.entry(item.name);
    const tool = item.what === 'tool' ? item.name : null;
    if (!entry || entry.kind === 'directory') {
      out.add(
        'bin-script-missing',
        spanOf(item.node),
        `There is no bin/${item.name} for the ${item.what} \`${item.name}\`.`,
        // A folder in the script's place cannot be replaced by a new file.
        {
          tool,
          data: entry ? { script: item.name, directory: true } : { script: item.name },
          detail: [
            item.what === 'tool'
              ? `SWE-agent puts the bundle's bin/ on PATH and checks \`which ${item.name}\` after install${folder.hasInstallScript ? ', so install.sh must provide it' : ''}.`
              : `SWE-agent runs it after every step; when it fails, SWE-agent only logs a warning and the prompt gets no state${folder.hasInstallScript ? ' (unless install.sh provides it)' : ''}.`,
            `Add an executable bin/${item.name}.`,
          ],
        },
      );
    } else if (entry.kind === 'file' && !entry.executable) {
      out.add(
        'bin-script-not-executable',
        spanOf(item.node),
        `bin/${item.name} is not executable.`,
        { tool, data: { script: item.name }, detail: [`SWE-agent runs \`chmod +x bin/*\` when it installs the bundle, but running it anywhere else fails.`, `Run \`chmod +x bin/${item.name}\`.`] },
      );
    }
  }
  const toolsKey = asDict(model.root) ? fieldsOf(dictEntries(asDict(model.root)!)).get('tools')?.key : undefined;
  const names = new Set(charged(declared).map((d) => d.name));
  if (toolsKey && folder.bin) {
    let installWords: ReadonlySet<string> | undefined;
    for (const entry of folder.bin.entries) {
      spend();
      if (entry.kind !== 'file' || names.has(entry.name) || isHelperScript(entry.name, (installWords ??= installScriptWords(folder, read)))) continue;
      out.add('bin-script-undeclared', spanOf(toolsKey), `bin/${entry.name} is not a tool of this bundle.`, {
        detail: `Fine for a helper script; declare it under \`tools:\` if the model should call it.`,
      });
    }
    const { total, entries } = folder.bin;
    if (total > entries.length) {
      out.add(
        'resource-limit',
        spanOf(toolsKey),
        `bin/ holds ${total.toLocaleString('en-US')} entries, more than the ${BUDGETS.binEntries.toLocaleString('en-US')} this checker looks at.`,
        { detail: `Each declared script was checked, but only the first ${entries.length.toLocaleString('en-US')} entries by name were checked for scripts no tool declares.` },
      );
    }
  }
  return placeDiagnostics(out.diagnostics, model.placement);
}

/** Links from tool names and the state command to their bin/ scripts. */
export function scriptLinks(model: BundleModel, folder: BundleFolder): ScriptLink[] {
  return charged(declaredScripts(model))
    .filter((d) => folder.bin?.entry(d.name)?.kind === 'file')
    .map((d) => ({ ...model.placement.range(d.node), script: d.name }));
}
