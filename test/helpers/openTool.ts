/** The completion tests' bundle: a tool `open` with a required string `path` and an optional integer `line`. */

/** The bundle with `head` (the tool's first lines: signature, docstring, ...) before its arguments, and `lineExtra` (lines of `line`) after them. */
export function openWith(head: string, lineExtra = ''): string {
  return `tools:
  open:
${head}
    arguments:
      - name: path
        type: string
        description: "the file"
        required: true
      - name: line
        type: integer
        description: "the line"
        required: false
${lineExtra}`;
}
