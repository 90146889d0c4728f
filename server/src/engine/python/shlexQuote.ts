/** Python's `shlex.quote`, which SWE-agent applies to string arguments of most tools. */
const UNSAFE = /[^\w@%+=:,./-]/;

export function shlexQuote(text: string): string {
  if (text.length === 0) return "''";
  // Python's pattern is compiled with re.ASCII, so \w is [A-Za-z0-9_] as in JS.
  if (!UNSAFE.test(text)) return text;
  return "'" + text.replace(/'/g, `'"'"'`) + "'";
}
