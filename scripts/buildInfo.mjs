// What the bundles learn at build time, from package.json and docs/rules.md: the version, the
// project's public addresses (none until package.json has `homepage` or `repository`) and the rule
// reference the SARIF output describes its rules with. scripts/build.mjs passes these to esbuild as
// `define`s and vitest.config.mts to vitest, so dist/ and the tests see the same values; the CLI
// reads no file of its own at run time (server/src/cli/format/buildInfo.ts declares them).
import { readFileSync } from 'fs';
import hostedGitInfo from 'hosted-git-info';

/** `https://…` or `http://…`, else null: what a SARIF `format: uri` link may be. */
function absoluteUrl(value) {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The web addresses package.json gives: its homepage, and the rule docs in its repository. */
export function projectLinks(pkg) {
  const repository = typeof pkg.repository === 'string' ? { url: pkg.repository } : (pkg.repository ?? {});
  const hosted = typeof repository.url === 'string' ? hostedGitInfo.fromUrl(repository.url) : undefined;
  const inRepository = (file) => (repository.directory ? `${repository.directory.replace(/\/+$/, '')}/${file}` : file);
  const repositoryUrl = hosted ? absoluteUrl(hosted.browse()) : null;
  return {
    homepage: absoluteUrl(pkg.homepage) ?? repositoryUrl,
    rulesDoc: hosted ? absoluteUrl(hosted.browse(inRepository('docs/rules.md'))) : null,
  };
}

/** The `define`s of a build of the repository at `root` (a file: URL of its folder). */
export function buildDefines(root) {
  const pkg = JSON.parse(readFileSync(new URL('package.json', root), 'utf8'));
  return {
    SWE_BUNDLE_VERSION: JSON.stringify(pkg.version),
    SWE_BUNDLE_LINKS: JSON.stringify(projectLinks(pkg)),
    SWE_BUNDLE_RULES_DOC: JSON.stringify(readFileSync(new URL('docs/rules.md', root), 'utf8')),
  };
}
