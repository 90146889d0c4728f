/**
 * The keys of a bundle config at each level, in the order completion offers
 * them (the ones SWE-agent requires first). What each key is for comes from
 * fieldDocs.ts, which hover shows too.
 */
import { FieldContext, fieldDoc } from '../fieldDocs';
import { charged } from '../../work';

export interface KeyInfo {
  key: string;
  /** SWE-agent refuses the bundle without it. */
  required: boolean;
  detail: string;
  documentation: string;
}

function keys(context: FieldContext, entries: [key: string, required: boolean, detail: string][]): KeyInfo[] {
  return charged(entries).map(([key, required, detail]) => ({ key, required, detail, documentation: fieldDoc(context, key)!.text }));
}

export const ROOT_KEYS: readonly KeyInfo[] = keys('bundle', [
  ['tools', true, 'mapping of tool names to tools (required)'],
  ['state_command', false, 'command name (optional)'],
]);

export const TOOL_KEYS: readonly KeyInfo[] = keys('tool', [
  ['docstring', true, 'string (required)'],
  ['signature', false, 'string (optional)'],
  ['arguments', false, 'list of arguments (optional)'],
  ['end_name', false, 'string (optional)'],
]);

export const ARGUMENT_KEYS: readonly KeyInfo[] = keys('argument', [
  ['name', true, 'string (required)'],
  ['type', true, 'JSON Schema type (required)'],
  ['description', true, 'string (required)'],
  ['required', true, 'boolean (required)'],
  ['enum', false, 'list of strings (optional)'],
  ['items', false, 'mapping (optional)'],
  ['argument_format', false, 'Jinja template (optional)'],
]);

export const ITEMS_KEYS: readonly KeyInfo[] = [
  {
    key: 'type',
    required: true,
    detail: 'JSON Schema type',
    documentation: "The JSON Schema type of each element of the array, such as `string` or `integer`.",
  },
];
