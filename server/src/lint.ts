/** Entry point of `swe-bundle-lint`. */
import { runLint } from './cli/main';

const code = runLint(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  env: process.env,
});
process.exitCode = code;
