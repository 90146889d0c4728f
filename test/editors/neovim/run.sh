#!/bin/bash
# The Neovim tests: headless Neovim (0.7+) drives the built language server through its own LSP
# client. lsp_test.lua checks the server's answers; docs_test.lua runs the Neovim setups of
# docs/editors.md as written. Recipe from ../shared/editor-tests (nvim-smoke.lua).
#
# Usage: run.sh [SERVER_JS]
#   SERVER_JS  the built server (default: dist/server.js, from `npm run build`)
# Env:
#   WORK      work dir (default: mktemp -d): workspace copies, Neovim's state and lsp.log
#   TIMEOUT   seconds before one Neovim run is killed (default 120)
#   NVIM      the Neovim binary (default nvim)
#   NODE      the Node.js that runs the server (default node)
# Exit: 0 = pass; 1 = a check failed (the output says which); 124 = a run was killed by the timeout.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../../.." && pwd)
SERVER=$(realpath -e "${1:-$REPO/dist/server.js}") || { echo "no built server (run npm run build)" >&2; exit 2; }
WORK=${WORK:-$(mktemp -d)}; mkdir -p "$WORK"; WORK=$(realpath "$WORK")
command -v "${NVIM:-nvim}" >/dev/null || { echo "no ${NVIM:-nvim} on PATH (apt-get install neovim)" >&2; exit 2; }
"${NVIM:-nvim}" --version | head -n 1
export SWE_BUNDLE_SERVER="${NODE:-node} $SERVER --stdio" SWE_BUNDLE_DOCS=$REPO/docs/editors.md

PID=
trap '[ -z "$PID" ] || kill -- -"$PID" 2>/dev/null' EXIT
trap 'exit 130' INT TERM

# run NAME SCRIPT [VAR=VALUE...]: one headless Neovim on a fresh copy of the fixture workspace.
run() {
  local name=$1 script=$2; shift 2
  local dir=$WORK/$name
  rm -rf "$dir"; mkdir -p "$dir"; cp -a "$HERE/../fixtures/workspace" "$dir/swe-agent-project"
  echo "== $name"
  # Neovim writes its log, lsp.log (with the server's stderr) and ShaDa under XDG dirs: keep them here.
  # setsid + group kill: Neovim and the server it spawned go together, even on timeout.
  env XDG_CONFIG_HOME="$dir/config" XDG_DATA_HOME="$dir/data" XDG_STATE_HOME="$dir/state" XDG_CACHE_HOME="$dir/cache" \
    SWE_BUNDLE_ROOT="$dir/swe-agent-project" "$@" \
    setsid timeout "${TIMEOUT:-120}" "${NVIM:-nvim}" --headless -u NONE -i NONE -n -c "luafile $HERE/$script" </dev/null &
  PID=$!
  local rc=0
  wait "$PID" || rc=$?
  kill -- -"$PID" 2>/dev/null; PID=
  [ $rc -eq 124 ] && echo "FAIL: Neovim did not finish within ${TIMEOUT:-120} s (killed)"
  if [ $rc -ne 0 ] && [ -f "$dir/cache/nvim/lsp.log" ]; then echo; echo "--- lsp.log tail"; tail -n 20 "$dir/cache/nvim/lsp.log"; fi
  return $rc
}

RC=0
run lsp lsp_test.lua || RC=$?
for setup in 0.11 0.8 preview; do
  run "docs-$setup" docs_test.lua SWE_BUNDLE_SETUP=$setup || RC=$?
done
echo "rc=$RC, work dir $WORK"
exit $RC
