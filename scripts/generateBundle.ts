/**
 * Realistic generated bundles for tests and the benchmark: tools with
 * signatures, block-scalar docstrings, enums, array items and argument
 * formats, four arguments each (about 26 lines per tool). With `envVariable`,
 * each docstring also mentions `{<envVariable>}` (rendered with the
 * assembly's env, as SWE-agent renders docstrings).
 */
export interface GeneratedBundle {
  text: string;
  toolCount: number;
}

export function generateBundle(toolCount: number, seed = 1, envVariable?: string): GeneratedBundle {
  const lines = ['# Generated bundle', 'tools:'];
  for (let t = 0; t < toolCount; t++) {
    const name = `tool_${t}`;
    lines.push(
      `  ${name}:`,
      `    signature: "${name} <path> <mode> [<lines>] [<flags>]"`,
      '    docstring: |',
      `      Runs ${name} on a file (variant ${(t * 7 + seed) % 13}).`,
      envVariable ? `      The <path> must exist; <mode> picks what happens to {${envVariable}} lines.` : '      The <path> must exist; <mode> picks what happens.',
      '    arguments:',
      '      - name: path',
      '        type: string',
      '        description: "The file to work on"',
      '        required: true',
      '      - name: mode',
      '        type: string',
      '        description: "What to do"',
      '        required: true',
      '        enum: ["view", "edit", "check"]',
      '      - name: lines',
      '        type: array',
      '        items:',
      '          type: integer',
      '        description: "Line range"',
      '        required: false',
      '        argument_format: "--lines {{value|join(\' \')}}"',
      '      - name: flags',
      '        type: string',
      '        description: "Extra flags"',
      '        required: false',
    );
  }
  lines.push('state_command: "_state"', '');
  return { text: lines.join('\n'), toolCount };
}

/** Enough tools for about `lineCount` lines. */
export function generateBundleOfLines(lineCount: number, seed = 1): GeneratedBundle {
  return generateBundle(Math.max(1, Math.round((lineCount - 3) / 26)), seed);
}
