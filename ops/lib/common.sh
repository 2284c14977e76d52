# Shared helpers for the ops scripts. Source it; it defines functions and option arrays only.

# The repository root, whatever the caller's working directory.
repo_root() {
  cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd
}

# Ports: every service is started on port 0 and the kernel picks a free port as it binds, so
# nothing can take the port between a probe and the bind (a probed port lost that race in CI).
# The script then reads the port from the service's log: Jetty's line
# "Started application@...{127.0.0.1:PORT}" (and "Started admin@..."), which stays in the log
# even at a WARN level. Options that start a service so (add them to its java command):
SIM_PORT_ZERO=("-Ddw.server.applicationConnectors[0].port=0"
  "-Ddw.server.adminConnectors[0].port=0"
  '-Ddw.logging.loggers.org\.eclipse\.jetty\.server\.AbstractConnector=INFO')
HITL_PORT_ZERO=("-Ddw.bind=127.0.0.1:0" "-Ddw.server.adminConnectors[0].port=0"
  '-Ddw.logging.loggers.org\.eclipse\.jetty\.server\.AbstractConnector=INFO')

# Prints the port the process PID, logging to LOG (a fresh file per start), bound for its
# CONNECTOR (application or admin); fails if PID dies first or SECONDS_LIMIT pass.
bound_port() {
  local log=$1 pid=$2 connector=$3 limit=${4:-90} line
  for _ in $(seq 1 $(( limit * 4 ))); do
    line=$(grep -E "Started ${connector}@" "$log" 2>/dev/null | tail -1 || true)
    if [ -n "$line" ]; then
      # the last {host:port} of the line, whether the log is plain text or JSON
      grep -oE ':[0-9]+\}' <<< "$line" | tail -1 | tr -dc '0-9'
      echo
      return 0
    fi
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "process $pid exited before its $connector connector started (log: $log)" >&2
      return 1
    fi
    sleep 0.25
  done
  echo "process $pid did not start its $connector connector within ${limit}s (log: $log)" >&2
  return 1
}

# Waits until URL answers 200, or the process PID dies, or SECONDS_LIMIT pass; TOKEN_FILE
# (optional) holds the bearer token the URL needs (an admin port's, docs/operations.md).
wait_healthy() {
  local url=$1 pid=$2 limit=${3:-60} token_file=${4:-}
  local auth=()
  for _ in $(seq 1 $(( limit * 4 ))); do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "process $pid exited before $url answered" >&2
      return 1
    fi
    # an admin URL: the bearer token the service wrote owner-only at its start
    if [ -n "$token_file" ] && [ ${#auth[@]} -eq 0 ] && [ -s "$token_file" ]; then
      auth=(-H "Authorization: Bearer $(cat "$token_file")")
    fi
    if curl -fsS -o /dev/null "${auth[@]}" "$url" 2>/dev/null; then
      return 0
    fi
    sleep 0.25
  done
  echo "$url did not answer within ${limit}s" >&2
  return 1
}

# Stops PID with SIGTERM (Dropwizard drains and shuts down), then SIGKILL after a grace period.
stop_process() {
  local pid=$1 grace=${2:-20}
  kill -TERM "$pid" 2>/dev/null || return 0
  for _ in $(seq 1 $(( grace * 4 ))); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 0.25
  done
  echo "process $pid ignored SIGTERM for ${grace}s; killing it" >&2
  kill -KILL "$pid" 2>/dev/null || true
}

# Exports the coordinator callers' tokens that dev-init wrote under DIR (var by default):
# HITL_TOKEN_RUNTIME (the evaluation runtime: submits and redeems) and HITL_TOKEN (operator-1,
# as the hitl CLI reads it). The files are owner-only; the values never reach a log.
export_hitl_tokens() {
  local dir=${1:-var}
  HITL_TOKEN_RUNTIME=$(tr -d '\n' < "$dir/secrets/runtime.token")
  HITL_TOKEN=$(tr -d '\n' < "$dir/secrets/operator-1.token")
  export HITL_TOKEN_RUNTIME HITL_TOKEN
}

# Installs wrk from Debian when it is missing; the package lists are refreshed only when the
# plain install fails, so a machine with fresh lists installs without a round-trip to the index.
ensure_wrk() {
  command -v wrk > /dev/null && return 0
  printf 'installing wrk (apt-get)\n' >&2
  if ! apt-get install -y -q wrk > /dev/null 2>&1; then
    apt-get update -q > /dev/null
    apt-get install -y -q wrk > /dev/null
  fi
}
