/** Entry point of `swe-bundle-lint`. */
import { runLint } from './cli/main';

// A reader that stops early (`swe-bundle-lint . | head`) closes the pipe, and the writes still
// queued fail with EPIPE: stop there, quietly, with the status already decided, as other
// command-line tools do (Node ignores SIGPIPE, so the error would otherwise end in a stack trace).
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(process.exitCode ?? 0);
  });
}

const code = runLint(process.argv.slice(2), {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
  cwd: process.cwd(),
  env: process.env,
});
process.exitCode = code;
