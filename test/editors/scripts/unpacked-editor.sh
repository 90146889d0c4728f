#!/bin/bash
# An editor from a newer Debian suite, without installing it over the system: its packages and
# their libraries are unpacked once (debian-suite-install.sh) into a cache folder outside the
# clone, and a launcher runs the binary, which patchelf points at that suite's own loader and
# libraries. (Run through the loader instead, the binary's own path would be the loader's, and
# Neovim's interface, which starts its core as `nvim --embed` by that path, could not start.) Prints
# the launcher's path.
#
# Usage: unpacked-editor.sh EDITOR SUITE     EDITOR: nvim or emacs; SUITE: trixie, sid, ...
#   nvim   unpacks neovim
#   emacs  unpacks emacs-nox (eglot is built in since Emacs 29) and elpa-yaml-mode
# Env:
#   EDITOR_CACHE  the cache folder (default $HOME/.cache/swe-bundle-lsp)
#   REFRESH=1     unpack again even when cached (a suite moves on: sid's Neovim changes)
# The cache is $EDITOR_CACHE/debian-SUITE-EDITOR/: root/ (the unpacked packages), bin/EDITOR (the
# launcher), packages.txt (the packages and versions unpacked) and layout (LAYOUT below: a cache of an
# older layout is unpacked again). The downloads are deleted.
# Needs network access to the Debian mirror only when the cache is empty; patchelf on PATH.
set -euo pipefail
HERE=$(cd "$(dirname "$0")" && pwd)
[ $# -eq 2 ] || { sed -n '6,8p' "$0" >&2; exit 2; }
editor=$1 suite=$2
case $editor in
  nvim) packages=(neovim) ;;
  emacs) packages=(emacs-nox elpa-yaml-mode) ;;
  *) echo "unknown editor $editor (nvim or emacs)" >&2; exit 2 ;;
esac
CACHE=${EDITOR_CACHE:-$HOME/.cache/swe-bundle-lsp}
DEST=$CACHE/debian-$suite-$editor
LAUNCHER=$DEST/bin/$editor
LAYOUT=patchelf
if [ -x "$LAUNCHER" ] && [ -f "$DEST/packages.txt" ] && [ "$(cat "$DEST/layout" 2>/dev/null)" = $LAYOUT ] && [ "${REFRESH:-}" != 1 ]; then
  echo "$LAUNCHER"
  exit 0
fi

# Unpack into a fresh folder and move it into place at the end, so an interrupted run leaves no
# half-filled cache behind.
mkdir -p "$CACHE"
NEW=$(mktemp -d "$CACHE/.unpacking-$suite-$editor.XXXXXX")
trap 'rm -rf "$NEW"' EXIT
"$HERE/debian-suite-install.sh" "$suite" "$NEW" "${packages[@]}" >&2
R=$DEST/root L=$DEST/root/usr/lib/x86_64-linux-gnu
for deb in "$NEW"/debs/*.deb; do dpkg-deb -W --showformat='${Package} ${Version}\n' "$deb"; done > "$NEW/packages.txt"
rm -rf "$NEW/debs" "$NEW/apt"
mkdir -p "$NEW/bin"
# The binary in the unpacked tree loads the suite's libraries (DT_RPATH, which also serves the
# libraries it loads) through the suite's loader, at the paths they have once moved into place.
point_at_suite() { patchelf --set-interpreter "$L/ld-linux-x86-64.so.2" --force-rpath --set-rpath "$L" "$NEW/root/$1"; }
case $editor in
  nvim)
    point_at_suite usr/bin/nvim
    cat > "$NEW/bin/nvim" <<EOF
#!/bin/sh
# Neovim from Debian $suite, unpacked by $(basename "$0").
export VIM=$R/usr/share/nvim VIMRUNTIME=$R/usr/share/nvim/runtime
exec $R/usr/bin/nvim "\$@"
EOF
    ;;
  emacs)
    point_at_suite usr/bin/emacs-nox
    version=$(ls "$NEW/root/usr/share/emacs" | grep -E '^[0-9]+\.[0-9]+$')
    libexec=usr/libexec/emacs/$version/x86_64-linux-gnu
    dump=$(cd "$NEW/root/$libexec" && ls ./*.pdmp | head -n 1)
    # What Debian's emacsen-common does when it installs an elpa-* package: make it a package in
    # site-lisp/elpa, where package.el activates it at start-up (dpkg -x runs no install scripts).
    mkdir -p "$NEW/root/usr/share/emacs/site-lisp/elpa"
    for src in "$NEW"/root/usr/share/emacs/site-lisp/elpa-src/*/; do cp -a "$src" "$NEW/root/usr/share/emacs/site-lisp/elpa/"; done
    # The binary looks for its Lisp, data and dump file under /usr; point it at the unpacked copy.
    # Without the system's site-lisp folders on the load path, package.el sees only this copy's
    # packages (never the system's elpa-* packages, built for its Emacs).
    cat > "$NEW/bin/emacs" <<EOF
#!/bin/sh
# Emacs from Debian $suite, unpacked by $(basename "$0").
E=$R/usr/share/emacs/$version
export EMACSDATA=\$E/etc EMACSDOC=\$E/etc EMACSPATH=$R/$libexec
export EMACSLOADPATH=\$E/site-lisp:$R/usr/share/emacs/site-lisp:\$E/lisp
exec $R/usr/bin/emacs-nox --dump-file=$R/$libexec/${dump#./} "\$@"
EOF
    ;;
esac
chmod +x "$NEW/bin/$editor"
echo $LAYOUT > "$NEW/layout"
rm -rf "$DEST"
mv "$NEW" "$DEST"
trap - EXIT
echo "$LAUNCHER"
