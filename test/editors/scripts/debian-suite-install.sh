#!/usr/bin/env bash
# (Copied unchanged from the editor-test recipes in ../shared/editor-tests/debian-suite-install.sh; unpacked-editor.sh runs it.)
# Unpack packages of a newer Debian suite (trixie, sid) into a private folder, without installing them
# over the system, and print how to run a binary from it with that suite's own C library.
#
#   debian-suite-install.sh SUITE DEST PACKAGE...
#   e.g. debian-suite-install.sh sid /tmp/nvim-sid neovim          (Neovim 0.12 on 2026-12-01)
#        debian-suite-install.sh trixie /tmp/nvim-trixie neovim    (Neovim 0.10.4)
#        debian-suite-install.sh trixie /tmp/emacs-trixie emacs-nox (Emacs 30, eglot built in)
#
# Then run the binary through the suite's loader, e.g.:
#   R=/tmp/nvim-sid/root; L=$R/usr/lib/x86_64-linux-gnu
#   VIMRUNTIME=$R/usr/share/nvim/runtime $L/ld-linux-x86-64.so.2 --library-path $L $R/usr/bin/nvim --headless ...
# --library-path applies to that binary alone: processes it starts (the language server) use the system's.
# Verified on Debian 12 with sid's neovim 0.12.4: vim.lsp.config + vim.lsp.enable against the server.
set -euo pipefail
suite=$1 dest=$2; shift 2
mkdir -p "$dest/apt/lists/partial" "$dest/apt/cache/archives/partial" "$dest/debs" "$dest/root"
echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources) $suite main" >"$dest/apt/sources.list"
A=(-o "Dir::Etc::sourcelist=$dest/apt/sources.list" -o Dir::Etc::sourceparts=- -o "Dir::State::Lists=$dest/apt/lists"
   -o "Dir::Cache=$dest/apt/cache" -o Dir::State::status=/dev/null)
apt-get "${A[@]}" update -qq
# every package the named ones need, down to libc6, from that suite alone
mapfile -t pkgs < <(apt-cache "${A[@]}" depends --recurse --no-recommends --no-suggests --no-conflicts --no-breaks \
  --no-replaces --no-enhances "$@" | grep '^[a-z0-9]' | sort -u)
(cd "$dest/debs" && apt-get "${A[@]}" download "${pkgs[@]}" >/dev/null 2>&1)
for f in "$dest"/debs/*.deb; do dpkg -x "$f" "$dest/root"; done
echo "unpacked ${#pkgs[@]} packages of $suite into $dest/root"
echo "loader: $dest/root/usr/lib/x86_64-linux-gnu/ld-linux-x86-64.so.2 --library-path $dest/root/usr/lib/x86_64-linux-gnu"
