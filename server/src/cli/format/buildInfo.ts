/**
 * What the lint CLI knows of its own package, fixed at build time by scripts/buildInfo.mjs (esbuild's
 * and vitest's `define`s): the project's web addresses from package.json, and docs/rules.md, which
 * the SARIF output describes its rules with. Nothing here is read from disk at run time.
 */
declare const SWE_BUNDLE_LINKS: ProjectLinks | undefined;
declare const SWE_BUNDLE_RULES_DOC: string | undefined;

export interface ProjectLinks {
  /** package.json's `homepage` (else its repository's web page), when it is an absolute http(s) URL. */
  homepage: string | null;
  /** docs/rules.md in package.json's `repository`, when that is a known host (GitHub, GitLab, ...). */
  rulesDoc: string | null;
}

export const PROJECT_LINKS: ProjectLinks = typeof SWE_BUNDLE_LINKS === 'object' && SWE_BUNDLE_LINKS !== null ? SWE_BUNDLE_LINKS : { homepage: null, rulesDoc: null };

export const RULES_DOC: string = typeof SWE_BUNDLE_RULES_DOC === 'string' ? SWE_BUNDLE_RULES_DOC : '';
