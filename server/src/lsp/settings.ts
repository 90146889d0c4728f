/**
 * The server's view of the shared configuration: `.swe-bundle.json` in a
 * workspace folder, overridden by the editor's `sweBundle` settings (from
 * workspace/configuration, didChangeConfiguration or initializationOptions).
 */
import * as path from 'path';
import { EngineConfig, parseEngineConfig } from '../engine/config';
import { toolCheckOptionsOf } from '../engine/lintText';
import { ToolCheckOptions } from '../engine/swe/checkTool';

export const SETTINGS_SECTION = 'sweBundle';
export const CONFIG_FILE = '.swe-bundle.json';

export class Settings {
  private fileConfig: EngineConfig = {};
  private editorConfig: EngineConfig = {};
  private merged: EngineConfig = {};
  private options: ToolCheckOptions = toolCheckOptionsOf({});
  /** Bumped on every change, so cached results can tell they are stale. */
  generation = 0;
  readonly problems: string[] = [];

  /** Reads `.swe-bundle.json` from the first workspace folder that has one, through `read` (the workspace's guarded file access). */
  loadConfigFile(folders: readonly string[], read: (file: string) => string | null): void {
    this.fileConfig = {};
    for (const folder of folders) {
      const file = path.join(folder, CONFIG_FILE);
      const text = read(file);
      if (text === null) continue;
      try {
        const parsed = parseEngineConfig(JSON.parse(text));
        this.problems.push(...parsed.problems.map((p) => `${file}: ${p}`));
        this.fileConfig = parsed.config;
      } catch (e) {
        this.problems.push(`${file}: ${(e as Error).message}`);
      }
      break;
    }
    this.recompute();
  }

  /** Applies the editor's `sweBundle` settings object. */
  applyEditorSettings(raw: unknown): void {
    const parsed = parseEngineConfig(raw ?? {});
    this.problems.push(...parsed.problems.map((p) => `settings: ${p}`));
    this.editorConfig = parsed.config;
    this.recompute();
  }

  private recompute(): void {
    const merged: EngineConfig = { ...this.fileConfig, ...this.editorConfig };
    merged.rules = { ...(this.fileConfig.rules ?? {}), ...(this.editorConfig.rules ?? {}) };
    this.merged = merged;
    this.options = toolCheckOptionsOf(merged);
    this.generation++;
  }

  get config(): EngineConfig {
    return this.merged;
  }

  /** Stable until the settings change: the engine caches per-tool results against this object. */
  get toolCheckOptions(): ToolCheckOptions {
    return this.options;
  }

  takeProblems(): string[] {
    return this.problems.splice(0, this.problems.length);
  }
}
