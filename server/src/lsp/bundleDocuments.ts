/**
 * Open documents and their analysis, cached by URI and version. A bundle
 * config is analysed through the workspace project (so agent configs that use
 * it lend their env, and its bin/ folder is checked); an agent config gets its
 * assembly check. Each bundle keeps its own incremental analyzer, so an edit
 * re-checks only the tool it touched. Closing a document evicts its entry.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { BundleAnalyzer, BundleModel } from '../engine/document/bundleModel';
import { LineIndex } from '../engine/document/lineIndex';
import { LineLookup, PositionMapper, PositionedDiagnostic, positionDiagnostics } from '../engine/document/positioned';
import { SourceText, sourceTextOf } from '../engine/document/sourceText';
import { isBundleConfig } from '../engine/fileKind';
import { applyRuleSettings } from '../engine/rules/applyRuleSettings';
import { AgentAnalysis } from '../engine/workspace/project';
import { FileDiagnostic } from '../engine/diagnostics';
import { Settings } from './settings';
import { classificationPath, pathOfUri } from './uris';
import { WorkspaceIndex } from './workspaceIndex';

export interface AnalyzedDocument {
  document: TextDocument;
  model: BundleModel;
  mapper: PositionMapper;
  diagnostics: PositionedDiagnostic[];
}

export interface AnalyzedAgentConfig {
  document: TextDocument;
  path: string;
  agent: AgentAnalysis;
  mapper: PositionMapper;
  diagnostics: PositionedDiagnostic[];
}

interface Entry {
  version: number;
  stamp: string;
  result: { kind: 'bundle'; analyzed: AnalyzedDocument } | { kind: 'agent'; analyzed: AnalyzedAgentConfig } | { kind: 'other' };
}

/** What a document is to the server, from its URI and text. */
type DocumentKind = { kind: 'agent'; file: string } | { kind: 'bundle'; file: string | null } | { kind: 'other' };

/**
 * Line lookups through the editor's document, which keeps its line offsets
 * up to date on every change (building a `LineIndex` per version costs a pass
 * over the whole text), for as long as it holds the analysed text; a
 * `LineIndex` of that text once it has moved on. Only for texts without `\r`,
 * where both count lines alike.
 */
function documentLines(document: TextDocument, source: SourceText): LineLookup | undefined {
  if (source.original !== source.normalized || document.getText() !== source.original) return undefined;
  const version = document.version;
  let own: LineIndex | undefined;
  const lines = (): LineLookup => (document.version === version ? document : (own ??= new LineIndex(source.original)));
  return { positionAt: (offset) => lines().positionAt(offset), offsetAt: (position) => lines().offsetAt(position) };
}

export class BundleDocuments {
  private readonly entries = new Map<string, Entry>();
  /** Bundles without a file path (untitled) have their own analyzer; the project keeps the others'. */
  private readonly ownAnalyzers = new Map<string, BundleAnalyzer>();

  constructor(
    private readonly settings: Settings,
    private readonly index: WorkspaceIndex,
  ) {}

  private finish(document: TextDocument, model: BundleModel, diagnostics: FileDiagnostic[]): AnalyzedDocument {
    const mapper = new PositionMapper(model.source, documentLines(document, model.source));
    return { document, model, mapper, diagnostics: positionDiagnostics(applyRuleSettings(diagnostics, model.source.normalized, this.settings.config.rules), mapper) };
  }

  /** What each open document was found to be, for the version and stamp it was looked at (preparing asks once per slice). */
  private readonly kinds = new Map<string, { version: number; stamp: string; kind: DocumentKind }>();

  private kindOf(document: TextDocument): DocumentKind {
    const known = this.kinds.get(document.uri);
    if (known && known.version === document.version && known.stamp === this.stamp()) return known.kind;
    const kind = this.classify(document);
    this.kinds.set(document.uri, { version: document.version, stamp: this.stamp(), kind });
    return kind;
  }

  private classify(document: TextDocument): DocumentKind {
    const file = pathOfUri(document.uri);
    const text = document.getText();
    if (file && this.index.project.looksLikeAgentConfig(file, text)) return { kind: 'agent', file };
    return isBundleConfig(classificationPath(document.uri), text, this.settings.config.filePatterns) ? { kind: 'bundle', file } : { kind: 'other' };
  }

  private ownAnalyzer(uri: string): BundleAnalyzer {
    let analyzer = this.ownAnalyzers.get(uri);
    if (!analyzer) this.ownAnalyzers.set(uri, (analyzer = new BundleAnalyzer()));
    return analyzer;
  }

  private compute(document: TextDocument): Entry['result'] {
    const text = document.getText();
    const project = this.index.project;
    const kind = this.kindOf(document);
    if (kind.kind === 'agent') {
      const agent = project.agent(kind.file);
      if (!agent) return { kind: 'other' };
      const source = sourceTextOf(text);
      const mapper = new PositionMapper(source);
      return {
        kind: 'agent',
        analyzed: { document, path: kind.file, agent, mapper, diagnostics: positionDiagnostics(applyRuleSettings(agent.diagnostics, source.normalized, this.settings.config.rules), mapper) },
      };
    }
    if (kind.kind === 'other') return { kind: 'other' };
    const options = this.settings.toolCheckOptions;
    const envGiven = this.settings.config.envVariables !== undefined;
    if (kind.file) {
      const result = project.bundleDiagnostics(kind.file, options, !envGiven);
      if (result) return { kind: 'bundle', analyzed: this.finish(document, result.model, result.diagnostics) };
    }
    const model = this.ownAnalyzer(document.uri).analyze(text, options);
    return { kind: 'bundle', analyzed: this.finish(document, model, model.diagnostics) };
  }

  private stamp(): string {
    return `${this.settings.generation}:${this.index.generation}`;
  }

  private current(document: TextDocument): Entry | undefined {
    const existing = this.entries.get(document.uri);
    return existing && existing.version === document.version && existing.stamp === this.stamp() ? existing : undefined;
  }

  private entry(document: TextDocument): Entry {
    const existing = this.current(document);
    if (existing) return existing;
    const entry: Entry = { version: document.version, stamp: this.stamp(), result: this.compute(document) };
    this.entries.set(document.uri, entry);
    return entry;
  }

  /**
   * Does the work of analysing the document's current version ahead, while
   * `hasTime()` allows (BundleAnalyzer.prepare): the server calls it in
   * slices, so a big bundle cannot hold up other requests or cancellation.
   * True when the analysis will find nothing left to do. Agent configs
   * (small, and parsed whole) are analysed in one go.
   */
  prepare(document: TextDocument, hasTime: () => boolean): boolean {
    if (this.current(document)) return true;
    const kind = this.kindOf(document);
    if (kind.kind !== 'bundle') return true;
    const options = this.settings.toolCheckOptions;
    if (kind.file) return this.index.project.prepareBundle(kind.file, options, this.settings.config.envVariables === undefined, hasTime);
    return this.ownAnalyzer(document.uri).prepare(document.getText(), options, hasTime);
  }

  /** The analysis of an open bundle config's current version, or null when it is not one. */
  analyze(document: TextDocument): AnalyzedDocument | null {
    const result = this.entry(document).result;
    return result.kind === 'bundle' ? result.analyzed : null;
  }

  analyzeAgent(document: TextDocument): AnalyzedAgentConfig | null {
    const result = this.entry(document).result;
    return result.kind === 'agent' ? result.analyzed : null;
  }

  /** Diagnostics for any document this server checks, or null for others. */
  diagnostics(document: TextDocument): PositionedDiagnostic[] | null {
    const result = this.entry(document).result;
    return result.kind === 'other' ? null : result.analyzed.diagnostics;
  }

  close(uri: string): void {
    this.entries.delete(uri);
    this.kinds.delete(uri);
    this.ownAnalyzers.delete(uri);
  }
}
