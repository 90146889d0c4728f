#!/bin/bash
# The Emacs test, in one Emacs version: headless Emacs (--batch) with the eglot setup of
# docs/editors.md, written unchanged as ~/.emacs.d/init.el, drives the built language server
# (eglot_test.el). Recipe from ../shared/editor-tests (emacs-eglot-smoke.el).
#
# Usage: run.sh EMACS [SERVER_JS]
#   EMACS      28  Debian 12's Emacs (apt-get install emacs-nox elpa-eglot elpa-yaml-mode; `emacs` on PATH)
#              30  Debian trixie's emacs-nox and elpa-yaml-mode, unpacked (../scripts/unpacked-editor.sh)
#   SERVER_JS  the built server (default: dist/server.js, from `npm run build`)
# Env:
#   WORK     work dir (default: mktemp -d): HOME, the workspace copy (a git repository)
#   TIMEOUT  seconds before Emacs is killed (default 120)
#   EMACS    the Emacs binary to use instead (its version must still be EMACS)
#   EDITOR_CACHE  where unpacked editors are cached (see unpacked-editor.sh)
# Exit: 0 = pass; 1 = a check failed; 2 = no such Emacs (an error, never a skip); 124 = killed by the timeout.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../../.." && pwd)
[ $# -ge 1 ] || { sed -n '6,9p' "$0" >&2; exit 2; }
WANT=$1
SERVER=$(realpath -e "${2:-$REPO/dist/server.js}") || { echo "no built server (run npm run build)" >&2; exit 2; }
case $WANT in
  28) SOURCE=apt ;;
  30) SOURCE=trixie ;;
  *) echo "unknown Emacs $WANT (28 or 30)" >&2; exit 2 ;;
esac
EMACS=$("$HERE/../scripts/pick-editor.sh" emacs "$SOURCE" "$WANT" "${EMACS:-}") || exit 2
WORK=${WORK:-$(mktemp -d)}; mkdir -p "$WORK"; WORK=$(realpath "$WORK")
D=$WORK/emacs-$WANT
rm -rf "$D"; mkdir -p "$D/home/.emacs.d" "$D/bin"
cp -a "$HERE/../fixtures/workspace" "$D/swe-agent-project"
# A project in git, as SWE-agent projects are: eglot's project root is the repository.
git -C "$D/swe-agent-project" init -q
"$HERE/../scripts/doc-snippet.sh" "$REPO/docs/editors.md" "emacs-setup: eglot" > "$D/home/.emacs.d/init.el" || exit 1
ln -s "$SERVER" "$D/bin/swe-bundle-language-server" # what `npm install --global .` puts on PATH

. "$HERE/../scripts/run-group.sh"
RC=0
run_group "${TIMEOUT:-120}" env HOME="$D/home" PATH="$D/bin:$PATH" SWE_BUNDLE_ROOT="$D/swe-agent-project" \
  "$EMACS" --batch -l "$HERE/eglot_test.el" || RC=$?
echo "== the same Emacs, started interactively in a terminal"
"$HERE/../scripts/interactive-start.sh" emacs "$EMACS" || RC=1
echo "rc=$RC, work dir $D"
exit $RC
