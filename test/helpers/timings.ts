/**
 * Times (and memory) measured by the hostile-input tests, printed as a table
 * when the file is done, the way `npm run bench` prints: numbers to read,
 * never a timed assertion.
 */
export interface Timings {
  add(what: string, ms: number, rssBytes?: number): void;
  print(): void;
}

export function timings(title: string): Timings {
  const rows: [string, number, number | undefined][] = [];
  return {
    add: (what, ms, rssBytes) => rows.push([what, ms, rssBytes]),
    print() {
      if (rows.length === 0) return;
      const width = Math.max(...rows.map(([what]) => what.length));
      const lines = rows.map(([what, ms, rss]) => `  ${what.padEnd(width)}  ${ms.toFixed(0).padStart(7)} ms${rss === undefined ? '' : `  ${(rss / 1024 / 1024).toFixed(0).padStart(6)} MiB RSS`}`);
      process.stdout.write(`\n${title}:\n${lines.join('\n')}\n`);
    },
  };
}
