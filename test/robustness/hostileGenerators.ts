/**
 * Seeded generators of hostile input for the fuzzer (issue 22): Jinja
 * `argument_format`s that build huge strings, command-line values nested
 * inside strings, and workspaces whose links lead out. Each is deterministic
 * for its Random.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Random } from '../helpers/random';

const LONG = 'x'.repeat(200);
/** Pieces that multiply what a rendering builds: the ways item 1 built a billion characters from a few kilobytes. */
const BUILDERS = [`|replace('x', '${LONG}')`, `|replace('', '${LONG}')`, `|join('${LONG}')`, '|list', '|center(100000)', "|format('a')", '|tojson', '|string', '|reverse', '|sort', '|unique', '|wordcount', '|length', '|e'];
const OPERANDS = ['value', "'x'", `'${LONG}'`, 'range(1000)', '[value, value]', "'%s' % value", 'value * 1000', '(value ~ value)', 'loop'];

/** A Jinja expression over `value` that chains builders and `~`, sometimes a few thousand pieces long. */
export function hostileJinjaExpression(random: Random): string {
  let expr = random.pick(OPERANDS);
  const size = random.next() < 0.05 ? 500 + random.int(3000) : 1 + random.int(8);
  for (let i = 0; i < size; i++) {
    const roll = random.int(5);
    if (roll <= 1) expr += random.pick(BUILDERS);
    else if (roll === 2) expr = `${expr} ~ ${random.pick(OPERANDS)}${random.pick(BUILDERS)}`;
    else if (roll === 3) expr = `(${expr})`;
    else expr = `${expr} if ${random.pick(OPERANDS)} else ${random.pick(OPERANDS)}`;
  }
  return expr;
}

/** A bundle whose tool `t` renders `expr` as its argument's format, and a tool with a real error. */
export function bundleRendering(expr: string, random: Random): string {
  const template = random.next() < 0.8 ? `{{ ${expr} }}` : `{% for v in ${expr} %}{{ v${random.pick(BUILDERS)} }}{% endfor %}`;
  return `tools:\n  t:\n    signature: t <a>\n    docstring: d\n    arguments:\n      - name: a\n        type: string\n        description: d\n        required: true\n        argument_format: ${JSON.stringify(template)}\n  broken:\n    signature: broken\n    docstring: d\n    arguments:\n      - name: x\n        type: string\n        description: d\n        required: true\n`;
}

const OPEN = ['[', '{"a": ', '[1, ', '{', '(', '"'];
const CLOSE: Record<string, string> = { '[': ']', '{"a": ': '}', '[1, ': ']', '{': '}', '(': ')', '"': '"' };

/** A value of a command-line override: lists and dicts nested in a string, sometimes thousands deep, sometimes unbalanced. */
export function nestedCommandLineValue(random: Random): string {
  const depth = random.next() < 0.1 ? 100 + random.int(20_000) : random.int(120);
  const opened: string[] = [];
  for (let i = 0; i < depth; i++) opened.push(random.pick(OPEN));
  const middle = random.pick(['', '1', 'x', '"s"', 'null', '{{ value }}', '{x}', ']', '}']);
  const closing = opened
    .slice(random.next() < 0.2 ? random.int(opened.length + 1) : 0)
    .reverse()
    .map((o) => CLOSE[o])
    .join('');
  return opened.join('') + middle + closing;
}

/** `--path=value` overrides of random agent-config paths with nested values, and some that are not overrides. */
export function nestedCommandLine(random: Random): string[] {
  const paths = ['agent.templates.system_template', 'agent.tools.env_variables', 'agent.tools.bundles', 'agent.model.name', 'env.deployment', 'agent.x'];
  const args: string[] = [];
  for (let i = 1 + random.int(3); i > 0; i--) {
    const value = nestedCommandLineValue(random);
    args.push(random.next() < 0.8 ? `--${random.pick(paths)}=${value}` : random.pick([`--${random.pick(paths)}`, value, '--', '-x']));
  }
  return args;
}

/** What a file outside the workspace holds: if any of it is ever printed, something was read outside. */
export const SECRET = 'SECRET_OUTSIDE_THE_WORKSPACE';

const LINK_NAMES = ['tools/a/config.yaml', 'tools/a', 'tools/b', '.swe-bundle.json', 'env.json', 'agent.yaml', 'tools/a/bin/a', 'config', 'tools'];

/**
 * A workspace at `root` with a bundle, an agent config, settings and an env
 * file, some of them (or their folders) links: inside (up to the root too), out to `outside`
 * (which holds the secret in every form a repository's content names), in a
 * loop, or to nothing.
 */
export function workspaceWithLinks(random: Random, root: string, outside: string): void {
  const write = (dir: string, relative: string, content: string) => {
    const full = path.join(dir, relative);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, content);
  };
  for (const dir of [outside, path.join(outside, 'tools/a')]) {
    write(dir, 'config.yaml', `tools:\n  ${SECRET}:\n    signature: ${SECRET}\n    docstring: ${SECRET}\n`);
    write(dir, '.swe-bundle.json', JSON.stringify({ envVariables: { [SECRET]: SECRET }, commandLine: [`--agent.model.name=${SECRET}`] }));
    write(dir, 'env.json', JSON.stringify({ X: SECRET }));
    write(dir, 'agent.yaml', `agent:\n  tools:\n    bundles:\n      - path: ${SECRET}\n`);
  }
  write(root, 'tools/a/config.yaml', 'tools:\n  a:\n    signature: a <x>\n    docstring: "{X:{X}} {X}"\n');
  write(root, 'agent.yaml', 'agent:\n  tools:\n    bundles:\n      - path: tools/a\n      - path: tools/b\n');
  if (random.next() < 0.5) write(root, '.swe-bundle.json', JSON.stringify({ envVariables: { X: 'x' } }));
  for (let i = 1 + random.int(4); i > 0; i--) {
    const name = path.join(root, random.pick(LINK_NAMES));
    const target = random.pick([
      path.join(outside, random.pick(['config.yaml', '.swe-bundle.json', 'env.json', 'agent.yaml', 'tools/a', 'tools', '.'])),
      path.relative(path.dirname(name), path.join(outside, 'config.yaml')),
      path.join(root, random.pick(['tools/a', 'tools/a/config.yaml', 'agent.yaml', '.'])),
      name,
      path.join(root, 'missing'),
      '/proc/self/environ',
    ]);
    // A link made earlier may be a parent of this one (and may loop): then this one is not made.
    const parent = path.dirname(name);
    if (!isRealFolder(root, parent)) continue;
    fs.rmSync(name, { recursive: true, force: true });
    fs.mkdirSync(parent, { recursive: true });
    fs.symlinkSync(target, name);
  }
}

/** Whether every folder from `root` down to `folder` is a real folder or not there yet (no link on the way). */
function isRealFolder(root: string, folder: string): boolean {
  let at = root;
  for (const part of path.relative(root, folder).split(path.sep).filter((p) => p !== '')) {
    at = path.join(at, part);
    const stat = fs.lstatSync(at, { throwIfNoEntry: false });
    if (!stat) return true;
    if (!stat.isDirectory()) return false;
  }
  return true;
}
