/**
 * SWE-agent's `Command.invoke_format`, with a map from every character of the
 * result back to where it came from (the signature, the tool name, or an
 * argument name), so problems found in the invoke format land in the file.
 */
import { NameRepeat, findAngleSpellings } from '../python/argumentNamePattern';
import { PyNode } from '../yaml/pyNode';
import { spend } from '../work';

export interface MappedInvokeFormat {
  text: string;
  /** For each character of `text`: the node and value index it came from, or null for generated text. */
  origins: ({ node: PyNode; index: number; length: number } | null)[];
}

/** With a signature: `re.sub(r"\[?<(NAME)>\]?", r"{\1}", signature)`. */
export function invokeFromSignature(signature: string, signatureNode: PyNode, repeat: NameRepeat = '*'): MappedInvokeFormat {
  const origins: MappedInvokeFormat['origins'] = [];
  let text = '';
  let pos = 0;
  for (const spelling of findAngleSpellings(signature, repeat)) {
    spend();
    for (; pos < spelling.start; pos++) {
      spend();
      text += signature[pos];
      origins.push({ node: signatureNode, index: pos, length: 1 });
    }
    const replacement = `{${spelling.name}}`;
    text += replacement;
    // Every character of `{x}` points at the whole `<x>` / `[<x>]` spelling.
    for (let i = 0; i < replacement.length; i++) {
      spend();
      origins.push({ node: signatureNode, index: spelling.start, length: spelling.end - spelling.start });
    }
    pos = spelling.end;
  }
  for (; pos < signature.length; pos++) {
    spend();
    text += signature[pos];
    origins.push({ node: signatureNode, index: pos, length: 1 });
  }
  return { text, origins };
}

/** Without a signature: `f"{name} " + "".join(f"{{{arg.name}}} " for arg in arguments)`. */
export function invokeFromArguments(name: string, nameNode: PyNode, args: { name: string; nameNode: PyNode }[]): MappedInvokeFormat {
  const origins: MappedInvokeFormat['origins'] = [];
  let text = '';
  const append = (chunk: string, node: PyNode | null, baseIndex: number) => {
    for (let i = 0; i < chunk.length; i++) {
      spend();
      text += chunk[i];
      origins.push(node ? { node, index: baseIndex + i, length: 1 } : null);
    }
  };
  append(name, nameNode, 0);
  append(' ', null, 0);
  for (const arg of args) {
    spend();
    append('{', null, 0);
    append(arg.name, arg.nameNode, 0);
    append('} ', null, 0);
  }
  return { text, origins };
}
