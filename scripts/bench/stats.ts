/** Percentiles and the table the benchmark prints. */
export interface Summary {
  n: number;
  min: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
}

/** Nearest-rank percentiles. */
export function summarize(samples: readonly number[]): Summary {
  // NaN: no answer (a server without the feature).
  const sorted = samples.filter((s) => !Number.isNaN(s)).sort((a, b) => a - b);
  if (sorted.length === 0) return { n: 0, min: NaN, p50: NaN, p90: NaN, p99: NaN, max: NaN };
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
  return { n: sorted.length, min: sorted[0], p50: at(50), p90: at(90), p99: at(99), max: sorted[sorted.length - 1] };
}

export function ms(value: number | undefined): string {
  if (value === undefined || Number.isNaN(value)) return 'n/a';
  if (value >= 100) return `${Math.round(value)} ms`;
  if (value >= 10) return `${value.toFixed(1)} ms`;
  return `${value.toFixed(2)} ms`;
}

export function mib(bytes: number | undefined): string {
  if (bytes === undefined || Number.isNaN(bytes)) return 'n/a';
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

/** How many times smaller (faster, leaner) ours is: theirs / ours. */
export function ratio(ours: number | undefined, theirs: number | undefined): string {
  if (ours === undefined || theirs === undefined || !(ours > 0) || Number.isNaN(theirs)) return 'n/a';
  const r = theirs / ours;
  return r >= 10 ? `${Math.round(r)}×` : `${r.toFixed(1)}×`;
}

export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map((_, i) => (i === 0 ? '---' : '---:'))), ...rows.map(line)].join('\n');
}
