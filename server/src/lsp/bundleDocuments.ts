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
import { EngineDiagnostic } from '../engine/diagnostics';
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
  /** For documents without a file path (untitled): their own analyzer. */
  analyzer?: BundleAnalyzer;
}

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

  constructor(
    private readonly settings: Settings,
    private readonly index: WorkspaceIndex,
  ) {}

  private finish(document: TextDocument, model: BundleModel, diagnostics: EngineDiagnostic[]): AnalyzedDocument {
    const mapper = new PositionMapper(model.source, documentLines(document, model.source));
    return { document, model, mapper, diagnostics: positionDiagnostics(applyRuleSettings(diagnostics, model.source.normalized, this.settings.config.rules), mapper) };
  }

  private compute(document: TextDocument, previous: Entry | undefined): Entry['result'] & { analyzer?: BundleAnalyzer } {
    const file = pathOfUri(document.uri);
    const text = document.getText();
    const project = this.index.project;
    if (file && project.looksLikeAgentConfig(file, text)) {
      const agent = project.agent(file);
      if (agent) {
        const source = sourceTextOf(text);
        const mapper = new PositionMapper(source);
        return {
          kind: 'agent',
          analyzed: { document, path: file, agent, mapper, diagnostics: positionDiagnostics(applyRuleSettings(agent.diagnostics, source.normalized, this.settings.config.rules), mapper) },
        };
      }
    }
    if (!isBundleConfig(classificationPath(document.uri), text, this.settings.config.filePatterns)) return { kind: 'other' };
    const options = this.settings.toolCheckOptions;
    const envGiven = this.settings.config.envVariables !== undefined;
    if (file) {
      const result = project.bundleDiagnostics(file, options, !envGiven);
      if (result) return { kind: 'bundle', analyzed: this.finish(document, result.model, result.diagnostics) };
    }
    const analyzer = previous?.analyzer ?? new BundleAnalyzer();
    const model = analyzer.analyze(text, options);
    return { kind: 'bundle', analyzed: this.finish(document, model, model.diagnostics), analyzer };
  }

  private entry(document: TextDocument): Entry {
    const stamp = `${this.settings.generation}:${this.index.generation}`;
    const existing = this.entries.get(document.uri);
    if (existing && existing.version === document.version && existing.stamp === stamp) return existing;
    const computed = this.compute(document, existing);
    const entry: Entry = { version: document.version, stamp, result: computed, analyzer: 'analyzer' in computed ? computed.analyzer : undefined };
    this.entries.set(document.uri, entry);
    return entry;
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
  }
}
