/** git for tests, with an identity of its own and no signing, whatever the machine's git config says. */
import { execFileSync } from 'child_process';

export function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', ['-c', 'user.name=swe-bundle-lsp tests', '-c', 'user.email=tests@example.invalid', '-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=main', ...args], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** `git init` (once) and a commit of everything in the folder; returns the commit's id. */
export function commitAll(cwd: string, message = 'test'): string {
  git(cwd, 'init', '-q');
  git(cwd, 'add', '-A');
  git(cwd, 'commit', '-q', '--allow-empty', '-m', message);
  return git(cwd, 'rev-parse', 'HEAD').trim();
}
