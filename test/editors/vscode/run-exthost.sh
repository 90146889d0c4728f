#!/bin/bash
# The extension-host suite (suite/*.test.js) in real VS Code, against the extension as users
# install it: `code-server --install-extension` installs the .vsix into a fresh extensions folder,
# then the bare VS Code server that ships in code-server (lib/vscode/out/server-main.js) runs the
# suite inside its Node extension host, with the real `vscode` API, while headless Chromium drives
# the workbench (exthost-driver.js). Recipe from ../shared/editor-tests (vscode-server-exttest.sh).
# Afterwards the extension host's log must hold no warning or error of the extension.
#
# Usage: run-exthost.sh CODE_SERVER_PKG VSIX
#   CODE_SERVER_PKG  installed npm package dir (.../node_modules/code-server)
#   VSIX             the packaged extension (client/swe-bundle.vsix, from `npm run package`)
# Env:
#   PORT     (default 18094)          WORK  work dir (default: mktemp -d); logs stay there
#   TIMEOUT  driver timeout, s (300)  CHROMIUM, SUITE_TIMEOUT_MS: see exthost-driver.js
#   SUITE_GREP  run only the tests whose title matches (mocha --grep)
# The fixture workspace (../fixtures/workspace) is copied to $WORK/ws first: the suite edits
# documents and settings there. Exit: 0 = suite passed; non-zero otherwise.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 2 ] || { sed -n '9,11p' "$0" >&2; exit 2; }
CSPKG=$(realpath -e "$1") && VSIX=$(realpath -e "$2") || exit 2
REPO=$(cd "$HERE/../../.." && pwd)
TESTS=$HERE/suite/index.js
PORT=${PORT:-18094}
WORK=${WORK:-$(mktemp -d)}; mkdir -p "$WORK"; WORK=$(realpath "$WORK")
D=$WORK/vscode-exttest; rm -rf "$D" "$WORK/ws"; mkdir -p "$D/user/User" "$D/server" "$D/ext" "$D/xdg" "$D/tmp" "$D/no-extension-in-development"
cp -a "$HERE/../fixtures/workspace" "$WORK/ws"
# Keep HOME and /tmp clean: deviceid under XDG_CACHE_HOME, vscode-ipc/-git sockets and the
# Chromium profile under TMPDIR.
export XDG_CONFIG_HOME=$D/xdg XDG_DATA_HOME=$D/xdg XDG_CACHE_HOME=$D/xdg TMPDIR=$D/tmp
# files.autoSave: off, as desktop VS Code has it (the web workbench saves a second after an edit, so
# a test that waits longer for the server would save its edit, and its revert would undo nothing).
echo '{"security.workspace.trust.enabled": false, "telemetry.telemetryLevel": "off",
 "update.mode": "none", "extensions.autoCheckUpdates": false, "files.autoSave": "off"}' > "$D/user/User/settings.json"

if curl -s -o /dev/null "http://127.0.0.1:$PORT/"; then echo "port $PORT is already in use" >&2; exit 2; fi
T0=$EPOCHREALTIME
elapsed() { awk -v a="$T0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f s", b - a }'; }

# As users install it (code-server writes its config under XDG_CONFIG_HOME, set above).
node "$CSPKG/out/node/entry.js" --user-data-dir "$D/user" --extensions-dir "$D/ext" --install-extension "$VSIX" || exit 1
# The suite checks that the installed extension is this one, with the server of this build.
export SWE_BUNDLE_EXTENSIONS_DIR=$D/ext SWE_BUNDLE_SERVER_BUILD=$REPO/dist/server.js

# --enable-smoke-test-driver: a built VS Code only honours ?payload=... with it.
. "$HERE/../scripts/server-group.sh"
start_server_group "$D/server.log" node "$CSPKG/lib/vscode/out/server-main.js" --host 127.0.0.1 --port "$PORT" \
  --without-connection-token --accept-server-license-terms --enable-smoke-test-driver \
  --disable-telemetry --user-data-dir "$D/user" --server-data-dir "$D/server" --extensions-dir "$D/ext"
wait_for_http "http://127.0.0.1:$PORT/" "$D/server.log" "VS Code server" || exit 1
echo "server up after $(elapsed)"

# The harness runs tests only with an extension in development: an empty folder, so the extension
# under test is the installed one.
timeout "${TIMEOUT:-300}" node "$HERE/exthost-driver.js" "$PORT" "$D/no-extension-in-development" "$TESTS" "$WORK/ws"; RC=$?
[ $RC -eq 0 ] || { echo "--- server log tail ($D/server.log)"; tail -n 20 "$D/server.log"; }
# What the extension made VS Code log (for instance a diagnostic collection created twice).
if [ $RC -eq 0 ]; then
  LOGS=$(find "$D/user/logs" -name remoteexthost.log)
  [ -n "$LOGS" ] || { echo "FAIL: no extension host log under $D/user/logs"; RC=1; }
  if grep -E "\[(warning|error)\] (\[swe-bundle-lsp\.swe-bundle\]|DiagnosticCollection with name)" $LOGS; then
    echo "FAIL: the extension host logged the warnings or errors above ($LOGS)"; RC=1
  else
    echo "ok   the extension host logged no warning or error of the extension"
  fi
fi
echo "total $(elapsed), rc=$RC, work dir $WORK"
exit $RC
