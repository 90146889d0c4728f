/** The package version, injected by the bundler (scripts/build.mjs) and by vitest.config.ts. */
declare const SWE_BUNDLE_VERSION: string;

export const VERSION: string = typeof SWE_BUNDLE_VERSION === 'string' ? SWE_BUNDLE_VERSION : '0.0.0-dev';
