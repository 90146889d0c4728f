/**
 * The real PyYAML, asked through one long-lived `oracle.py` process fed
 * over stdin: what `yaml.safe_load` does with a text. Needs an interpreter
 * with PyYAML (PYYAML_PYTHON, default Debian's /usr/bin/python3 with
 * python3-yaml), which `.ci/run` installs; `npm test` never starts it.
 */
import { ChildProcessWithoutNullStreams, spawn } from 'child_process';
import * as path from 'path';
import { createInterface } from 'readline';

export type OracleValue = null | { [tag: string]: unknown };

export type OracleAnswer =
  | { ok: true; value: OracleValue }
  | { ok: false; cls: 'ReaderError'; position: number; character: number }
  | { ok: false; cls: 'ScannerError' | 'ParserError' | 'ComposerError' | 'ConstructorError'; problem: string; pm: Mark | null; context: string | null; cm: Mark | null }
  | { ok: false; cls: 'RecursionError' }
  | { ok: false; cls: string; message: string };

/** index (code points), line, column: PyYAML's Mark. */
export type Mark = [number, number, number];

export const PYTHON = process.env.PYYAML_PYTHON ?? '/usr/bin/python3';

export class PyYamlOracle {
  private readonly child: ChildProcessWithoutNullStreams;
  private readonly waiting: ((answer: OracleAnswer) => void)[] = [];
  private failure: Error | null = null;

  constructor() {
    this.child = spawn(PYTHON, [path.join(__dirname, 'oracle.py')], { stdio: ['pipe', 'pipe', 'pipe'] });
    let stderr = '';
    this.child.stderr.on('data', (chunk) => (stderr += chunk));
    this.child.on('exit', (code) => {
      this.failure = new Error(`oracle.py exited with ${code}: ${stderr}`);
      for (const reject of this.waiting.splice(0)) reject({ ok: false, cls: 'OracleExit', message: this.failure.message });
    });
    createInterface({ input: this.child.stdout }).on('line', (line) => this.waiting.shift()?.(JSON.parse(line) as OracleAnswer));
  }

  /** What safe_load does with each text, in order (sent together, answered in turn). */
  ask(texts: readonly string[]): Promise<OracleAnswer[]> {
    if (this.failure) return Promise.reject(this.failure);
    const answers = texts.map((text) => {
      const answer = new Promise<OracleAnswer>((resolve) => this.waiting.push(resolve));
      this.child.stdin.write(JSON.stringify({ text }) + '\n');
      return answer;
    });
    return Promise.all(answers);
  }

  close(): void {
    this.child.stdin.end();
  }
}
