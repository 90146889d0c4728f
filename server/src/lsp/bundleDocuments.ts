/**
 * Open bundle documents and their analysis, cached by URI and version. Each
 * document keeps its own BundleAnalyzer, so an edit re-checks only the tool
 * it touched. Closing a document evicts everything kept for it.
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import { BundleAnalyzer, BundleModel } from '../engine/document/bundleModel';
import { PositionMapper, PositionedDiagnostic, positionDiagnostics } from '../engine/document/positioned';
import { isBundleConfig } from '../engine/fileKind';
import { applyRuleSettings } from '../engine/rules/applyRuleSettings';
import { Settings } from './settings';
import { classificationPath } from './uris';

export interface AnalyzedDocument {
  document: TextDocument;
  model: BundleModel;
  mapper: PositionMapper;
  diagnostics: PositionedDiagnostic[];
}

interface Entry {
  analyzer: BundleAnalyzer;
  version: number;
  generation: number;
  result: AnalyzedDocument;
}

export class BundleDocuments {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly settings: Settings) {}

  isBundle(document: TextDocument): boolean {
    return isBundleConfig(classificationPath(document.uri), document.getText(), this.settings.config.filePatterns);
  }

  /** The analysis of the document's current version, or null when it is not a bundle config. */
  analyze(document: TextDocument): AnalyzedDocument | null {
    if (!this.isBundle(document)) {
      this.entries.delete(document.uri);
      return null;
    }
    const entry = this.entries.get(document.uri);
    if (entry && entry.version === document.version && entry.generation === this.settings.generation) return entry.result;
    const analyzer = entry?.analyzer ?? new BundleAnalyzer();
    const model = analyzer.analyze(document.getText(), this.settings.toolCheckOptions);
    const mapper = new PositionMapper(model.source);
    const diagnostics = positionDiagnostics(applyRuleSettings(model.diagnostics, model.source.normalized, this.settings.config.rules), mapper);
    const result = { document, model, mapper, diagnostics };
    this.entries.set(document.uri, { analyzer, version: document.version, generation: this.settings.generation, result });
    return result;
  }

  close(uri: string): void {
    this.entries.delete(uri);
  }

  get size(): number {
    return this.entries.size;
  }
}
