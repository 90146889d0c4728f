/** Entry point of `swe-bundle-language-server` (placeholder until the LSP wiring lands). */
export {};
