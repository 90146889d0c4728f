/**
 * The text completion inserts for a key and its value, and the skeletons of
 * a whole tool or argument, laid out in the file's style. Each is a list of
 * snippet parts (see snippet.ts); columns are absolute.
 */
import { JSON_SCHEMA_TYPES } from '../../swe/checkTool';
import { FileStyle, scalarParts } from './style';
import { Part, choice, stop } from './snippet';
import { charged, spend } from '../../work';

const pad = (n: number) => ' '.repeat(Math.max(0, n));

export interface ArgumentSkeleton {
  /** The default name. */
  name: string;
  required: boolean;
}

/**
 * An argument's mapping, its first key at the cursor and the others at
 * `contentCol`. `id` keeps the tab stops of several arguments apart.
 */
export function argumentBody(style: FileStyle, contentCol: number, argument: ArgumentSkeleton, nameStop: Part = stop('argument', argument.name), id = ''): Part[] {
  const lines: Part[][] = charged(style.argumentKeys).map((key) => {
    switch (key) {
      case 'name':
        return ['name: ', nameStop];
      case 'type':
        return ['type: ', choice(id + 'type', JSON_SCHEMA_TYPES)];
      case 'description':
        return ['description: ', ...scalarParts(style.description, [stop(id + 'description')], '')];
      default:
        return ['required: ', choice(id + 'required', argument.required ? ['true', 'false'] : ['false', 'true'])];
    }
  });
  return charged(lines).flatMap((line, i) => (i === 0 ? line : ['\n' + pad(contentCol), ...line]));
}

/** `-` and the padding to the item's content, for an item whose `-` is at the cursor. */
export function itemIndicator(style: FileStyle): string {
  return '-' + pad(style.itemIndent - 1);
}

/** A list of arguments under a key at `keyCol`, starting on the line after the key. */
function argumentList(style: FileStyle, keyCol: number, args: ArgumentSkeleton[], nameStop?: Part): Part[] {
  const dashCol = keyCol + style.sequenceIndent;
  return charged(args).flatMap((argument, i) => [
    '\n' + pad(dashCol) + itemIndicator(style),
    ...argumentBody(style, dashCol + style.itemIndent, argument, nameStop ?? stop(`${i}.argument`, argument.name), `${i}.`),
  ]);
}

/** A tool named at `keyCol`, with one argument that its signature mentions. */
export function toolSkeleton(style: FileStyle, keyCol: number, name: string): Part[] {
  const fieldCol = keyCol + style.indent;
  const argumentName = stop('argument', 'arg_name');
  const parts: Part[] = [stop('tool', name), ':'];
  for (const key of style.toolKeys) {
    spend();
    parts.push('\n' + pad(fieldCol));
    if (key === 'signature') parts.push('signature: ', ...scalarParts(style.signature, [stop('tool', name), ' <', argumentName, '>'], ''));
    else if (key === 'docstring') parts.push('docstring: ', ...scalarParts(style.docstring, [stop('docstring')], pad(fieldCol + style.indent)));
    else parts.push('arguments:', ...argumentList(style, fieldCol, [{ name: 'arg_name', required: true }], argumentName));
  }
  return parts;
}

export interface KeyValueContext {
  style: FileStyle;
  /** Column of the key being inserted. */
  keyCol: number;
  /** For `signature`: the one the tool's arguments call for. */
  signature?: string;
  /** For `name`: the signature's placeholders no argument claims yet; for `arguments`: one argument each. */
  unclaimed?: ArgumentSkeleton[];
  /** For `required`: whether the argument looks required. */
  required?: boolean;
  /** For `argument_format`: the patterns that fit the argument. */
  formats?: string[];
}

/** `key: value` for a key completed on its own line (the value as a tab stop, a choice or a nested skeleton). */
export function keyWithValue(key: string, context: KeyValueContext): Part[] {
  const { style, keyCol } = context;
  switch (key) {
    case 'tools':
      return ['tools:\n' + pad(keyCol + style.indent), ...toolSkeleton(style, keyCol + style.indent, 'tool_name')];
    case 'signature':
      return ['signature: ', ...scalarParts(style.signature, [stop('signature', context.signature)], '')];
    case 'docstring':
      return ['docstring: ', ...scalarParts(style.docstring, [stop('docstring')], pad(keyCol + style.indent))];
    case 'arguments':
      return ['arguments:', ...argumentList(style, keyCol, context.unclaimed?.length ? context.unclaimed : [{ name: 'arg_name', required: true }])];
    case 'name':
      return ['name: ', context.unclaimed?.length ? choice('name', charged(context.unclaimed).map((p) => p.name)) : stop('name')];
    case 'type':
      return ['type: ', choice('type', JSON_SCHEMA_TYPES)];
    case 'description':
      return ['description: ', ...scalarParts(style.description, [stop('description')], '')];
    case 'required':
      return ['required: ', choice('required', context.required === false ? ['false', 'true'] : ['true', 'false'])];
    case 'enum':
      return ['enum: [', stop('enum'), ']'];
    case 'items':
      return ['items:\n' + pad(keyCol + style.indent) + 'type: ', choice('type', JSON_SCHEMA_TYPES)];
    case 'argument_format':
      return ['argument_format: ', ...scalarParts(style.argumentFormat, [choice('format', context.formats ?? ['{{value}}'])], '')];
    default:
      return [key + ': ', stop(key)];
  }
}
