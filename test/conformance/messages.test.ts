/**
 * Messages a person reads at a glance: on every conformance case, every
 * diagnostic's message is one sentence of at most 160 characters, without
 * doubled punctuation. SWE-agent's own words and the explanation are related
 * information (and the rule's page), never the message.
 */
import * as fs from 'fs';
import { describe, expect, it } from 'vitest';
import { everyCaseDiagnostic } from './caseDiagnostics';
import { messageFaults } from '../helpers/messageFaults';

describe('diagnostic messages on every conformance case', () => {
  it('are at most 160 characters, without doubled punctuation', () => {
    const found = everyCaseDiagnostic();
    expect(found.length).toBeGreaterThan(1000);
    const faults = found.flatMap((d) => messageFaults(d.message).map((fault) => `${d.code} (${d.where}): ${fault}: ${d.message}`));
    if (process.env.MESSAGES_REPORT) {
      const byCode = new Map<string, { count: number; long: number; longest: number }>();
      for (const d of found) {
        const row = byCode.get(d.code) ?? { count: 0, long: 0, longest: 0 };
        row.count++;
        if (d.message.length > 160) row.long++;
        row.longest = Math.max(row.longest, d.message.length);
        byCode.set(d.code, row);
      }
      const rows = [...byCode].sort((a, b) => b[1].long - a[1].long).map(([code, r]) => `${code}\t${r.count}\t${r.long}\t${r.longest}`);
      // MESSAGES_REPORT=FILE: the count by rule code, and every message, for whoever shortens them.
      const table = `code\tmessages\tover 160\tlongest\n${rows.join('\n')}\ntotal ${found.length}, over 160: ${found.filter((d) => d.message.length > 160).length}\n`;
      fs.writeFileSync(process.env.MESSAGES_REPORT, table + found.map((d) => `${d.code}\t${d.message.length}\t${d.where}\t${d.message}\n`).join(''));
    }
    expect([...new Set(faults)]).toEqual([]);
  });
});
