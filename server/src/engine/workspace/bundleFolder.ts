/**
 * The bundle folder around a config.yaml. SWE-agent uploads the folder, puts
 * its `bin/` on PATH, runs `chmod +x bin/*` and `install.sh`, then checks each
 * tool with `which <tool>`. So every tool (and the state command) should have
 * a `bin/` script; these checks only look at names and modes, never run anything.
 */
import { stateCommandScript } from '../swe/checkBundle';
import { DiagnosticBuilder } from '../diagnosticBuilder';
import { FileDiagnostic, placeDiagnostics, spanOf } from '../diagnostics';
import { BundleModel } from '../document/bundleModel';
import { fieldsOf } from '../swe/checkTool';
import { asDict } from '../swe/pydanticLax';
import { PyNode, dictEntries, strValue } from '../yaml/pyNode';

export interface BinEntry {
  name: string;
  kind: 'file' | 'directory' | 'other';
  executable: boolean;
}

export interface BundleFolder {
  /** The entries of `bin/`, or null when there is no `bin/` folder. */
  bin: BinEntry[] | null;
  hasInstallScript: boolean;
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
    const name = strValue(entry.keyNode);
    if (name !== undefined && name !== '') declared.push({ name, node: entry.keyNode, what: 'tool' });
  }
  const state = model.check.stateCommand;
  const script = state ? stateCommandScript(state.value) : null;
  if (state && script) declared.push({ name: script, node: state.node, what: 'state command' });
  return declared;
}

export function checkBundleFolder(model: BundleModel, folder: BundleFolder): FileDiagnostic[] {
  const out = new DiagnosticBuilder(null);
  if (!model.root) return [];
  const bin = new Map((folder.bin ?? []).map((e) => [e.name, e]));
  const declared = declaredScripts(model);
  for (const item of declared) {
    const entry = bin.get(item.name);
    const tool = item.what === 'tool' ? item.name : null;
    if (!entry || entry.kind === 'directory') {
      out.add(
        'bin-script-missing',
        spanOf(item.node),
        item.what === 'tool'
          ? `There is no bin/${item.name} for the tool \`${item.name}\`. SWE-agent puts the bundle's bin/ on PATH and checks \`which ${item.name}\` after install${folder.hasInstallScript ? ', so install.sh must provide it' : ''}. Add an executable bin/${item.name}.`
          : `There is no bin/${item.name} for the state command \`${item.name}\`. SWE-agent runs it after every step; when it fails, SWE-agent only logs a warning and the prompt gets no state${folder.hasInstallScript ? ' (unless install.sh provides it)' : ''}. Add an executable bin/${item.name}.`,
        // A folder in the script's place cannot be replaced by a new file.
        { tool, data: entry ? { script: item.name, directory: true } : { script: item.name } },
      );
    } else if (entry.kind === 'file' && !entry.executable) {
      out.add(
        'bin-script-not-executable',
        spanOf(item.node),
        `bin/${item.name} is not executable. SWE-agent runs \`chmod +x bin/*\` when it installs the bundle, but running it anywhere else fails; run \`chmod +x bin/${item.name}\`.`,
        { tool, data: { script: item.name } },
      );
    }
  }
  const toolsKey = asDict(model.root) ? fieldsOf(dictEntries(asDict(model.root)!)).get('tools')?.key : undefined;
  const names = new Set(declared.map((d) => d.name));
  if (toolsKey) {
    for (const entry of [...bin.values()].sort((a, b) => (a.name < b.name ? -1 : 1))) {
      if (entry.kind !== 'file' || names.has(entry.name)) continue;
      out.add('bin-script-undeclared', spanOf(toolsKey), `bin/${entry.name} is not a tool of this bundle (fine for a helper script; declare it under \`tools:\` if the model should call it).`, {
        data: { script: entry.name },
      });
    }
  }
  return placeDiagnostics(out.diagnostics, model.placement);
}

/** Links from tool names and the state command to their bin/ scripts. */
export function scriptLinks(model: BundleModel, folder: BundleFolder): ScriptLink[] {
  const bin = new Set((folder.bin ?? []).filter((e) => e.kind === 'file').map((e) => e.name));
  return declaredScripts(model)
    .filter((d) => bin.has(d.name))
    .map((d) => ({ ...model.placement.range(d.node), script: d.name }));
}
