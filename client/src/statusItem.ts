/**
 * The status bar item. The server reports `sweBundle/status`:
 * `{state: 'indexing'}` while it reads the workspace's bundles and agent
 * configs, then `{state: 'ready', bundles, agentConfigs}`, and answers
 * `sweBundle/judgedBy` with the SWE-agent the active document is judged by
 * and why. The item shows while the server starts and indexes, when it has
 * stopped, and whenever a claimed document is in the active editor (then
 * with its SWE-agent); clicking it shows the output.
 */
import { Disposable, MarkdownString, StatusBarAlignment, StatusBarItem, ThemeColor, window, workspace } from 'vscode';

export const STATUS_NOTIFICATION = 'sweBundle/status';
export const JUDGED_BY_REQUEST = 'sweBundle/judgedBy';

/** Which SWE-agent a document is judged by (`SWE-agent v1.0.1`), and why (`set by sweBundle.sweAgent`). */
export interface JudgedBy {
  label: string;
  reason: string;
}

/** Reads the request's answer; anything malformed (or null: not a bundle or agent config) is null. */
export function parseJudgedBy(result: unknown): JudgedBy | null {
  if (typeof result !== 'object' || result === null) return null;
  const { label, reason } = result as Record<string, unknown>;
  return typeof label === 'string' && typeof reason === 'string' ? { label, reason } : null;
}

export type ServerStatus =
  | { state: 'starting' }
  | { state: 'indexing' }
  | { state: 'ready'; bundles: number; agentConfigs: number; truncated: boolean }
  | { state: 'stopped'; reason: string };

/** What the item adds in Restricted Mode: the settings VS Code then takes from the user only (package.json `restrictedConfigurations`). */
export const RESTRICTED_NOTE =
  "Restricted Mode: this workspace's own `sweBundle` settings that make the server run or read more (server.path, configRoot, commandLine, filePatterns, agentConfigPatterns, envVariables, rules, sweAgent) are ignored; only your user settings apply. Trust the workspace to use them.";

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Reads the notification's parameters; anything malformed is ignored (null). */
export function parseStatus(params: unknown): ServerStatus | null {
  if (typeof params !== 'object' || params === null) return null;
  const p = params as Record<string, unknown>;
  if (p.state === 'indexing') return { state: 'indexing' };
  if (p.state === 'ready') {
    const number = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);
    return { state: 'ready', bundles: number(p.bundles), agentConfigs: number(p.agentConfigs), truncated: p.truncated === true };
  }
  return null;
}

export class StatusItem implements Disposable {
  private readonly item: StatusBarItem;
  private visible = false;
  private current: ServerStatus = { state: 'starting' };
  private editorClaimed = false;
  private judgedBy: JudgedBy | null = null;
  private readonly trustGranted: Disposable;

  constructor(showOutputCommand: string) {
    this.item = window.createStatusBarItem('sweBundle.status', StatusBarAlignment.Right, 100);
    this.item.name = 'SWE Bundle';
    this.item.command = showOutputCommand;
    this.trustGranted = workspace.onDidGrantWorkspaceTrust(() => this.render());
    this.render();
  }

  get status(): ServerStatus {
    return this.current;
  }

  /** What the item shows now: its text and tooltip as set on the status bar, and whether it is shown. */
  get shown(): { text: string; tooltip: string; visible: boolean } {
    const tooltip = this.item.tooltip;
    return { text: this.item.text, tooltip: typeof tooltip === 'string' ? tooltip : (tooltip?.value ?? ''), visible: this.visible };
  }

  set(status: ServerStatus): void {
    this.current = status;
    this.render();
  }

  /** Whether the active editor shows a document the extension claims. */
  setEditorClaimed(claimed: boolean): void {
    this.editorClaimed = claimed;
    if (!claimed) this.judgedBy = null;
    this.render();
  }

  /** The SWE-agent the active document is judged by (null: not known, or not a bundle or agent config). */
  setJudgedBy(judgedBy: JudgedBy | null): void {
    this.judgedBy = judgedBy;
    this.render();
  }

  private render(): void {
    const s = this.current;
    this.item.backgroundColor = undefined;
    switch (s.state) {
      case 'starting':
        this.item.text = '$(sync~spin) SWE Bundle';
        this.item.tooltip = 'SWE Bundle: starting the language server';
        break;
      case 'indexing':
        this.item.text = '$(sync~spin) SWE Bundle: indexing';
        this.item.tooltip = 'SWE Bundle: reading the bundles and agent configs of the workspace';
        break;
      case 'ready': {
        const judged = this.editorClaimed ? this.judgedBy : null;
        this.item.text = judged ? `$(check) ${judged.label}` : '$(check) SWE Bundle';
        const summary = `${count(s.bundles, 'bundle', 'bundles')}, ${count(s.agentConfigs, 'agent config', 'agent configs')}${s.truncated ? ' (stopped early: too many files)' : ''}`;
        const judgedLine = judged ? `This file is judged by ${judged.label}: ${judged.reason}.\n\n` : '';
        this.item.tooltip = new MarkdownString(`SWE Bundle: ${summary} in the workspace\n\n${judgedLine}Click to show the output.`);
        break;
      }
      case 'stopped':
        this.item.text = '$(error) SWE Bundle';
        this.item.tooltip = `SWE Bundle: the language server is not running (${s.reason}). Click to show the output; run "SWE Bundle: Restart Server" to start it again.`;
        this.item.backgroundColor = new ThemeColor('statusBarItem.errorBackground');
        break;
    }
    if (!workspace.isTrusted) {
      const tooltip = this.item.tooltip;
      this.item.text += ' $(shield)';
      this.item.tooltip = new MarkdownString(`${typeof tooltip === 'string' ? tooltip : (tooltip?.value ?? '')}\n\n${RESTRICTED_NOTE}`);
    }
    this.visible = s.state !== 'ready' || this.editorClaimed;
    if (this.visible) this.item.show();
    else this.item.hide();
  }

  dispose(): void {
    this.trustGranted.dispose();
    this.item.dispose();
  }
}
