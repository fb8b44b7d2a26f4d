#!/usr/bin/env bash
# The demo behind `make demo` (after `make build`): a cluster of three nodes on this machine
# (network namespaces joined by a bridge when run as root, processes on the loopback otherwise),
# brought up to profile every job submitted to it, the Yahoo-streaming-benchmark job submitted
# unchanged to Storm (ZooKeeper, Nimbus, two Supervisors) and then to Flink (a JobManager, two
# TaskManagers), each fed by the native generator on node 0,
# with the clock-sync phases taken around each run; then per engine the analyzer's per-hop table
# (local and remote hops, each with its bound), and both engines side by side. Everything it
# starts is stopped again when it ends, fails or is interrupted.
#
#   make demo [DEMO_RATE=10000] [DEMO_SECONDS=15]
set -euo pipefail
cd "$(dirname "$0")/.."

rate="${DEMO_RATE:-10000}"
seconds="${DEMO_SECONDS:-15}"
out="target/demo"
cluster="$PWD/$out/cluster"
cli_jar="cp-cli/target/cloudprofiler.jar"
run_jar="it/target/ysb-cluster.jar"
for built in "$cli_jar" "$run_jar" engines/storm/target/classpath.txt \
    engines/flink/target/classpath.txt; do
    if [[ ! -f "$built" ]]; then
        echo "demo: $built is missing; run 'make build' first (make demo does)" >&2
        exit 1
    fi
done
cloudprofiler() { java -jar "$cli_jar" "$@"; }

# A demo interrupted before it could stop its cluster left it recorded there.
if [[ -f "$cluster/cluster.json" ]]; then
    cloudprofiler cluster down --dir "$cluster"
fi
rm -rf "$out"
mkdir -p "$out"

stop_cluster() {
    local status=$?
    trap - EXIT INT TERM
    if [[ -f "$cluster/cluster.json" ]]; then
        echo
        echo "== stopping the cluster"
        cloudprofiler cluster down --dir "$cluster" || status=1
    fi
    exit "$status"
}
trap stop_cluster EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

phase_started=$SECONDS
phase() { # name [seconds to leave out]: the time since the last call goes to that name
    awk -v name="$1" -v seconds="$((SECONDS - phase_started))" -v less="${2:-0}" \
        'BEGIN { printf "%s %.0f\n", name, seconds - less }' >>"$out/phases.txt"
    phase_started=$SECONDS
}

echo "== 1/5  three nodes, Storm and Flink from the Maven jars, profiling every job submitted"
cloudprofiler cluster up --dir "$cluster" --engines storm,flink --profile \
    | tee "$out/cluster-up.txt"
if ! grep -q '^nodes: .* in network namespaces' "$out/cluster-up.txt"; then
    echo "demo: the three nodes share 127.0.0.1 (no network namespaces, see above): their hops" \
        "are remote between node ids and clocks, but cross no network link; run as root for" \
        "namespaces joined by veth pairs"
fi
phase start-up
echo
echo "The YSB is submitted to both engines unchanged (its jar makes no profiling call);" \
    "the cluster's configuration profiles it (cluster up --profile)."

step=2
for engine in storm flink; do
    echo
    echo "== $step/5  $engine: generator -> YSB, clock sync around the run"
    mkdir -p "$out/$engine"
    cloudprofiler cluster sync --dir "$cluster" --out "$out/$engine/sync.json" --around \
        "java -cp $run_jar:$cli_jar org.cloudprofiler.it.LocalClusterYsbRun $engine $cluster $rate $seconds" \
        | tee "$out/$engine-sync.txt"
    # The run itself, as LocalClusterYsbRun timed it (in a file: the line it prints may be
    # interleaved with the sync server's); the rest is the sync phases and agents.
    run_seconds="$(cat "$cluster/ysb-$engine-run-seconds.txt")"
    printf '%s %s\n' "$engine run" "$run_seconds" >>"$out/phases.txt"
    phase "$engine sync phases" "$run_seconds"
    step=$((step + 1))
done

# Each whole run first, to find its warm-up; the tables printed are of the steady state after
# the later of the two warm-ups, so that both engines' figures cover the same part of their runs.
echo
echo "== 4/5  cloudprofiler analyze, each engine's logs with its sync.json"
status=0
steady_from=0
for engine in storm flink; do
    whole="$out/$engine/analysis-whole-run"
    analysis_status=0
    cloudprofiler analyze --logs "$cluster/logs/$engine" --sync "$out/$engine/sync.json" \
        --out "$whole" >"$whole.txt" 2>&1 || analysis_status=$?
    if ((analysis_status == 1)); then
        cat "$whole.txt"
        exit 1
    fi
    from="$(grep -o -- '--from [0-9]*ms' "$whole.txt" | head -n 1 | tr -dc '0-9' || true)"
    steady_from=$((${from:-0} > steady_from ? ${from:-0} : steady_from))
done
# A steady state can show a later warm-up of its own (a backlog that drains); then once more
# from the later start.
for attempt in 1 2; do
    status=0
    later_from=$steady_from
    for engine in storm flink; do
        cloudprofiler analyze --logs "$cluster/logs/$engine" --sync "$out/$engine/sync.json" \
            --out "$out/$engine/analysis" --from "${steady_from}ms" \
            >"$out/$engine/analysis.txt" 2>&1 || status=$?
        from="$(grep -o -- 'give --from [0-9]*ms' "$out/$engine/analysis.txt" | head -n 1 \
            | tr -dc '0-9' || true)"
        later_from=$((${from:-0} > later_from ? ${from:-0} : later_from))
    done
    if ((later_from == steady_from)); then
        break
    fi
    steady_from=$later_from
done
for engine in storm flink; do
    echo
    echo "-- $engine: cloudprofiler analyze --from ${steady_from}ms (the whole run's table:" \
        "$out/$engine/analysis-whole-run.txt)"
    grep '^Warm-up:' "$out/$engine/analysis-whole-run.txt" || true
    grep -v '^reading logs:' "$out/$engine/analysis.txt"
done
phase "analysis"

echo
echo "== 5/5  Storm and Flink side by side"
cloudprofiler compare "$out/storm/analysis" "$out/flink/analysis" --names storm,flink \
    --html "$out/storm-vs-flink.html"
stop_cluster_status=0
cloudprofiler cluster down --dir "$cluster" || stop_cluster_status=$?
phase "comparison and stop"
echo
echo "Reports: $(realpath "$out/storm/analysis/report.html")"
echo "         $(realpath "$out/flink/analysis/report.html")"
echo "         $(realpath "$out/storm-vs-flink.html")"
echo "Time (s): $(tr '\n' ',' <"$out/phases.txt" | sed 's/,$//; s/,/, /g'), total $SECONDS"
exit $((status != 0 ? status : stop_cluster_status))
