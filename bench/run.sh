#!/usr/bin/env bash
# Runs the benchmarks and prints their figures; docs/benchmarks.md says what each one means and
# what this machine measured. About 9 minutes on 2 cores, plus about 11 for storm and about 8
# for flink; flink-overhead, not part of all, about 15. Asserts nothing.
#
#   bash bench/run.sh [all|java|native|generator|analyzer|storm|flink|flink-overhead|
#                      flink-submission]
#
# java:   JMH, Java logTS per handler, the clock baselines, the lineage rule per record
#         (TupleLineageBenchmark), the task probe per record by handlers and sampling
#         (TaskProbeRecordBenchmark, SamplingDecisionBenchmark), timestamp translation (fast
#         MinRTT, its BigDecimal reference, hull) and the Java Object Factory's YSB throughput
#         (bench/target/benchmarks.jar, built by `make build`; built here if missing).
#         JMH_OPTS replaces the JMH settings. Then how long a NET_CONF lookup keeps a task
#         waiting for a configuration server that never answers (NetConfFallbackBench), how
#         long a rule change takes to reach an open channel (NetConfChangeBench), and what a
#         mid sync phase costs in wall time, CPU and bytes (SyncPhaseCostBench).
# native: the C++ bench (bench/src/main/cpp, built here into bench/target/native): C++ logTS per
#         call, the RET ack MAC per ack (ret-acks), bytes per record, two-writer throughput and
#         the memory policy, idle CPU.
# generator: the native generator over loopback TCP, one sender: the rates it sustains without
#         a drop into a counting C++ receiver and into a JeroMQ (Java) one, and its rate
#         accuracy and schedule lag at 1 M tuples/s (native bench sections and
#         bench/src/main/java/org/cloudprofiler/bench/GeneratorJeroMqBench.java); then the
#         cost of logging its sends, off against on at 12 M tuples/s (GeneratorSendLogBench).
# analyzer: writes 10 M tuples x 6 channels with the native library (AnalyzerLogSet), then times
#         `cloudprofiler analyze` on them (cp-cli/target/cloudprofiler.jar, from `make build`)
#         and reports records per second and peak memory. ANALYZER_TUPLES overrides 1e7.
# storm:  Storm ingestion (issue 5): the max-throughput search, in one run, for KafkaSpout fed by
#         an in-process broker, JofSpout fed by the native generator, and the ceiling (a spout
#         of preallocated tuples), each into a null bolt on one LocalCluster; prints every step,
#         the three maxima and JofSpout's ratios to the other two (bench/storm,
#         StormIngestionBench; its --help lists the options, STORM_BENCH_OPTS passes them).
#         Writes bench/storm/target/storm-ingestion.json. Then JMH: what JofSpout's default
#         translator costs per tuple (TranslatorBenchmark, JMH_OPTS). Then the profiling
#         overhead on the YSB topology: no instrumentation vs every channel OFF, NULL, the
#         default handlers traced and sampled 1/64 and 1/1024, and every channel BUFFERED_ID, at
#         a fixed rate and by each variant's search (ProfilingOverheadBench;
#         OVERHEAD_BENCH_OPTS).
# flink:  Flink ingestion (issue 22): the same search, in one run, for JofSource fed by the
#         native generator, the ceiling (a source of preallocated records), the ceiling beside
#         the transport load of JofSource's maximum (the generator and a JOF draining into
#         nothing) and KafkaSource fed by an in-process broker, each into a discarding sink,
#         not chained, on one MiniCluster; prints every step, the maxima and JofSource's ratios
#         (bench/flink, FlinkIngestionBench; its --help lists the options, FLINK_BENCH_OPTS
#         passes them; the default here is a coarser search that fits about 8 minutes).
#         Writes bench/flink/target/flink-ingestion.json.
# flink-overhead: the profiling overhead on the Flink YSB job (issues 22, 33): no
#         instrumentation vs every channel OFF, NULL, the default handlers traced and sampled
#         1/64 and 1/1024, traced with a sync session's mid phases beside it (issue 31), every
#         channel BUFFERED_ID, and Flink's latency markers every 10 ms and every 1 ms, at a fixed
#         rate and by each variant's search, on one MiniCluster
#         (bench/flink, ProfilingOverheadBench; FLINK_OVERHEAD_BENCH_OPTS passes its options,
#         e.g. --variants NONE,TRACED,SAMPLED_64). Then the same variants' unthrottled rates on
#         a job written as a user writes it, examples-flink's windowed DataGen ClickWindowsJob
#         (ClickWindowsOverheadBench; CLICK_WINDOWS_BENCH_OPTS). Not part of all.
# flink-submission: what profiling adds to a submission on the client (issue 32): the YSB job
#         and a SQL job of tens of planner operators, from the built job to its job graph,
#         unprofiled and rewritten, alternating, medians (bench/flink, SubmissionRewriteBench;
#         FLINK_SUBMISSION_BENCH_OPTS passes its options). About 6 minutes. Not part of all.
# downcalls: the per-record native calls by route (issue 33): readTsc and logTS BUFFERED_ID
#         zstd held on JNI and by the fastest route the JVM allows (NativeCallRouteBenchmark),
#         and the task probe per record traced (TaskProbeRecordBenchmark), then the same calls by
#         the calling thread's CPU time (NativeCallCpuTimeBench), on JDK 17 and on the
#         JDK of the FFM route (FFM_JDK, default Temurin 25's path), alternating, ROUNDS rounds
#         (default 3). About 3.5 minutes a round. Not part of all.
set -euo pipefail
cd "$(dirname "$0")/.."

part="${1:-all}"
case "$part" in
    all | java | native | generator | analyzer | storm | flink | flink-overhead \
        | flink-submission | downcalls) ;;
    *)
        echo "usage: bash bench/run.sh [all|java|native|generator|analyzer|storm|flink|" \
            "flink-overhead|flink-submission|downcalls]" >&2
        exit 2
        ;;
esac

if [[ -z "${JAVA_HOME:-}" ]]; then
    # CMake's find_package(JNI), run while configuring cp-native, needs it.
    JAVA_HOME="$(dirname "$(dirname "$(readlink -f "$(command -v java)")")")"
    export JAVA_HOME
fi

# Every benchmark logs into a private temporary directory, removed however the run ends.
log_root="$(mktemp -d "${TMPDIR:-/tmp}/cloudprofiler-bench.XXXXXX")"
trap 'rm -rf "$log_root"' EXIT
export CP_LOG_DIR="$log_root"

# This machine may be shared: figures taken while other processes compete for its 2 cores are
# not this code's. measured runs a command, then prints the share of all CPU time that went to
# other processes (or to the hypervisor, as steal) meanwhile.
machine_ticks() {
    local _ user nice system idle iowait irq softirq steal
    read -r _ user nice system idle iowait irq softirq steal _ </proc/stat
    echo "$((user + nice + system + irq + softirq + steal)) \
$((user + nice + system + idle + iowait + irq + softirq + steal))"
}

# CPU ticks of this script's finished children (fields 16 and 17 of /proc/<pid>/stat).
children_ticks() {
    local fields
    read -r -a fields <"/proc/$$/stat"
    echo $((fields[15] + fields[16]))
}

measured() {
    local busy0 total0 busy1 total1 ours0 ours1 other_percent
    read -r busy0 total0 <<<"$(machine_ticks)"
    ours0="$(children_ticks)"
    "$@"
    read -r busy1 total1 <<<"$(machine_ticks)"
    ours1="$(children_ticks)"
    other_percent=$((100 * (busy1 - busy0 - (ours1 - ours0)) / (total1 - total0 + 1)))
    # The two counters are sampled differently; a few ticks either way is noise, not load.
    if ((other_percent < 0)); then
        other_percent=0
    fi
    echo "   [other processes took ${other_percent}% of the machine's CPU during this run]"
    if ((other_percent > 5)); then
        echo "   [WARNING: the figures above were measured on a busy machine; run again]"
    fi
}

jar=bench/target/benchmarks.jar
binary=bench/target/native/cloudprofiler_native_bench

build_jar() {
    if [[ ! -f "$jar" ]]; then
        ./mvnw -B -ntp -q -pl bench -am -DskipTests install
    fi
}

build_native() {
    local build=bench/target/native
    mkdir -p "$build"
    if ! { cmake -S bench/src/main/cpp -B "$build" -DCMAKE_BUILD_TYPE=Release &&
        cmake --build "$build" --parallel 2; } >"$build/build.log" 2>&1; then
        cat "$build/build.log" >&2
        echo "bench/run.sh: the native bench did not build (log above)" >&2
        exit 1
    fi
}

run_java() {
    build_jar
    echo "### JMH: Java logTS and timestamp translation per call (ns/op = ns per call;" \
        "batches of 1000 calls); Jof*: ops/s = tuples/s"
    # One fork and 1 s iterations keep the whole run short on 2 cores; see docs/benchmarks.md.
    # shellcheck disable=SC2086
    measured java -jar "$jar" ${JMH_OPTS:--f 1 -wi 3 -i 5 -w 1s -r 1s} \
        -rf json -rff bench/target/jmh-result.json
    echo "### NET_CONF: how long a task waits when the configuration server never answers"
    measured java -cp "$jar" org.cloudprofiler.bench.NetConfFallbackBench
    echo "### NET_CONF: from a rule change to the new handler in force on an open channel"
    measured java -cp "$jar" org.cloudprofiler.bench.NetConfChangeBench
    echo "### Sync: what one mid phase costs, two agents on the loopback"
    measured java -cp "$jar" org.cloudprofiler.bench.SyncPhaseCostBench
}

run_downcalls() {
    build_jar
    local ffm_jdk="${FFM_JDK:-/usr/lib/jvm/temurin-25-jdk-amd64}" round jdk java_bin
    if [[ ! -x "$ffm_jdk/bin/java" ]]; then
        echo "bench/run.sh: no JDK 22+ at $ffm_jdk for the FFM route; set FFM_JDK" >&2
        exit 1
    fi
    echo "### Per-record native calls by route, JDK 17 and $ffm_jdk alternating (ns per call);" \
        "the task probe per record, default handlers traced"
    for round in $(seq 1 "${ROUNDS:-3}"); do
        for jdk in 17 ffm; do
            java_bin=java
            [[ "$jdk" == ffm ]] && java_bin="$ffm_jdk/bin/java"
            echo "## round $round, $("$java_bin" -version 2>&1 | head -1); $(uptime)"
            # The task probe takes the route the JVM allows by default: FFM on JDK 24+.
            measured "$java_bin" -jar "$jar" -bm avgt -f 1 -wi 3 -i 10 -w 1s -r 500ms \
                -p handlers=default -p sample=1 \
                -rf json -rff "bench/target/jmh-downcalls-$round-$jdk.json" \
                'NativeCallRouteBenchmark|TaskProbeRecordBenchmark'
            # The same calls by the thread's CPU time, which leaves out waiting for a core.
            measured "$java_bin" -Dcloudprofiler.downcalls=jni -cp "$jar" \
                org.cloudprofiler.bench.NativeCallCpuTimeBench
            measured "$java_bin" --enable-native-access=ALL-UNNAMED -cp "$jar" \
                org.cloudprofiler.bench.NativeCallCpuTimeBench
        done
    done
}

run_native() {
    build_native
    echo "### Native bench (each section in its own process: the core reads CP_* once)"
    measured "$binary" call-cost --batches 20000 --calls-per-batch 1000
    measured "$binary" ret-acks --batches 2000 --calls-per-batch 1000
    measured "$binary" bytes-per-record --records 1e7 --rate 1e6
    measured "$binary" writer-throughput --seconds 3
    CP_BUFFER_MB=4 measured "$binary" writer-throughput --seconds 3
    CP_BUFFER_MB=4 CP_ON_FULL=drop measured "$binary" writer-throughput --seconds 3
    # Per-writer rates: 2 to 24 M records/s in total.
    measured "$binary" writer-throughput --seconds 2 --rates 1e6,2e6,4e6,6e6,8e6,12e6
    measured "$binary" idle-cpu --channels 50 --seconds 5
    measured "$binary" idle-cpu --channels 200 --seconds 5
}

# Each rate is a separate run with its receiver in a child process (C++) or in the same JVM
# (JeroMQ); see docs/benchmarks.md, "Generator".
run_generator() {
    build_native
    build_jar
    echo "### Generator (one sender, raw 100-byte tuples, tcp loopback)"
    measured "$binary" generator-throughput --rates 1e6,2e6,4e6,8e6,12e6,16e6,20e6 --seconds 3
    measured "$binary" generator-rate --rate 1e6 --seconds 10
    measured java -cp "$jar" org.cloudprofiler.bench.GeneratorJeroMqBench \
        --rates 1e6,2e6,4e6,8e6,12e6,14e6 --seconds 5
    # The sends' log, off against on at the top rate into JeroMQ, alternating in one JVM.
    CP_LOG_DIR="$log_root/generator-sends" CP_NODE_ID=bench \
        measured java -cp "$jar" org.cloudprofiler.bench.GeneratorSendLogBench \
        --rate 12e6 --seconds 5 --pairs 3
}

analyze_once() {
    local cli="$1" set="$2" timing="$3"
    /usr/bin/time -v -o "$timing" java -Xmx1g -jar "$cli" analyze --logs "$set/logs" \
        --out "$set/out" >"$set/analyze.log" 2>&1
    grep -E "^(reading logs: 100|Run:)" "$set/analyze.log"
}

run_analyzer() {
    local jar=bench/target/benchmarks.jar cli=cp-cli/target/cloudprofiler.jar
    local tuples="${ANALYZER_TUPLES:-1e7}" set="$log_root/analyzer" timing
    if [[ ! -f "$jar" || ! -f "$cli" ]]; then
        ./mvnw -B -ntp -q -pl cp-native,cp-sink-analyzer,cp-cli,bench -am -DskipTests install
    fi
    echo "### Analyzer: $tuples tuples x 6 channels, written by the native library, then analysed"
    CP_LOG_DIR="$set/logs" CP_NODE_ID=node-a CP_ON_FULL=block \
        java -cp "$jar" org.cloudprofiler.bench.AnalyzerLogSet "$tuples"
    du -sh "$set/logs"
    timing="$set/time.txt"
    # A 1 GiB heap: the analysis must not need the whole log set in memory.
    measured analyze_once "$cli" "$set" "$timing"
    awk -v records="$(awk -v t="$tuples" 'BEGIN { print t * 6 }')" -F': ' '
        /Elapsed \(wall clock\)/ { n = split($2, t, ":"); s = 0; for (i = 1; i <= n; i++) s = s * 60 + t[i] }
        /Maximum resident set size/ { rss = $2 }
        END { printf "   analyze: %.1f s wall, %.2f M records/s end to end (JVM and MiniCluster start included), peak RSS %.0f MiB\n", s, records / s / 1e6, rss / 1024 }' "$timing"
    rm -rf "$set"
}

run_storm() {
    local classpath=bench/storm/target/classpath.txt
    if [[ ! -f "$classpath" ]]; then
        ./mvnw -B -ntp -q -pl bench/storm -am -DskipTests install
    fi
    echo "### Storm ingestion: max sustainable tuples/s into a null bolt, KafkaSpout, JofSpout" \
        "and the ceiling"
    # shellcheck disable=SC2086
    # A fixed heap, touched at start: G1 would otherwise start from 1/64 of the memory and
    # resize it during the first runs, and the first pass through each new page of it would
    # fault; either is a hiccup that fails a run at any rate near the limit.
    measured java -Xms4g -Xmx4g -XX:+AlwaysPreTouch \
        -cp "bench/storm/target/classes:$(cat "$classpath")" \
        org.cloudprofiler.bench.storm.StormIngestionBench \
        --json bench/storm/target/storm-ingestion.json ${STORM_BENCH_OPTS:-}
    echo "### JofSpout's default translator per tuple, on a JOF receiver thread"
    # shellcheck disable=SC2086
    measured java -cp "bench/storm/target/classes:$(cat "$classpath")" org.openjdk.jmh.Main \
        TranslatorBenchmark ${JMH_OPTS:--f 1 -wi 3 -i 5 -w 1s -r 1s} -prof gc
    echo "### Profiling overhead on the YSB topology: no instrumentation vs OFF, NULL, traced," \
        "sampled and BUFFERED_ID"
    # shellcheck disable=SC2086
    measured java -cp "bench/storm/target/classes:$(cat "$classpath")" \
        org.cloudprofiler.bench.storm.ProfilingOverheadBench ${OVERHEAD_BENCH_OPTS:-}
}

# Runs a main class of bench/flink, measured, in a JVM with the options Flink needs; the heap
# is fixed and touched at start for the reason given in run_storm.
run_bench_flink() {
    local classpath=bench/flink/target/classpath.txt
    if [[ ! -f "$classpath" ]]; then
        ./mvnw -B -ntp -q -pl bench/flink -am -DskipTests install
    fi
    # shellcheck disable=SC2046
    measured java -Xms4g -Xmx4g -XX:+AlwaysPreTouch $(cat bench/flink/target/jvm-options.txt) \
        -cp "bench/flink/target/classes:$(cat "$classpath")" "$@"
}

run_flink() {
    echo "### Flink ingestion: max sustainable records/s into a discarding sink, KafkaSource," \
        "JofSource and the ceiling, alone and beside JofSource's transport"
    # 5 s runs, a 10 s warm-up and coarse resolutions keep the four searches near 8 minutes.
    # A 5 ms buffer timeout: under Flink's 100 ms the last records of an unbounded source's
    # run wait up to 100 ms in a partly filled network buffer, twice the drain that passes.
    # shellcheck disable=SC2086
    run_bench_flink org.cloudprofiler.bench.flink.FlinkIngestionBench \
        --json bench/flink/target/flink-ingestion.json ${FLINK_BENCH_OPTS:---duration-s 5 \
        --buffer-timeout-ms 5 --warm-up-s 10 --quiet-wait-s 30 --kafka 50000,4000000,25000 \
        --jof 1000000,16000000,250000 --ceiling 1000000,16000000,250000}
}

run_flink_overhead() {
    echo "### Profiling overhead on the Flink YSB job: no instrumentation vs OFF, NULL," \
        "traced, sampled, BUFFERED_ID and Flink's latency markers"
    # shellcheck disable=SC2086
    run_bench_flink org.cloudprofiler.bench.flink.ProfilingOverheadBench \
        ${FLINK_OVERHEAD_BENCH_OPTS:-}
    echo "### Profiling overhead on a user's windowed DataGen job: unthrottled rate per variant"
    # shellcheck disable=SC2086
    run_bench_flink org.cloudprofiler.bench.flink.ClickWindowsOverheadBench \
        ${CLICK_WINDOWS_BENCH_OPTS:-}
}

if [[ "$part" == all || "$part" == java ]]; then
    run_java
fi
if [[ "$part" == all || "$part" == native ]]; then
    run_native
fi
if [[ "$part" == all || "$part" == generator ]]; then
    run_generator
fi
if [[ "$part" == all || "$part" == analyzer ]]; then
    run_analyzer
fi
if [[ "$part" == all || "$part" == storm ]]; then
    run_storm
fi
if [[ "$part" == all || "$part" == flink ]]; then
    run_flink
fi
if [[ "$part" == flink-overhead ]]; then
    run_flink_overhead
fi
if [[ "$part" == downcalls ]]; then
    run_downcalls
fi
if [[ "$part" == flink-submission ]]; then
    echo "### Flink submission: the client's work, unprofiled vs the profiling rewrite"
    # shellcheck disable=SC2086
    run_bench_flink org.cloudprofiler.bench.flink.SubmissionRewriteBench \
        ${FLINK_SUBMISSION_BENCH_OPTS:-}
fi
