/**
 * How the .vsix is packaged (client/scripts/vsceArguments.mjs): the README's relative links stay
 * relative while package.json has no `repository` (they resolve inside the installed extension,
 * which packages the image); once it has one, vsce's defaults make them point into it. The .vsix
 * itself is installed and tested in real VS Code (test/editors/vscode).
 */
import { describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ES module of the client's build scripts, without type declarations
import { vsceArguments } from '../../client/scripts/vsceArguments.mjs';

describe('vsce package arguments', () => {
  it('keep the relative links, and expect no repository, while there is none', () => {
    expect(vsceArguments({ name: 'swe-bundle' }, 'out.vsix')).toEqual(['package', '--no-dependencies', '-o', 'out.vsix', '--allow-missing-repository', '--no-rewrite-relative-links']);
  });

  it('leave the links to vsce once package.json has a repository', () => {
    expect(vsceArguments({ name: 'swe-bundle', repository: { type: 'git', url: 'https://example.invalid/swe-bundle-lsp.git' } }, 'out.vsix')).toEqual(['package', '--no-dependencies', '-o', 'out.vsix']);
  });
});
