/**
 * docs/rules.md documents every diagnostic code of the rule catalog: one
 * `### \`code\`` section each, one row each in the summary table, with the
 * catalog's default severity and "SWE-agent rejects it" flag, and nothing
 * for codes that do not exist.
 */
import * as fs from 'fs';
import * as path from 'path';
import { describe, expect, it } from 'vitest';
import { RULES, RuleCode, defaultSettingOf, isRuleCode } from '../../server/src/engine/rules/ruleCatalog';

const DOC = fs.readFileSync(path.resolve(__dirname, '../../docs/rules.md'), 'utf8').replace(/\r\n/g, '\n');
const CODES = Object.keys(RULES) as RuleCode[];

/** The doc without fenced code blocks, so that examples cannot pass for headings or rows. */
const PROSE = DOC.replace(/^```[^\n]*\n[\s\S]*?^```[ \t]*$/gm, '');

/** Every `### \`code\`` heading, in order (whatever the code). */
function codeHeadings(): string[] {
  return [...PROSE.matchAll(/^###\s+`([^`]+)`\s*$/gm)].map((m) => m[1]);
}

/** The text of one `## ` chapter, up to the next `## ` heading. */
function chapter(title: string): string {
  const match = new RegExp(`^## ${title}[ \\t]*$`, 'm').exec(PROSE);
  if (!match) return '';
  const rest = PROSE.slice(match.index + match[0].length);
  const end = rest.search(/^## /m);
  return end === -1 ? rest : rest.slice(0, end);
}

interface Row {
  code: string;
  anchor: string | null;
  severity: string;
  rejects: string;
  line: string;
}

/** The rows of the summary table: `| [\`code\`](#code) | severity | yes/no | what |`. */
function summaryRows(): Row[] {
  return chapter('Summary')
    .split('\n')
    .filter((line) => line.trim().startsWith('|'))
    .map((line) => line.trim().replace(/^\||\|$/g, '').split('|').map((cell) => cell.trim()))
    .filter((cells) => /`[^`]+`/.test(cells[0] ?? ''))
    .map((cells) => {
      const link = /^\[`([^`]+)`\]\(#([^)]*)\)$/.exec(cells[0]);
      return {
        code: link ? link[1] : /`([^`]+)`/.exec(cells[0])![1],
        anchor: link ? link[2] : null,
        severity: cells[1] ?? '',
        rejects: cells[2] ?? '',
        line: cells.join(' | '),
      };
    });
}

/** A section's body: from its heading to the next `### ` or `## ` heading. */
function section(code: string): string {
  const heading = new RegExp(`^###\\s+\`${code.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\`\\s*$`, 'm');
  const match = heading.exec(PROSE);
  if (!match) return '';
  const rest = PROSE.slice(match.index + match[0].length);
  const end = rest.search(/^##/m);
  return end === -1 ? rest : rest.slice(0, end);
}

describe('docs/rules.md', () => {
  it('has a summary table', () => {
    expect(summaryRows().length).toBeGreaterThan(0);
  });

  describe.each(CODES)('%s', (code) => {
    const rule = RULES[code];

    it('has exactly one section heading', () => {
      expect(codeHeadings().filter((c) => c === code)).toHaveLength(1);
    });

    it('has exactly one summary row, linking to its section', () => {
      const rows = summaryRows().filter((r) => r.code === code);
      expect(rows).toHaveLength(1);
      expect(rows[0].anchor).toBe(code);
    });

    it('gives the default severity in its summary row', () => {
      const row = summaryRows().find((r) => r.code === code);
      expect(row?.severity).toBe(defaultSettingOf(code));
    });

    it('says whether SWE-agent rejects it in its summary row', () => {
      const row = summaryRows().find((r) => r.code === code);
      expect(row?.rejects).toBe(rule.sweAgentRejects ? 'yes' : 'no');
    });

    it('states the same severity and flag in its section', () => {
      const stated = /^Default severity: `([a-z]+)`\. SWE-agent rejects it: (yes|no)\b/m.exec(section(code));
      expect(stated, `no "Default severity: …. SWE-agent rejects it: …" line under ### \`${code}\``).not.toBeNull();
      expect(stated![1]).toBe(defaultSettingOf(code));
      expect(stated![2]).toBe(rule.sweAgentRejects ? 'yes' : 'no');
    });
  });

  it('has no section for a code that does not exist', () => {
    expect(codeHeadings().filter((code) => !isRuleCode(code))).toEqual([]);
  });

  it('has no summary row for a code that does not exist', () => {
    expect(summaryRows().filter((row) => !isRuleCode(row.code)).map((row) => row.line)).toEqual([]);
  });
});
