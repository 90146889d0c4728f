# Sourced by the VS Code scripts: run one server in a process group of its own, wait until it
# answers over HTTP, and kill the whole group when the script exits. Killing only the server's PID
# would leave its children running (code-server's file watcher; extension hosts with their
# language servers, which outlive a disconnected browser for hours).

# start_server_group LOG COMMAND...: starts COMMAND with setsid, output to LOG; sets SPID.
start_server_group() {
  local log=$1; shift
  setsid "$@" > "$log" 2>&1 &
  SPID=$!
  trap stop_server_group EXIT
  trap 'exit 130' INT TERM
}

stop_server_group() {
  [ -n "${SPID:-}" ] || return 0
  kill -- -"$SPID" 2>/dev/null
  for _ in $(seq 20); do kill -0 -- -"$SPID" 2>/dev/null || return 0; sleep 0.25; done
  kill -9 -- -"$SPID" 2>/dev/null
}

# wait_for_http URL LOG NAME: up to 30 s; fails with the log's tail if the server dies or stays silent.
wait_for_http() {
  local url=$1 log=$2 name=$3
  for _ in $(seq 150); do
    curl -fs -o /dev/null "$url" && return 0
    kill -0 "$SPID" 2>/dev/null || break
    sleep 0.2
  done
  echo "$name did not come up:" >&2
  tail -n 20 "$log" >&2
  return 1
}
