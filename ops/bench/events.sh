#!/usr/bin/env bash
# Event stream benchmark (docs/performance.md, "Events"): 100 streams on one simulation playing
# at 1,000 ticks per second, on a fresh embedded database. From the repository root:
#   ops/bench/events.sh [--streams N] [--seconds S] [--speed X] [--base-rate R] [--warmup W]
# Builds sim-server and the benchmarks if a jar is missing (BUILD=1 forces it), starts it on
# port 0 (the port it bound is read from its log) with
# playback.baseTicksPerSecond = base rate (default 100; speed 10 makes 1,000 ticks/s), creates
# a strategic organization (100 streams allowed) and an API key, runs EventsBench, stops it.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../lib/common.sh"
ROOT=$(repo_root)
cd "$ROOT"

BASE_RATE=100
ARGS=("$@")
for ((k = 0; k < ${#ARGS[@]}; k++)); do
  if [[ ${ARGS[k]} == --base-rate ]]; then BASE_RATE=${ARGS[k + 1]}; fi
done

JAR=sim-server/target/sim-server.jar
DRIVER=benchmarks/target/benchmarks.jar
if [[ ! -f $JAR || ! -f $DRIVER || ${BUILD:-0} == 1 ]]; then
  mvn -B -q -pl sim-server,benchmarks -am package -DskipTests
fi

WORK=$(mktemp -d)
OVERRIDES=(
  "-Ddw.database.url=jdbc:h2:file:$WORK/sim;WRITE_DELAY=0;AUTO_SERVER=TRUE"
  "-Ddw.logging.level=WARN"
  "-Ddw.playback.baseTicksPerSecond=$BASE_RATE"
  # no evaluation: the shipped config's policy is written by quickstart, not needed here
  "-Ddw.evaluation.policyPath="
)
# BATCH_INTERVAL (e.g. "50 milliseconds") overrides playback.batchInterval (default 25 ms).
if [[ -n ${BATCH_INTERVAL:-} ]]; then
  OVERRIDES+=("-Ddw.playback.batchInterval=$BATCH_INTERVAL")
fi
SLUG=bench-$RANDOM
java "${OVERRIDES[@]}" -jar "$JAR" db migrate config/sim-server.yml >/dev/null
java "${OVERRIDES[@]}" -jar "$JAR" org create --name "Events bench" --slug "$SLUG" \
  --tier strategic config/sim-server.yml >/dev/null
KEY=$(java "${OVERRIDES[@]}" -jar "$JAR" apikey create --org "$SLUG" \
  --scopes simulation:read,simulation:write config/sim-server.yml 2>/dev/null)

# SERVER_JAVA_OPTS: extra JVM options for the server, e.g. -Xlog:gc:/tmp/gc.log
# shellcheck disable=SC2086
java ${SERVER_JAVA_OPTS:-} "${OVERRIDES[@]}" "${SIM_PORT_ZERO[@]}" -jar "$JAR" server \
  config/sim-server.yml >"$WORK/server.log" 2>&1 &
SERVER=$!
trap 'stop_process $SERVER; rm -rf "$WORK"' EXIT
PORT=$(bound_port "$WORK/server.log" "$SERVER" application 90)
wait_healthy "http://127.0.0.1:$PORT/v1/health" "$SERVER" 90

echo "machine: nproc $(nproc), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)"
java -version 2>&1 | head -1
echo "batch interval: ${BATCH_INTERVAL:-25 milliseconds (the default)}"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
SERVER_CPU_BEFORE=$(ps -o times= -p "$SERVER" | xargs)
java -cp "$DRIVER" io.causality.sim.benchmarks.EventsBench "http://127.0.0.1:$PORT" "$KEY" --base-rate "$BASE_RATE" "$@"
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
SERVER_CPU_AFTER=$(ps -o times= -p "$SERVER" | xargs)
echo "server CPU seconds during the run: $(( SERVER_CPU_AFTER - SERVER_CPU_BEFORE ))"
