/** Every editing feature the server offers. */
import { completionFeature } from './completion';
import { hoverFeature } from './hover';
import { navigationFeature } from './navigation';
import { renameFeature } from './rename';
import { codeActionFeature } from './codeActions';
import { foldingFeature } from './folding';
import { selectionRangeFeature } from './selectionRanges';
import { semanticTokensFeature } from './semanticTokens';
import { inlayHintFeature } from './inlayHints';
import { codeLensFeature } from './codeLens';
import { documentSymbolFeature } from './documentSymbols';
import { documentLinkFeature } from './documentLinks';
import { workspaceSymbolFeature } from './workspaceSymbols';
import { judgedByFeature } from './judgedBy';
import { Feature } from './feature';

export const FEATURES: Feature[] = [
  documentSymbolFeature,
  completionFeature,
  hoverFeature,
  navigationFeature,
  renameFeature,
  codeActionFeature,
  foldingFeature,
  selectionRangeFeature,
  semanticTokensFeature,
  inlayHintFeature,
  codeLensFeature,
  documentLinkFeature,
  workspaceSymbolFeature,
  judgedByFeature,
];
