# Sourced by the editor suites. run_group SECONDS COMMAND... runs COMMAND (an editor, and the
# language server it starts) under `timeout`, with no input, in a process group of its own, waits
# for it, and kills the whole group afterwards: also on a timeout, and when the script is
# interrupted. Returns COMMAND's exit code (124: killed by the timeout).
RUN_GROUP_PID=
trap '[ -z "$RUN_GROUP_PID" ] || kill -- -"$RUN_GROUP_PID" 2>/dev/null' EXIT
trap 'exit 130' INT TERM

run_group() {
  local seconds=$1; shift
  setsid timeout "$seconds" "$@" </dev/null &
  RUN_GROUP_PID=$!
  local rc=0
  wait "$RUN_GROUP_PID" || rc=$?
  kill -- -"$RUN_GROUP_PID" 2>/dev/null; RUN_GROUP_PID=
  [ $rc -eq 124 ] && echo "FAIL: did not finish within $seconds s (killed)"
  return $rc
}
