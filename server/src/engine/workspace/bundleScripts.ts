/**
 * A bundle's scripts as SWE-agent will run them, read (never run):
 * - CRLF line ends in `install.sh` (SWE-agent runs `source install.sh`, and
 *   bash reads each `\r` as part of a command) or in a `bin/` script with a
 *   `#!` line (the kernel looks for `python\r`: `/usr/bin/env: 'python\r'`,
 *   SWE-agent issue #1008): an error, fixed by rewriting the file with LF;
 * - a declared `bin/` script without a `#!` line that is written in Python:
 *   bash runs a script without one as a shell script (fine for SWE-agent's own
 *   shell tools, which have none), so Python fails;
 * - `setup.sh` without `install.sh`: SWE-agent runs only `install.sh`;
 * - a state command whose script never names `/root/state.json`, the file
 *   SWE-agent reads the state from (printing JSON is not enough).
 */
import { DiagnosticBuilder } from '../diagnosticBuilder';
import { FileDiagnostic, spanOf } from '../diagnostics';
import { placeDiagnostics } from '../document/placement';
import { BundleModel } from '../document/bundleModel';
import { stateCommandScript } from '../swe/checkBundle';
import { fieldsOf } from '../swe/checkTool';
import { asDict } from '../swe/pydanticLax';
import { PyNode, dictEntries, strValue } from '../yaml/pyNode';
import { BundleFolder } from './bundleFolder';
import { charged, spend } from '../work';

/** A file of the bundle folder (relative, `/`-separated) as text, or null when it is missing, unreadable or not UTF-8. */
export type BundleFileReader = (relative: string) => string | null;

/** A line only Python has: an import, a definition, or the main guard. */
const PYTHON_LINE = /^(?:import [A-Za-z_]|from [\w.]+ import |def \w+\(.*\):|class \w+.*:|if __name__ == )/m;

/** What a `bin/` script's text says, for the checks (null: empty, unreadable or not UTF-8). */
export interface ScriptFacts {
  /** Written in Python, with no `#!` line. */
  pythonWithoutShebang: boolean;
  /** With a `#!` line and CRLF line ends: its text with LF ones (the fix). */
  lf: string | null;
  /** Names `/root/state.json`. */
  namesStateFile: boolean;
}

export function scriptFactsOf(text: string | null): ScriptFacts | null {
  if (text === null || text.trim() === '') return null;
  const shebang = text.startsWith('#!');
  return {
    pythonWithoutShebang: !shebang && PYTHON_LINE.test(text),
    lf: shebang && text.includes('\r\n') ? text.replace(/\r\n/g, '\n') : null,
    namesStateFile: text.includes('/root/state.json'),
  };
}

/**
 * The facts of the scripts `names` (each a file in `bin/`), by name. The
 * host memoizes them per bundle (analysis/bundles.ts): the scripts do not
 * change as the config is typed, and reading thousands of them at every
 * keystroke cost milliseconds.
 */
export type ScriptFactsReader = (names: readonly string[]) => ReadonlyMap<string, ScriptFacts | null>;

export function checkBundleScripts(model: BundleModel, folder: BundleFolder, read: BundleFileReader, factsOf: ScriptFactsReader): FileDiagnostic[] {
  const out = new DiagnosticBuilder(null);
  if (!model.root) return [];
  const toolsKey = asDict(model.root) ? fieldsOf(dictEntries(asDict(model.root)!)).get('tools')?.key : undefined;
  const scripts: { name: string; node: PyNode; tool: string | null }[] = charged(model.check.toolEntries).flatMap((e) => {
    const name = strValue(e.keyNode);
    return name ? [{ name, node: e.keyNode, tool: name }] : [];
  });
  const state = model.check.stateCommand;
  const stateScript = state ? stateCommandScript(state.value) : null;
  if (state && stateScript) scripts.push({ name: stateScript, node: state.node, tool: null });
  const files = charged(scripts).filter((script) => folder.bin?.entry(script.name)?.kind === 'file');
  const facts = factsOf(charged(files).map((script) => script.name));
  for (const script of files) {
    spend();
    const fact = facts.get(script.name);
    if (!fact) continue;
    const file = `bin/${script.name}`;
    if (fact.pythonWithoutShebang) {
      out.add('script-no-shebang', spanOf(script.node), `${file} is Python but has no \`#!\` line, so bash runs it as a shell script; start it with \`#!/usr/bin/env python3\`.`, { tool: script.tool });
    } else if (fact.lf !== null) {
      out.add('script-crlf', spanOf(script.node), `${file} has CRLF line ends: running it fails (\`/usr/bin/env: 'python\\r'\`); save it with LF line ends.`, { tool: script.tool, data: { script: file, lf: fact.lf } });
    }
    if (script.tool === null && !fact.namesStateFile) {
      out.add('state-not-written', spanOf(script.node), `${file} never names /root/state.json, the file SWE-agent reads the state from; printing the state is not enough.`);
    }
  }
  const anchor = toolsKey ?? model.root;
  const install = folder.hasInstallScript ? read('install.sh') : null;
  if (install !== null && install.includes('\r\n')) {
    out.add('script-crlf', spanOf(anchor), `install.sh has CRLF line ends: SWE-agent's \`source install.sh\` fails on the \`\\r\`; save it with LF line ends.`, { data: { script: 'install.sh', lf: install.replace(/\r\n/g, '\n') } });
  }
  if (!folder.hasInstallScript && read('setup.sh') !== null) {
    out.add('setup-without-install', spanOf(anchor), 'The bundle has setup.sh but no install.sh, the only script SWE-agent runs when it installs a bundle; rename it to install.sh.');
  }
  return placeDiagnostics(out.diagnostics, model.placement);
}
