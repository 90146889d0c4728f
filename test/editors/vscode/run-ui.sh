#!/bin/bash
# UI end-to-end check in the real VS Code workbench (code-server): fresh profile -> install the
# .vsix -> start code-server -> ui-driver.js (squiggles, Problems panel, hover, screenshot, the
# rendered tool preview and its screenshot, $WORK/preview.png) ->
# stop everything. Recipe from ../shared/editor-tests (ui-e2e.sh).
#
# Usage: run-ui.sh CODE_SERVER_PKG VSIX
#   CODE_SERVER_PKG  installed npm package dir (.../node_modules/code-server)
#   VSIX             the packaged extension (client/swe-bundle.vsix)
# Env:
#   PORT (default 18080)   WORK  work dir (default: mktemp -d); logs stay there
#   SHOT  screenshot path (default $WORK/screenshot.png). The READMEs use client/images/screenshot.png:
#         SHOT=client/images/screenshot.png refreshes it.
#   TIMEOUT driver timeout, s (180); CHROMIUM: see ui-driver.js
# The fixture workspace (../fixtures/workspace) is copied to $WORK/swe-agent-project first.
# Exit: 0 = pass; non-zero otherwise.
set -uo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 2 ] || { sed -n '6,8p' "$0" >&2; exit 2; }
CSPKG=$(realpath -e "$1") && VSIX=$(realpath -e "$2") || exit 2
PORT=${PORT:-18080}
WORK=${WORK:-$(mktemp -d)}; mkdir -p "$WORK"; WORK=$(realpath "$WORK")
SHOT=$(realpath -m "${SHOT:-$WORK/screenshot.png}")
WS=$WORK/swe-agent-project
D=$WORK/ui-e2e; rm -rf "$D" "$WS"; mkdir -p "$D/user/User" "$D/ext" "$D/xdg-config" "$D/xdg-data" "$D/xdg-cache" "$D/tmp"
cp -a "$HERE/../fixtures/workspace" "$WS"
# Even `code-server --version` writes ~/.config/code-server and ~/.local/share/code-server;
# the server writes ~/.cache/Microsoft/...; sockets and the Chromium profile go to TMPDIR.
export XDG_CONFIG_HOME=$D/xdg-config XDG_DATA_HOME=$D/xdg-data XDG_CACHE_HOME=$D/xdg-cache TMPDIR=$D/tmp
cat > "$D/user/User/settings.json" <<'JSON'
{ "workbench.startupEditor": "none", "security.workspace.trust.enabled": false,
  "telemetry.telemetryLevel": "off", "update.mode": "none",
  "extensions.autoCheckUpdates": false, "extensions.autoUpdate": false,
  "workbench.enableExperiments": false, "workbench.tips.enabled": false,
  "workbench.colorTheme": "Default Dark Modern", "window.commandCenter": false,
  "chat.commandCenter.enabled": false, "workbench.secondarySideBar.defaultVisibility": "hidden" }
JSON
printf 'bind-addr: 127.0.0.1:%s\nauth: none\ncert: false\n' "$PORT" > "$D/config.yaml"
CS=(node "$CSPKG/out/node/entry.js" --config "$D/config.yaml" --user-data-dir "$D/user"
    --extensions-dir "$D/ext" --disable-telemetry)

if curl -s -o /dev/null "http://127.0.0.1:$PORT/"; then echo "port $PORT is already in use" >&2; exit 2; fi
T0=$EPOCHREALTIME
elapsed() { awk -v a="$T0" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f s", b - a }'; }

"${CS[@]}" --install-extension "$VSIX" || exit 1
. "$HERE/../scripts/server-group.sh"
start_server_group "$D/code-server.log" "${CS[@]}" --bind-addr "127.0.0.1:$PORT" --auth none --disable-update-check \
  --disable-workspace-trust --disable-getting-started-override
wait_for_http "http://127.0.0.1:$PORT/healthz" "$D/code-server.log" "code-server" || exit 1
echo "code-server up after $(elapsed)"

mkdir -p "$(dirname "$SHOT")"
timeout "${TIMEOUT:-180}" node "$HERE/ui-driver.js" "$PORT" "$WS" "$SHOT" "$WORK/preview.png"; RC=$?
[ $RC -eq 0 ] || { echo "--- code-server log tail ($D/code-server.log)"; tail -n 20 "$D/code-server.log"; }
echo "total $(elapsed), rc=$RC, work dir $WORK"
exit $RC
