// The `vsce package` arguments for the extension's manifest. Without a `repository`, vsce can
// neither link the README's relative links to it nor leave them alone unless told: then keep them
// relative (they resolve inside the installed extension, where the image is packaged) and say that
// no repository is expected. Once package.json has a `repository`, vsce's own defaults apply: it
// makes the links absolute, pointing into the repository.
export function vsceArguments(manifest, outFile) {
  const args = ['package', '--no-dependencies', '-o', outFile];
  if (!manifest.repository) args.push('--allow-missing-repository', '--no-rewrite-relative-links');
  return args;
}
