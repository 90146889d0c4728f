#!/bin/bash
# Renders images/icon.svg to images/icon.png (256x256, transparent) with headless Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."
W=$(mktemp -d); trap 'rm -rf "$W"' EXIT
# Chromium writes into HOME and XDG dirs: keep them in the scratch folder.
HOME=$W XDG_CONFIG_HOME=$W/config XDG_CACHE_HOME=$W/cache timeout 60 "${CHROMIUM:-chromium}" --headless --no-sandbox \
  --disable-gpu --hide-scrollbars --default-background-color=00000000 --window-size=256,256 \
  --screenshot="$W/icon.png" "file://$PWD/images/icon.svg" >/dev/null 2>&1
cp "$W/icon.png" images/icon.png
echo "wrote images/icon.png"
