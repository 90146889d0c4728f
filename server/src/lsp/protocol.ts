/**
 * `vscode-languageserver/node`, imported here once for the whole server. The
 * package is CommonJS, and the bundle copies the namespace of such a module
 * (321 names, as getters) for every module that imports a value from it: 21
 * copies took 30 ms of each start (issue 21). Every other file of `lsp/`
 * imports it from here.
 */
export * from 'vscode-languageserver/node';
