#!/bin/bash
# The Neovim tests, in one Neovim version: headless Neovim drives the built language server through
# its own LSP client. docs_test.lua runs the setups of docs/editors.md exactly as documented (each
# one written as the init.lua, with the server on PATH); on 0.7, lsp_test.lua also checks the
# server's answers through the client in detail. Recipe from ../shared/editor-tests (nvim-smoke.lua).
#
# Usage: run.sh NEOVIM [SERVER_JS]
#   NEOVIM     0.7   Debian 12's Neovim (apt-get install neovim; `nvim` on PATH): lsp_test, and the 0.7 setup
#              0.10  Debian trixie's, unpacked (../scripts/unpacked-editor.sh): the 0.8 and 0.7 setups,
#                    and the 0.11 setup, which must say that it needs 0.11 and start nothing
#              0.12  Debian sid's, unpacked: the 0.11 and 0.8 setups (0.12 deprecates the 0.7 setup's
#                    vim.lsp.start_client, and a setup run must print no deprecation warning)
#   SERVER_JS  the built server (default: dist/server.js, from `npm run build`)
# Env:
#   WORK      work dir (default: mktemp -d): workspace copies, Neovim's state and lsp.log
#   TIMEOUT   seconds before one Neovim run is killed (default 120)
#   NVIM      the Neovim binary to use instead (its version must still be NEOVIM)
#   NODE      the Node.js that runs the server (default node)
#   EDITOR_CACHE  where unpacked editors are cached (see unpacked-editor.sh)
# Exit: 0 = pass; 1 = a check failed (the output says which); 2 = no such Neovim; 124 = a run was
# killed by the timeout. A missing Neovim is an error, never a skip.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
REPO=$(cd "$HERE/../../.." && pwd)
[ $# -ge 1 ] || { sed -n '7,11p' "$0" >&2; exit 2; }
NEOVIM=$1
SERVER=$(realpath -e "${2:-$REPO/dist/server.js}") || { echo "no built server (run npm run build)" >&2; exit 2; }
case $NEOVIM in
  0.7) SETUPS="lsp 0.7"; SOURCE=apt ;;
  0.10) SETUPS="0.8 0.7 0.11"; SOURCE=trixie ;;
  0.12) SETUPS="0.11 0.8"; SOURCE=sid ;;
  *) echo "unknown Neovim $NEOVIM (0.7, 0.10 or 0.12)" >&2; exit 2 ;;
esac
NVIM=$("$HERE/../scripts/pick-editor.sh" nvim "$SOURCE" "$NEOVIM" "${NVIM:-}") || exit 2
WORK=${WORK:-$(mktemp -d)}; mkdir -p "$WORK"; WORK=$(realpath "$WORK")
. "$HERE/../scripts/run-group.sh"

# run NAME ARGS...: one headless Neovim on a fresh copy of the fixture workspace, in $WORK/NAME;
# $dir/config is its XDG_CONFIG_HOME and $dir/bin comes first on PATH.
run() {
  local name=$1; shift
  local dir=$WORK/$name
  echo "== $name"
  # Neovim writes its log, lsp.log (with the server's stderr) and ShaDa under XDG dirs: keep them here.
  local rc=0
  run_group "${TIMEOUT:-120}" env XDG_CONFIG_HOME="$dir/config" XDG_DATA_HOME="$dir/data" XDG_STATE_HOME="$dir/state" \
    XDG_CACHE_HOME="$dir/cache" PATH="$dir/bin:$PATH" SWE_BUNDLE_ROOT="$dir/swe-agent-project" \
    "$NVIM" --headless -i NONE -n "$@" || rc=$?
  if [ $rc -ne 0 ]; then
    for log in "$dir"/cache/nvim/lsp.log "$dir"/state/nvim/lsp.log; do
      [ -f "$log" ] && { echo; echo "--- $log (tail)"; tail -n 20 "$log"; }
    done
  fi
  return $rc
}

# fresh NAME: a new work dir for one run, with its own copy of the fixture workspace.
fresh() {
  local dir=$WORK/$1
  rm -rf "$dir"; mkdir -p "$dir/config/nvim" "$dir/bin"
  cp -a "$HERE/../fixtures/workspace" "$dir/swe-agent-project"
}

RC=0
for setup in $SETUPS; do
  if [ "$setup" = lsp ]; then
    fresh lsp
    SWE_BUNDLE_SERVER="${NODE:-node} $SERVER --stdio" run lsp -u NONE -c "luafile $HERE/lsp_test.lua" || RC=1
    continue
  fi
  name=setup-$setup
  fresh "$name"
  dir=$WORK/$name
  # The init.lua is the documented setup and the documented preview command, as they are in the docs.
  { "$HERE/../scripts/doc-snippet.sh" "$REPO/docs/editors.md" "neovim-setup: $setup" && echo &&
    "$HERE/../scripts/doc-snippet.sh" "$REPO/docs/editors.md" "neovim-setup: preview"; } > "$dir/config/nvim/init.lua" || { RC=1; continue; }
  # What `npm install --global .` puts on PATH (the bin of package.json); NODE runs it when set.
  if [ -n "${NODE:-}" ]; then
    printf '#!/bin/sh\nexec %s %s "$@"\n' "$NODE" "$SERVER" > "$dir/bin/swe-bundle-language-server"; chmod +x "$dir/bin/swe-bundle-language-server"
  else
    ln -s "$SERVER" "$dir/bin/swe-bundle-language-server"
  fi
  SWE_BUNDLE_SETUP=$setup run "$name" -c "luafile $HERE/docs_test.lua" || RC=1
done
# Every snippet in the docs is valid Lua, including the nvim-lspconfig one, which CI cannot run.
fresh syntax
for setup in 0.11 0.8 0.7 lspconfig preview; do
  "$HERE/../scripts/doc-snippet.sh" "$REPO/docs/editors.md" "neovim-setup: $setup" > "$WORK/syntax/$setup.lua" || RC=1
done
echo "== every Neovim snippet of docs/editors.md is valid Lua"
run syntax -u NONE -c "lua for _, f in ipairs(vim.fn.glob('$WORK/syntax/*.lua', 0, 1)) do local ok, err = loadfile(f); if not ok then io.stdout:write('FAIL: ' .. err .. '\n'); vim.cmd('cquit 1') end end; io.stdout:write('ok   all five compile\n'); vim.cmd('qall!')" || RC=1
echo "== the same Neovim, started interactively in a terminal"
"$HERE/../scripts/interactive-start.sh" nvim "$NVIM" || RC=1
echo "rc=$RC, work dir $WORK"
exit $RC
