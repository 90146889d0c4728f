#!/bin/bash
# The editor binary a suite tests, after checking that it is the version the suite names: prints its
# path on stdout and its version line on stderr. A missing editor, or another version, is an error.
#
# Usage: pick-editor.sh EDITOR SOURCE VERSION [BINARY]
#   EDITOR   nvim or emacs
#   SOURCE   apt (the one on PATH, from Debian 12's package) or a newer Debian suite (trixie, sid),
#            unpacked and cached by unpacked-editor.sh
#   VERSION  what `EDITOR --version` must say: 0.10 for "NVIM v0.10.x", 30 for "GNU Emacs 30.x"
#   BINARY   use this binary instead (it must still be VERSION)
# Exit: 0 = found; 2 = missing, or another version.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
[ $# -ge 3 ] || { sed -n '5,10p' "$0" >&2; exit 2; }
editor=$1 source=$2 version=$3 binary=${4:-}
case $editor in
  nvim) package=neovim; line="NVIM v$version." ;;
  emacs) package="emacs-nox elpa-eglot elpa-yaml-mode"; line="GNU Emacs $version." ;;
  *) echo "unknown editor $editor (nvim or emacs)" >&2; exit 2 ;;
esac
if [ -z "$binary" ]; then
  if [ "$source" = apt ]; then
    binary=$(command -v "$editor") || { echo "no $editor on PATH (apt-get install $package)" >&2; exit 2; }
  else
    binary=$("$HERE/unpacked-editor.sh" "$editor" "$source") || { echo "could not unpack $editor from Debian $source" >&2; exit 2; }
  fi
fi
found=$("$binary" --version 2>/dev/null | head -n 1)
echo "$found ($binary)" >&2
case $found in
  "$line"*) echo "$binary" ;;
  *) echo "expected ${line}x, got '$found': update the versions in the suite's run.sh, .ci/run and the docs" >&2; exit 2 ;;
esac
