import { charged } from '../work';
/**
 * What each key of a bundle config means to SWE-agent, for hover: the
 * field's type as SWE-agent declares it, whether it must be given, and what
 * SWE-agent does with the value. Inline code is written in backticks.
 */

export type FieldContext = 'bundle' | 'tool' | 'argument';

export interface FieldDoc {
  key: string;
  /** The type SWE-agent's model declares for the field (Python notation). */
  type: string;
  /** `required`, or what SWE-agent uses when the key is left out. */
  presence: string;
  /** What SWE-agent does with the value. */
  text: string;
}

const BUNDLE: FieldDoc[] = [
  {
    key: 'tools',
    type: 'dict[str, dict]',
    presence: 'required',
    text:
      'The tools this bundle adds, keyed by name. For every entry SWE-agent builds a `Command` named after the key, from the fields of the value. ' +
      'When SWE-agent installs the bundle it puts the bundle\'s `bin/` folder on `PATH` and checks with `which` that a program of each tool\'s name exists there. ' +
      'A tool name that another bundle (or the built-in `bash` tool) already uses stops SWE-agent.',
  },
  {
    key: 'state_command',
    type: 'str | None',
    presence: 'optional, default `None`',
    text:
      'A shell command SWE-agent runs in the environment after every step, before it reads `/root/state.json`. The command is expected to write a JSON object there; ' +
      'its keys (such as `open_file` or `working_dir`) become variables of the prompt templates. Usually the name of a program in the bundle\'s `bin/` folder.',
  },
];

const TOOL: FieldDoc[] = [
  {
    key: 'signature',
    type: 'str | None',
    presence: 'optional, default `None`',
    text:
      'How the tool is called. SWE-agent shows it to the model in the tool docs, and turns it into the invoke format, the shell command template it runs: ' +
      'each `<name>` or `[<name>]` becomes `{name}`, which receives the argument\'s value. Every argument must appear in it as `<name>`, `[<name>]`, `{name}` or `--name`. ' +
      'By convention it starts with the command to run. Without it, SWE-agent uses the tool name followed by `{name}` for each argument in order.',
  },
  {
    key: 'docstring',
    type: 'str | None',
    presence: 'required (may be `null`)',
    text:
      'The description the model reads. With function calling it is the function\'s `description`; otherwise it goes into the tool docs. ' +
      'SWE-agent renders it with Python\'s `str.format` and the env variables of the agent config, so `{NAME}` is replaced by a variable and a literal brace must be written `{{` or `}}`.',
  },
  {
    key: 'end_name',
    type: 'str | None',
    presence: 'optional, default `None`',
    text:
      'Makes the tool a multi-line command: the model writes its input on the lines after the call and ends it with a line holding exactly this text; SWE-agent passes those lines as a heredoc. ' +
      'Argument values of such a tool are not shell-quoted. It needs a `signature`, or generating the tool docs fails.',
  },
  {
    key: 'arguments',
    type: 'list[Argument]',
    presence: 'optional, default `[]`',
    text:
      'The parameters the model fills in, in order. SWE-agent requires the required ones before the optional ones, unique names, and every name in the signature. ' +
      'They become the `properties` of the function-calling schema, and their values are substituted into the invoke format.',
  },
  {
    key: 'name',
    type: 'str',
    presence: 'must not be set',
    text: 'A tool\'s name is its key under `tools`. SWE-agent passes the key as `name` itself, so a `name` field here makes building the command fail.',
  },
];

const ARGUMENT: FieldDoc[] = [
  {
    key: 'name',
    type: 'str',
    presence: 'required',
    text:
      'The parameter name the model uses, and the placeholder it fills in the signature. SWE-agent accepts names that start with a letter or `_` and continue with letters, digits, `_` or `-`, ' +
      'and requires the name to appear in the signature as `<name>`, `[<name>]`, `{name}` or `--name`.',
  },
  {
    key: 'type',
    type: 'str',
    presence: 'required',
    text: 'The JSON Schema type SWE-agent puts in the function-calling schema, as is: `string`, `integer`, `number`, `boolean`, `array` or `object`.',
  },
  {
    key: 'description',
    type: 'str',
    presence: 'required',
    text: 'Tells the model what to pass. It becomes the parameter\'s `description` in the function-calling schema and appears in the tool docs.',
  },
  {
    key: 'required',
    type: 'bool',
    presence: 'required',
    text:
      'Whether the model must pass the argument; required arguments are listed in the schema\'s `required` and must come before optional ones. ' +
      'When an optional argument is left out, its placeholder in the invoke format becomes empty.',
  },
  {
    key: 'enum',
    type: 'list[str] | None',
    presence: 'optional, default `None`',
    text: 'The only values the model may pass, added to the parameter\'s schema as `enum`. The values are strings.',
  },
  {
    key: 'items',
    type: 'dict[str, str] | None',
    presence: 'optional, default `None`',
    text: 'The schema of each element of an `array` argument, e.g. `{type: string}`, added to the parameter\'s schema as `items`.',
  },
  {
    key: 'argument_format',
    type: 'str',
    presence: 'optional, default `{{value}}`',
    text:
      'A Jinja template that turns the value into the text substituted for the placeholder; `{{value}}` is the value (shell-quoted when it is a string and the tool is not multi-line). ' +
      'Use it to add a flag, e.g. `--file {{value}}`, or to join a list, e.g. `{{value|join(\' \')}}`.',
  },
];

const DOCS: Record<FieldContext, Map<string, FieldDoc>> = {
  bundle: new Map(charged(BUNDLE).map((d) => [d.key, d])),
  tool: new Map(charged(TOOL).map((d) => [d.key, d])),
  argument: new Map(charged(ARGUMENT).map((d) => [d.key, d])),
};

/** The documentation of a key where it is written (top level, in a tool, in an argument), if SWE-agent knows the key there. */
export function fieldDoc(context: FieldContext, key: string): FieldDoc | undefined {
  return DOCS[context].get(key);
}
