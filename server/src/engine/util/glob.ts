/** Glob patterns (`**`, `*`, `?`, `{a,b}`, `[abc]`) as regular expressions over `/`-separated paths. */
export function globToRegExp(glob: string): RegExp {
  let out = '';
  let braceDepth = 0;
  for (let i = 0; i < glob.length; i++) {
    const ch = glob[i];
    if (ch === '*') {
      if (glob[i + 1] === '*') {
        // `**/` matches zero or more folders; a trailing `**` matches anything.
        if (glob[i + 2] === '/') {
          out += '(?:[^/]*/)*';
          i += 2;
        } else {
          out += '.*';
          i++;
        }
      } else {
        out += '[^/]*';
      }
    } else if (ch === '?') out += '[^/]';
    else if (ch === '{') {
      braceDepth++;
      out += '(?:';
    } else if (ch === '}' && braceDepth > 0) {
      braceDepth--;
      out += ')';
    } else if (ch === ',' && braceDepth > 0) out += '|';
    else if (ch === '[') {
      const close = glob.indexOf(']', i + 1);
      if (close === -1) out += '\\[';
      else {
        const body = glob.slice(i + 1, close).replace(/^!/, '^').replace(/\\/g, '\\\\');
        out += `[${body}]`;
        i = close;
      }
    } else out += ch.replace(/[.+^$()|\\/]/g, (c) => '\\' + c);
  }
  return new RegExp(`^${out}$`);
}

/** Whether a path (with `/` separators) matches a glob; a pattern without `/` matches the base name anywhere. */
export function matchesGlob(path: string, glob: string): boolean {
  const pattern = glob.includes('/') ? glob.replace(/^\.\//, '') : `**/${glob}`;
  return globToRegExp(pattern).test(path.replace(/^\/+/, '')) || globToRegExp(pattern).test(path);
}
