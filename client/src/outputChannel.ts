/**
 * The "SWE Bundle" output channel: a log channel (timestamps, levels, the
 * Output panel's level filter) that the language client writes to as if it
 * were a plain channel. The client prefixes its lines `[Error - 10:00:00]`,
 * `[Warn  - …]`, `[Info  - …]`, `[Trace - …]`; those become log levels, and the
 * lines that follow a header (request data, a stack) keep its level. The
 * server's stderr and the protocol trace (`sweBundle.trace.server`) are
 * logged at the info level, so the trace shows without changing the
 * channel's level.
 */
import { LogOutputChannel, OutputChannel, ViewColumn, window } from 'vscode';

type Level = 'error' | 'warn' | 'info' | 'debug';

const HEADER = /^\[(Error|Warn|Info|Debug|Trace|LSP)\s*- [^\]]*\] ?/;
const LEVEL_OF: Record<string, Level> = { Error: 'error', Warn: 'warn', Info: 'info', Debug: 'debug', Trace: 'info', LSP: 'info' };

export class LeveledOutputChannel implements OutputChannel {
  readonly name: string;
  readonly log: LogOutputChannel;
  private partial = '';
  private level: Level = 'info';
  private resetQueued = false;

  constructor(name: string) {
    this.name = name;
    this.log = window.createOutputChannel(name, { log: true });
  }

  append(value: string): void {
    const lines = (this.partial + value).split(/\r?\n/);
    this.partial = lines.pop() ?? '';
    for (const line of lines) this.line(line);
  }

  appendLine(value: string): void {
    this.append(value + '\n');
  }

  private line(text: string): void {
    const header = HEADER.exec(text);
    if (header) {
      this.level = LEVEL_OF[header[1]] ?? 'info';
      text = text.slice(header[0].length);
      // The client writes a header and its data lines in one go; whatever comes later (stderr) starts over at info.
      if (!this.resetQueued) {
        this.resetQueued = true;
        queueMicrotask(() => {
          this.level = 'info';
          this.resetQueued = false;
        });
      }
    }
    if (text === '' && !header) return;
    this.log[this.level](text);
  }

  replace(value: string): void {
    this.log.replace(value);
  }

  clear(): void {
    this.log.clear();
  }

  show(columnOrPreserveFocus?: ViewColumn | boolean, preserveFocus?: boolean): void {
    if (typeof columnOrPreserveFocus === 'boolean' || columnOrPreserveFocus === undefined) this.log.show(columnOrPreserveFocus);
    else this.log.show(columnOrPreserveFocus, preserveFocus);
  }

  hide(): void {
    this.log.hide();
  }

  dispose(): void {
    if (this.partial) this.line(this.partial);
    this.partial = '';
    this.log.dispose();
  }
}
