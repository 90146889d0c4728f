/**
 * Each rule's description for SARIF, read from docs/rules.md (embedded at build time, buildInfo.ts):
 * the summary table's "What it is about" as the short description, the section's "What it checks."
 * paragraph as the full one, and the whole section as help, in markdown and as plain text.
 *
 * The doc's links are relative (`#agent-configs`, `SECURITY.md`). Where the rule docs have a web
 * address (package.json's `repository`), they are resolved against it; otherwise a link becomes its
 * text, since a relative link means nothing inside a SARIF viewer.
 */

export interface RuleHelp {
  shortDescription: string;
  fullDescription: string;
  helpText: string;
  helpMarkdown: string;
}

interface Block {
  text: string;
  fenced: boolean;
}

/** The doc's lines grouped into blocks: fenced code and headings as one block each, prose split at blank lines. */
function blocksOf(lines: readonly string[]): Block[] {
  const blocks: Block[] = [];
  let prose: string[] = [];
  const flush = () => {
    if (prose.length > 0) blocks.push({ text: prose.join('\n'), fenced: false });
    prose = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const fence = /^\s*(`{3,}|~{3,})/.exec(lines[i]);
    if (fence) {
      flush();
      const start = i;
      const closing = new RegExp(`^\\s*${fence[1][0]}{${fence[1].length},}\\s*$`);
      for (i++; i < lines.length && !closing.test(lines[i]); i++);
      blocks.push({ text: lines.slice(start, i + 1).join('\n'), fenced: true });
    } else if (/^#{1,6}\s/.test(lines[i])) {
      flush();
      blocks.push({ text: lines[i], fenced: false });
    } else if (lines[i].trim() === '') flush();
    else prose.push(lines[i]);
  }
  flush();
  return blocks;
}

const LINK = /\[([^\]\n]*)\]\(([^)\s]+)\)/g;

function withLinks(markdown: string, base: string | null): string {
  return markdown.replace(LINK, (_, text: string, href: string) => {
    if (/^[a-z][a-z0-9+.-]*:/i.test(href)) return `[${text}](${href})`;
    return base ? `[${text}](${new URL(href, base).href})` : text;
  });
}

/** Markdown prose as plain text: links as their text, no bold markers. */
function plain(markdown: string): string {
  return markdown.replace(LINK, '$1').replace(/\*\*/g, '');
}

/** The summary table's rows: code -> "What it is about". */
function summaries(blocks: readonly Block[]): Map<string, string> {
  const result = new Map<string, string>();
  for (const block of blocks) {
    if (block.fenced) continue;
    for (const line of block.text.split('\n')) {
      const cells = line.trim().replace(/^\||\|$/g, '').split('|').map((cell) => cell.trim());
      const code = /^\[`([^`]+)`\]\(#[^)]*\)$/.exec(cells[0] ?? '');
      if (code && cells.length >= 2) result.set(code[1], cells[cells.length - 1]);
    }
  }
  return result;
}

/** Every `### \`code\`` section of the doc, code -> its help. */
export function ruleHelpOf(doc: string, rulesDocUrl: string | null): Map<string, RuleHelp> {
  const blocks = blocksOf(doc.replace(/\r\n?/g, '\n').split('\n'));
  const shortOf = summaries(blocks);
  const result = new Map<string, RuleHelp>();
  for (let i = 0; i < blocks.length; i++) {
    const heading = blocks[i].fenced ? null : /^###\s+`([^`]+)`\s*$/.exec(blocks[i].text);
    if (!heading) continue;
    const body: Block[] = [];
    for (let j = i + 1; j < blocks.length && (blocks[j].fenced || !/^#{1,3}\s/.test(blocks[j].text)); j++) body.push(blocks[j]);
    const prose = body.filter((b) => !b.fenced);
    const checks = prose.find((b) => b.text.startsWith('**What it checks.**')) ?? prose[0];
    const full = checks ? plain(checks.text.replace(/^\*\*What it checks\.\*\*\s*/, '')).replace(/\s*\n\s*/g, ' ') : '';
    const markdown = withLinks(body.map((b) => b.text).join('\n\n'), rulesDocUrl);
    result.set(heading[1], {
      shortDescription: plain(shortOf.get(heading[1]) ?? full),
      fullDescription: full,
      helpMarkdown: markdown,
      helpText: plain(markdown),
    });
  }
  return result;
}
