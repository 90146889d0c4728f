#!/bin/bash
# Prints one documented setup, exactly as docs/editors.md has it: the fenced code block right after
# the marker line `<!-- MARKER -->`, without the fences. The editor suites write it as the editor's
# init file, so the docs and the tests cannot drift apart.
#
# Usage: doc-snippet.sh DOC MARKER      e.g. doc-snippet.sh docs/editors.md 'neovim-setup: 0.7'
# Exit: 0 = printed; 1 = no such marker, or it is not followed by a closed code block.
set -euo pipefail
[ $# -eq 2 ] || { sed -n '6p' "$0" >&2; exit 2; }
awk -v marker="<!-- $2 -->" '
  state == 0 && $0 == marker { state = 1; next }
  state == 1 { if ($0 ~ /^```[a-z]+$/) { state = 2; next } else exit 1 }
  state == 2 && $0 == "```" { state = 3; exit }
  state == 2 { print }
  END { exit state == 3 ? 0 : 1 }
' "$1" || { echo "doc-snippet.sh: no code block after <!-- $2 --> in $1" >&2; exit 1; }
