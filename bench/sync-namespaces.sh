#!/usr/bin/env bash
# What authenticating the sync datagrams costs the bound between network namespaces: sync
# protocol version 1 (no MAC) against version 2 (keyed BLAKE2b MACs), each taken as `make demo`
# takes its sync phases (`cloudprofiler cluster sync`, start and end phase, 100 exchanges per
# ordered pair) on one three-node cluster of namespaces, the two jars alternated in one run so
# that the host's drift shows in both. Prints every pair's min RTT per session, then per
# protocol the median and range of the min RTT and of the bound (half of it). Asserts nothing;
# not part of `make test` (docs/benchmarks.md, "Authenticated sync").
#
#   bash bench/sync-namespaces.sh OLD_JAR [NEW_JAR] [ROUNDS]     (as root)
#
# OLD_JAR: cloudprofiler.jar of the last commit before sync protocol version 2, e.g.
#   git worktree add --detach /tmp/sync-v1 2179e67 && (cd /tmp/sync-v1 &&
#   ./mvnw -B -ntp -pl cp-cli -am -DskipTests package)    -> /tmp/sync-v1/cp-cli/target/...
# NEW_JAR: default cp-cli/target/cloudprofiler.jar. ROUNDS: default 5 (each round one session
# of each, the first protocol alternating). The cluster runs Kafka only, the lightest engine
# `cluster up` starts; SYNC_BENCH_REPOSITORY names the checkout whose
# engines/kafka/target/classpath.txt it uses (default: this one, after `make build`).
set -euo pipefail
cd "$(dirname "$0")/.."

old_jar="${1:?usage: bash bench/sync-namespaces.sh OLD_JAR [NEW_JAR] [ROUNDS]}"
new_jar="${2:-cp-cli/target/cloudprofiler.jar}"
rounds="${3:-5}"
repository="${SYNC_BENCH_REPOSITORY:-$PWD}"
for jar in "$old_jar" "$new_jar"; do
    [[ -f "$jar" ]] || { echo "sync-namespaces: no jar at $jar" >&2; exit 2; }
done
if [[ "$(id -u)" != 0 ]]; then
    echo "sync-namespaces: run as root: the nodes are network namespaces" >&2
    exit 2
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/cloudprofiler-sync-bench.XXXXXX")"
cluster="$work/cluster"
down() {
    java -jar "$new_jar" cluster down --dir "$cluster" >/dev/null 2>&1 || true
}
trap 'down; echo "sessions kept in $work"' EXIT

java -jar "$new_jar" cluster up --dir "$cluster" --nodes 3 --engines kafka \
    --repository "$repository" | tee "$work/cluster-up.txt"
if ! grep -q '^nodes: .* in network namespaces' "$work/cluster-up.txt"; then
    echo "sync-namespaces: the nodes are not network namespaces (see above)" >&2
    exit 1
fi
echo "host: $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs), $(nproc) CPUs," \
    "load $(cut -d' ' -f1-3 /proc/loadavg), $(date -u +%FT%TZ)"

# One session: "<protocol> <round> <phase> <from> <to> <min RTT us>" per pair and phase.
session() {
    local protocol=$1 jar=$2 round=$3
    local out="$work/$protocol-$round"
    if ! java -jar "$jar" cluster sync --dir "$cluster" --out "$out.json" --around true \
        >"$out.txt"; then
        echo "sync-namespaces: the $protocol session of round $round had problems:" \
            "$(grep -m1 PROBLEM "$out.txt")" >&2
        exit 1
    fi
    awk -v protocol="$protocol" -v round="$round" '
        / phase:$/ { phase = $1 }
        /min RTT/ { print protocol, round, phase, $1, $3, $6 }' "$out.txt"
}

# Per protocol: the median min RTT over every pair and phase, the range of each session's median
# (the host's drift between sessions), the smallest, and how many pairs the host stalled (a min
# RTT over 100 us: every one of their exchanges was delayed, a descheduled agent); bounds are
# half the RTTs.
summarize() {
    echo "protocol  pair-phases  min RTT: median  session medians  smallest  stalled;" \
        "bound: median  session medians (us)"
    for protocol in v1 v2; do
        local all medians
        all="$(awk -v p="$protocol" '$1 == p { print $6 }' "$1" | sort -g)"
        [[ -n "$all" ]] || { echo "$protocol: no measurements"; continue; }
        medians="$(awk -v p="$protocol" '$1 == p { print $2, $6 }' "$1" | sort -k1,1n -k2,2g |
            awk '$1 != round { if (n) print median(v, n); round = $1; n = 0 }
                 { v[++n] = $2 }
                 END { print median(v, n) }
                 function median(a, k) {
                     return k % 2 ? a[(k + 1) / 2] : (a[k / 2] + a[k / 2 + 1]) / 2
                 }' |
            sort -g)"
        awk -v p="$protocol" -v low="$(head -1 <<<"$medians")" -v high="$(tail -1 <<<"$medians")" '
            { v[++n] = $1; if ($1 > 100) stalled++ }
            END {
                m = n % 2 ? v[(n + 1) / 2] : (v[n / 2] + v[n / 2 + 1]) / 2
                printf "%-8s  %11d  %15.1f  %7.1f-%-7.1f  %8.1f  %7d;  %12.2f  %6.2f-%.2f\n",
                    p, n, m, low, high, v[1], stalled, m / 2, low / 2, high / 2
            }' <<<"$all"
    done
}

results="$work/results.txt"
: >"$results"
for round in $(seq 1 "$rounds"); do
    if ((round % 2 == 1)); then
        order="v1 v2"
    else
        order="v2 v1"
    fi
    for protocol in $order; do
        jar="$new_jar"
        [[ "$protocol" == v1 ]] && jar="$old_jar"
        session "$protocol" "$jar" "$round" | tee -a "$results"
    done
done

echo
summarize "$results"
