#!/usr/bin/env bash
# The demo behind `make demo` (after `make build`): the native generator feeds the profiled
# Yahoo-streaming-benchmark topology through JofSpout on an embedded Storm LocalCluster for
# DEMO_SECONDS at DEMO_RATE tuples/s; the poison pills end the run; then `cloudprofiler analyze`
# turns the logs into per-hop latencies and prints the steady state's table (the warm-up it
# finds is left out, and said so). Storm and the analyzer (Flink) run in separate JVMs: their
# logging bindings clash.
#
#   make demo [DEMO_RATE=50000] [DEMO_SECONDS=20] [DEMO_PORT=27000]
set -euo pipefail
cd "$(dirname "$0")/.."

rate="${DEMO_RATE:-50000}"
seconds="${DEMO_SECONDS:-20}"
port="${DEMO_PORT:-27000}"
out="target/demo"
examples_jar="$(ls examples/target/examples-*.jar 2>/dev/null | grep -v -- '-tests.jar$' | head -n 1 || true)"
cli_jar="cp-cli/target/cloudprofiler.jar"
for built in "${examples_jar:-examples/target/examples-*.jar}" examples/target/classpath.txt "$cli_jar"; do
    if [[ ! -f "$built" ]]; then
        echo "demo: $built is missing; run 'make build' first (make demo does)" >&2
        exit 1
    fi
done

rm -rf "$out"
mkdir -p "$out"
export CP_LOG_DIR="$out/logs"
export CP_NODE_ID="demo-node"

echo "== 1/2  generator -> JofSpout -> profiled YSB topology (Storm LocalCluster)"
run_status=0
java -cp "$examples_jar:$(cat examples/target/classpath.txt)" \
    org.cloudprofiler.examples.ysb.YsbLocalRun --rate "$rate" --seconds "$seconds" --port "$port" \
    || run_status=$?
if ((run_status == 2)); then
    exit 2 # a usage problem, reported above: nothing ran
fi

echo
echo "== 2/2  cloudprofiler analyze (Flink MiniCluster)"
# A run with drops still left logs worth reading; its failure is the demo's exit code. The whole
# run is analysed first to find the warm-up; the table printed is the steady state after it.
status=0
whole="$out/analysis-whole-run"
java -jar "$cli_jar" analyze --logs "$CP_LOG_DIR" --out "$whole" >"$whole.txt" 2>&1 || status=$?
steady_from="$(grep -o -- '--from [0-9]*ms' "$whole.txt" | head -n 1 | cut -d' ' -f2 || true)"
if ((status == 1)) || [[ -z "$steady_from" ]]; then
    cat "$whole.txt"
    cp -r "$whole" "$out/analysis"
else
    grep '^Warm-up:' "$whole.txt"
    echo "The table below is the steady state: the warm-up is left out (analyze --from" \
        "$steady_from); the whole run's table: $whole.txt"
    java -jar "$cli_jar" analyze --logs "$CP_LOG_DIR" --out "$out/analysis" \
        --from "$steady_from" || status=$?
fi
if ((run_status != 0)); then
    status=$run_status
fi
echo
echo "Logs:   $CP_LOG_DIR"
echo "Report: $(realpath "$out/analysis/report.html")"
exit "$status"
