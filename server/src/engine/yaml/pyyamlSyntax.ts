/**
 * Syntax that the `yaml` package (YAML 1.2) accepts but PyYAML's scanner and
 * parser reject. Runs over the CST of the text, so every problem has an exact
 * offset. Returns problems in source order.
 */
import { CST } from 'yaml';
import { YamlProblem } from './yamlProblem';
import { pushAll } from '../util/pushAll';

const ANCHOR_CHAR = /[0-9A-Za-z_-]/;
/** Characters PyYAML accepts right after an anchor or alias name. */
const AFTER_ANCHOR = new Set(['', ' ', '\t', '\r', '\n', '\x85', '\u2028', '\u2029', '?', ':', ',', ']', '}', '%', '@', '`']);

interface Span {
  start: number;
  end: number;
}

export function pyyamlSyntaxProblems(text: string, tokens: readonly CST.Token[]): YamlProblem[] {
  const problems: YamlProblem[] = [];
  const tabSafe: Span[] = [];
  let yamlDirectiveSeen = false;
  const visit = (token: CST.Token | null | undefined, flowDepth: number): void => {
    if (!token) return;
    switch (token.type) {
      case 'directive': {
        const problem = directiveProblem(token, yamlDirectiveSeen);
        if (token.source.startsWith('%YAML')) yamlDirectiveSeen = true;
        if (problem) problems.push(problem);
        return;
      }
      case 'document':
        token.start.forEach((t) => visit(t, flowDepth));
        visit(token.value, flowDepth);
        token.end?.forEach((t) => visit(t, flowDepth));
        return;
      case 'doc-end':
        token.end?.forEach((t) => visit(t, flowDepth));
        return;
      case 'block-map':
      case 'block-seq':
        for (const item of token.items) visitItem(item, flowDepth, token.type === 'block-map' ? 'block' : null, token.offset);
        return;
      case 'flow-collection':
        visit(token.start, flowDepth + 1);
        for (const item of token.items) visitItem(item, flowDepth + 1, 'flow', token.offset);
        token.end.forEach((t) => visit(t, flowDepth + 1));
        return;
      case 'block-scalar':
        token.props.forEach((t) => visit(t, flowDepth));
        blockScalarTabZones(token, tabSafe);
        return;
      case 'single-quoted-scalar':
      case 'double-quoted-scalar':
        tabSafe.push({ start: token.offset, end: token.offset + token.source.length });
        token.end?.forEach((t) => visit(t, flowDepth));
        return;
      case 'scalar':
        if (flowDepth > 0) flowPlainScalar(token, problems);
        token.end?.forEach((t) => visit(t, flowDepth));
        return;
      case 'alias':
        anchorName(token, text, 'alias', problems);
        token.end?.forEach((t) => visit(t, flowDepth));
        return;
      case 'anchor':
        anchorName(token, text, 'anchor', problems);
        return;
      case 'comment':
        tabSafe.push({ start: token.offset, end: token.offset + token.source.length });
        return;
    }
  };
  const visitItem = (item: CST.CollectionItem, flowDepth: number, mapKind: 'block' | 'flow' | null, collectionStart: number): void => {
    item.start.forEach((t) => visit(t, flowDepth));
    visit(item.key, flowDepth);
    const explicitKey = item.start.some((t) => t.type === 'explicit-key-ind');
    const props = item.start.some((t) => t.type === 'anchor' || t.type === 'tag');
    const valueIndicator = item.sep?.find((t) => t.type === 'map-value-ind');
    if (!item.key && !explicitKey && !props && valueIndicator) {
      problems.push(
        mapKind === 'block'
          ? {
              pyClass: 'ParserError',
              kind: 'syntax',
              message: "expected <block end>, but found ':'",
              start: valueIndicator.offset,
              end: valueIndicator.offset + 1,
              context: { message: 'while parsing a block mapping', start: collectionStart },
            }
          : {
              pyClass: 'ParserError',
              kind: 'syntax',
              message: "expected the node content, but found ':'",
              start: valueIndicator.offset,
              end: valueIndicator.offset + 1,
              context: { message: 'while parsing a flow node', start: valueIndicator.offset },
            },
      );
    }
    item.sep?.forEach((t) => visit(t, flowDepth));
    visit(item.value, flowDepth);
  };
  tokens.forEach((t) => visit(t, 0));
  pushAll(problems, tabProblems(text, tabSafe));
  return problems.sort((a, b) => a.start - b.start);
}

/** PyYAML accepts `%YAML 1.x` once per document, and only version 1. */
function directiveProblem(token: CST.Directive, yamlDirectiveSeen: boolean): YamlProblem | null {
  const match = /^%YAML(?:[ ]+(\S*))?/.exec(token.source);
  if (!match) return null;
  const at = (message: string, pyClass: YamlProblem['pyClass'] = 'ParserError'): YamlProblem => ({
    pyClass,
    kind: 'yaml-version',
    message,
    start: token.offset,
    end: token.offset + token.source.length,
  });
  if (!/^\d+\.\d+$/.test(match[1] ?? '')) return at("expected a digit or '.' in the YAML directive", 'ScannerError');
  if (yamlDirectiveSeen) return at('found duplicate YAML directive');
  if (Number(match[1].split('.')[0]) !== 1) return at('found incompatible YAML document (version 1.* is required)');
  return null;
}

/** PyYAML ends flow plain scalars at '?' and does not let them start with ':'. */
function flowPlainScalar(token: CST.FlowScalar, problems: YamlProblem[]): void {
  if (token.source.startsWith(':')) {
    problems.push({
      pyClass: 'ParserError',
      kind: 'syntax',
      message: "expected the node content, but found ':'",
      start: token.offset,
      end: token.offset + 1,
      context: { message: 'while parsing a flow node', start: token.offset },
    });
    return;
  }
  const question = token.source.indexOf('?', 1);
  if (question > 0) {
    problems.push({
      pyClass: 'ParserError',
      kind: 'syntax',
      message: "expected ',' or ']', but got '?'",
      start: token.offset + question,
      end: token.offset + question + 1,
      context: { message: 'while parsing a flow collection', start: token.offset },
    });
  }
}

function anchorName(token: { offset: number; source: string }, text: string, kind: 'anchor' | 'alias', problems: YamlProblem[]): void {
  const name = token.source.slice(1);
  let length = 0;
  while (length < name.length && ANCHOR_CHAR.test(name[length])) length++;
  const badAt = token.offset + 1 + length;
  const next = length < name.length ? name[length] : text.slice(badAt, badAt + 1);
  if (length > 0 && AFTER_ANCHOR.has(next)) return;
  problems.push({
    pyClass: 'ScannerError',
    kind: 'syntax',
    message: `expected alphabetic or numeric character, but found ${JSON.stringify(next === '' ? '\0' : next).replace(/^"|"$/g, "'")}`,
    start: badAt,
    end: badAt + 1,
    context: { message: `while scanning an ${kind}`, start: token.offset },
  });
}

/**
 * In a block scalar, a tab is content only once the line has reached the
 * content indentation; before that PyYAML ends the scalar and then rejects the tab.
 */
function blockScalarTabZones(token: CST.BlockScalar, tabSafe: Span[]): void {
  const props = token.props as CST.SourceToken[];
  const header = props.find((t) => t.type === 'block-scalar-header');
  const lastProp = props[props.length - 1];
  const bodyStart = lastProp ? lastProp.offset + lastProp.source.length : token.offset;
  const indicator = header ? /[1-9]/.exec(header.source)?.[0] : undefined;
  const minIndent = Math.max(1, token.indent + 1);
  const lines = token.source.split('\n');
  let contentIndent: number;
  if (indicator) {
    contentIndent = Math.max(1, token.indent + 1) + Number(indicator) - 1;
  } else {
    let maxBlank = 0;
    contentIndent = minIndent;
    for (const line of lines) {
      const spaces = /^ */.exec(line)![0].length;
      if (spaces === line.replace(/\r$/, '').length) {
        maxBlank = Math.max(maxBlank, spaces);
        continue;
      }
      contentIndent = Math.max(minIndent, spaces, maxBlank);
      break;
    }
  }
  let lineStart = bodyStart;
  for (const line of lines) {
    const spaces = /^ */.exec(line)![0].length;
    if (spaces >= contentIndent) tabSafe.push({ start: lineStart + contentIndent, end: lineStart + line.length });
    lineStart += line.length + 1;
  }
}

/** The spans (comments, quoted scalars, block scalar content) never overlap, so one sweep suffices. */
function tabProblems(text: string, tabSafe: Span[]): YamlProblem[] {
  const spans = tabSafe.sort((a, b) => a.start - b.start);
  const problems: YamlProblem[] = [];
  let spanIndex = 0;
  for (let i = text.indexOf('\t'); i !== -1; i = text.indexOf('\t', i + 1)) {
    while (spanIndex < spans.length && spans[spanIndex].end <= i) spanIndex++;
    if (spanIndex < spans.length && spans[spanIndex].start <= i) continue;
    problems.push({
      pyClass: 'ScannerError',
      kind: 'tab',
      message: "found character '\\t' that cannot start any token",
      start: i,
      end: i + 1,
      context: { message: 'while scanning for the next token', start: i },
    });
    // PyYAML stops at its first error; one tab problem is enough to explain the failure.
    break;
  }
  return problems;
}
