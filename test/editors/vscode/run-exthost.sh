#!/bin/bash
# The extension-host suite (suite/*.test.js) in real VS Code: the bare VS Code server that ships
# in code-server (lib/vscode/out/server-main.js) loads the extension under test and runs the suite
# inside its Node extension host, with the real `vscode` API; headless Chromium drives the
# workbench (exthost-driver.js). Recipe from ../shared/editor-tests (vscode-server-exttest.sh).
#
# Usage: run-exthost.sh CODE_SERVER_PKG EXT_DIR
#   CODE_SERVER_PKG  installed npm package dir (.../node_modules/code-server)
#   EXT_DIR          the extension: an unzipped .vsix (.../extension), or client/ after a build
# Env:
#   PORT     (default 18094)          WORK  work dir (default: mktemp -d); logs stay there
#   TIMEOUT  driver timeout, s (300)  CHROMIUM, SUITE_TIMEOUT_MS: see exthost-driver.js
#   SUITE_GREP  run only the tests whose title matches (mocha --grep)
# The fixture workspace (../fixtures/workspace) is copied to $WORK/ws first: the suite edits
# documents and settings there. Exit: 0 = suite passed; non-zero otherwise.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 2 ] || { sed -n '7,9p' "$0" >&2; exit 2; }
CSPKG=$(realpath -e "$1") && EXT=$(realpath -e "$2") || exit 2
TESTS=$HERE/suite/index.js
PORT=${PORT:-18094}
WORK=${WORK:-$(mktemp -d)}; mkdir -p "$WORK"; WORK=$(realpath "$WORK")
D=$WORK/vscode-exttest; rm -rf "$D" "$WORK/ws"; mkdir -p "$D/user/User" "$D/server" "$D/ext" "$D/xdg" "$D/tmp"
cp -a "$HERE/../fixtures/workspace" "$WORK/ws"
# Keep HOME and /tmp clean: deviceid under XDG_CACHE_HOME, vscode-ipc/-git sockets and the
# Chromium profile under TMPDIR.
export XDG_CONFIG_HOME=$D/xdg XDG_DATA_HOME=$D/xdg XDG_CACHE_HOME=$D/xdg TMPDIR=$D/tmp
echo '{"security.workspace.trust.enabled": false, "telemetry.telemetryLevel": "off",
 "update.mode": "none", "extensions.autoCheckUpdates": false}' > "$D/user/User/settings.json"

if curl -s -o /dev/null "http://127.0.0.1:$PORT/"; then echo "port $PORT is already in use" >&2; exit 2; fi
T0=$EPOCHREALTIME
elapsed() { awk -v a="$T0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f s", b - a }'; }

# --enable-smoke-test-driver: a built VS Code only honours ?payload=... with it.
. "$HERE/../scripts/server-group.sh"
start_server_group "$D/server.log" node "$CSPKG/lib/vscode/out/server-main.js" --host 127.0.0.1 --port "$PORT" \
  --without-connection-token --accept-server-license-terms --enable-smoke-test-driver \
  --disable-telemetry --user-data-dir "$D/user" --server-data-dir "$D/server" --extensions-dir "$D/ext"
wait_for_http "http://127.0.0.1:$PORT/" "$D/server.log" "VS Code server" || exit 1
echo "server up after $(elapsed)"

timeout "${TIMEOUT:-300}" node "$HERE/exthost-driver.js" "$PORT" "$EXT" "$TESTS" "$WORK/ws"; RC=$?
[ $RC -eq 0 ] || { echo "--- server log tail ($D/server.log)"; tail -n 20 "$D/server.log"; }
echo "total $(elapsed), rc=$RC, work dir $WORK"
exit $RC
