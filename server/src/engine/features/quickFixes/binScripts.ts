/**
 * Fixes in the bundle folder, for the bin/ checks (workspace/bundleFolder.ts,
 * workspace/bundleScripts.ts): a stub script for a tool or state command that
 * has none, the execute bits for a script without them, and a script with
 * CRLF line ends rewritten with LF. Both are only described here: the server
 * creates the file through the client (a workspace edit) or changes the mode
 * when the user runs the fix's command.
 */
import { strValue } from '../../yaml/pyNode';
import { QuickFixProvider } from './quickFix';
import { charged } from '../../work';

/** The script's name from the diagnostic's data, when it is one file name (the bundle names it: nothing that leads out of bin/). */
function scriptName(data: { script: string } | undefined): string | null {
  const script = data?.script;
  if (script === undefined || script === '' || script === '.' || script === '..' || /[/\\\0\r\n]/.test(script)) return null;
  return script;
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}

/** Inside a double-quoted shell string. */
function shellDoubleQuoted(text: string): string {
  return text.replace(/[\\"$`]/g, (c) => '\\' + c);
}

/** A stub for `bin/<name>`: what it is for, how SWE-agent calls it, and a failure until it is written. */
export const createBinScript: QuickFixProvider<'bin-script-missing'> = (context) => {
  const name = scriptName(context.data);
  if (!name || context.data?.directory) return [];
  let about: string;
  let call: string;
  if (typeof context.diagnostic.tool === 'string') {
    const tool = context.tool;
    const command = tool?.command;
    const signature = command?.signature ?? (tool?.signature ? strValue(tool.signature) : undefined);
    const args = charged(command?.arguments)?.map((a) => (a.required ? ` <${a.name}>` : ` [<${a.name}>]`)).join('') ?? '';
    about = `The tool \`${name}\` of this bundle: SWE-agent puts bin/ on PATH and runs this script when the model calls the tool.`;
    call = signature ?? name + args;
  } else {
    about = 'The state command of this bundle: SWE-agent runs it after every step.';
    call = context.model.check.stateCommand?.value ?? name;
  }
  const content = ['#!/usr/bin/env bash', `# ${about}`, `# Called as: ${oneLine(call)}`, `echo "${shellDoubleQuoted(name)}: not implemented yet" >&2`, 'exit 1', ''].join('\n');
  return [{ title: `Create bin/${name}`, edits: [], createFile: { path: `bin/${name}`, content }, isPreferred: true }];
};

/** The execute bits for a script without them (the server sets them on the user's command). */
export const makeBinScriptExecutable: QuickFixProvider<'bin-script-not-executable'> = (context) => {
  const name = scriptName(context.data);
  return name ? [{ title: `Make bin/${name} executable`, edits: [], makeExecutable: `bin/${name}`, isPreferred: true }] : [];
};

/** A script with CRLF line ends written again with LF (workspace/bundleScripts.ts read it; the fix overwrites it). */
export const convertScriptToLf: QuickFixProvider<'script-crlf'> = (context) => {
  const data = context.data;
  const inBin = data?.script.startsWith('bin/') ? scriptName({ script: data.script.slice(4) }) : null;
  if (!data || (data.script !== 'install.sh' && !inBin)) return [];
  return [{ title: `Convert ${data.script} to LF line ends`, edits: [], createFile: { path: data.script, content: data.lf, overwrite: true }, isPreferred: true }];
};
