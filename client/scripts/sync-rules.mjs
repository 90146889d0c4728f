// Regenerates the `sweBundle.rules` setting in package.json from the server's rule catalog
// (server/src/engine/rules/ruleCatalog.ts): one severity property per rule code, described by
// the rule's summary and default. test/client/manifest.test.ts fails when the two drift apart.
import { build } from 'esbuild';
import { readFileSync, writeFileSync } from 'fs';

const manifestUrl = new URL('../package.json', import.meta.url);
const bundled = await build({
  entryPoints: [new URL('../../server/src/engine/rules/ruleCatalog.ts', import.meta.url).pathname],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  write: false,
  logLevel: 'warning',
});
const module = { exports: {} };
new Function('module', 'exports', bundled.outputFiles[0].text)(module, module.exports);
const { RULES } = module.exports;

const manifest = JSON.parse(readFileSync(manifestUrl, 'utf8'));
const properties = {};
for (const [code, info] of Object.entries(RULES)) {
  properties[code] = {
    type: 'string',
    enum: ['error', 'warning', 'information', 'hint', 'off'],
    markdownDescription: `${info.summary} Default: \`${info.offByDefault ? 'off' : info.severity}\`.`,
  };
}
manifest.contributes.configuration.properties['sweBundle.rules'].properties = properties;
writeFileSync(manifestUrl, JSON.stringify(manifest, null, 2) + '\n');
console.log(`sweBundle.rules: ${Object.keys(properties).length} rule codes`);
