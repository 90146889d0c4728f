#!/bin/bash
# An editor started as a person starts it: in a terminal (tmux), not headless. It must draw the file
# it was given, then quit on the editor's own quit keys, within TIMEOUT seconds. This is what an
# unpacked editor's launcher (unpacked-editor.sh) cannot do when the binary's own path is wrong: Neovim
# 0.12's interface starts its core as `nvim --embed` by that path.
#
# Usage: interactive-start.sh nvim|emacs EDITOR_BINARY
# Env: TIMEOUT  seconds to wait for each step (default 30)
set -uo pipefail
[ $# -eq 2 ] || { sed -n '7p' "$0" >&2; exit 2; }
kind=$1 editor=$2
command -v tmux >/dev/null || { echo "FAIL: no tmux (apt-get install tmux)" >&2; exit 2; }
work=$(mktemp -d)
export TMUX_TMPDIR=$work # a tmux server of its own, ended with the test
trap 'tmux kill-server 2>/dev/null; rm -rf "$work"' EXIT
printf 'tools:\n  drawn_by_the_editor:\n    docstring: shows\n' > "$work/config.yaml"
case $kind in
  nvim) start=("$editor" -u NONE -i NONE -n "$work/config.yaml"); quit=(Escape ':qa!' Enter) ;;
  emacs) start=("$editor" -Q -nw "$work/config.yaml"); quit=(C-x C-c) ;;
  *) echo "unknown editor kind $kind" >&2; exit 2 ;;
esac
tmux new-session -d -s editor -x 100 -y 30 "${start[*]@Q}; echo \"exit=\$?\" > $work/exit; sleep 600"
# wait_for WHAT TEST...: polls until TEST succeeds, or fails after TIMEOUT seconds.
wait_for() {
  local what=$1; shift
  local deadline=$((SECONDS + ${TIMEOUT:-30}))
  until "$@"; do
    if [ $SECONDS -ge $deadline ]; then
      echo "FAIL: $kind did not $what within ${TIMEOUT:-30} s; the screen:" >&2
      tmux capture-pane -p -t editor >&2
      exit 1
    fi
    sleep 0.1
  done
}
drawn() { tmux capture-pane -p -t editor | grep -q drawn_by_the_editor; }
exited() { [ -s "$work/exit" ]; }
wait_for "draw the file" drawn
tmux send-keys -t editor "${quit[@]}"
wait_for "quit" exited
[ "$(cat "$work/exit")" = exit=0 ] || { echo "FAIL: $kind quit with $(cat "$work/exit")" >&2; exit 1; }
echo "ok   $kind ($editor) starts in a terminal, draws the file and quits"
