// `npm run package`: builds the extension for production and packages it as swe-bundle.vsix, with
// the project's LICENSE (the repository root's, copied here: the repository keeps one copy) next to
// the README and the CHANGELOG.
import { execFileSync } from 'child_process';
import { copyFileSync, existsSync, readFileSync } from 'fs';
import { vsceArguments } from './vsceArguments.mjs';

const client = new URL('..', import.meta.url).pathname;
const license = new URL('../../LICENSE', import.meta.url).pathname;
if (!existsSync(license)) throw new Error(`no LICENSE at the repository root (${license}): the .vsix must ship one`);
copyFileSync(license, `${client}LICENSE`);
execFileSync(process.execPath, ['scripts/build.mjs', '--production'], { cwd: client, stdio: 'inherit' });
const manifest = JSON.parse(readFileSync(`${client}package.json`, 'utf8'));
// stdin is not a terminal, so vsce never waits on a question (it asks one about a missing repository).
execFileSync(`${client}node_modules/.bin/vsce`, vsceArguments(manifest, 'swe-bundle.vsix'), { cwd: client, stdio: ['ignore', 'inherit', 'inherit'] });
