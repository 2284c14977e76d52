# Shared helpers for the ops scripts. Source it; it defines functions only.

# The repository root, whatever the caller's working directory.
repo_root() {
  cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd
}

# A TCP port on 127.0.0.1 that nothing listens on now, below the kernel's ephemeral range:
# a port inside it can be taken, between this check and the server's bind, as the local end
# of any outgoing connection (a smoke run failed that way: "Failed to bind").
free_port() {
  local port lowest=20000 ephemeral
  ephemeral=$(cut -f1 /proc/sys/net/ipv4/ip_local_port_range 2> /dev/null || echo 32768)
  [ "$ephemeral" -gt $(( lowest + 1000 )) ] || lowest=1024
  for _ in $(seq 1 200); do
    port=$(( lowest + RANDOM % (ephemeral - lowest) ))
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
      echo "$port"
      return 0
    fi
  done
  echo "no free port found" >&2
  return 1
}

# Waits until URL answers 200, or the process PID dies, or SECONDS_LIMIT pass.
wait_healthy() {
  local url=$1 pid=$2 limit=${3:-60}
  for _ in $(seq 1 $(( limit * 4 ))); do
    if ! kill -0 "$pid" 2>/dev/null; then
      echo "process $pid exited before $url answered" >&2
      return 1
    fi
    if curl -fsS -o /dev/null "$url" 2>/dev/null; then
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
