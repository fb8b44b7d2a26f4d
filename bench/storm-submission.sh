#!/usr/bin/env bash
# What profiling by configuration adds to a Storm submission as a user waits for it (issue 32):
# the wall time of `storm jar` (a client JVM running the topology's main, StormSubmitter
# uploading the jar, Nimbus validating and storing the topology) on the local cluster's Storm
# brought up with `cluster up --profile`, whose Nimbus runs ProfilingTopologyValidator. Two
# topologies, each submitted ROUNDS times profiled and ROUNDS times opted out (`storm jar -c
# cloudprofiler.enabled=false`: the same Nimbus and validator, which returns once it has read the
# key), alternating, so both ways see the same load: the YSB built with Storm's TopologyBuilder
# (it/target/ysb-cluster.jar, StormYsbSubmission) and a word count whose jar holds its own classes
# only (it's test topology stormjobs.WordCountTopology). Each topology is killed, gone from
# `storm list` and its workers exited, before the next submission; the two ways take turns to go
# first. Per submission: the wall time of the client JVM, and the part of it the submit call
# takes (StormSubmitter's "Submitting topology" to "Finished submitting": Nimbus validates,
# wraps and stores the topology; the jar's upload is before it). Prints every submission and the
# medians; asserts nothing. Not part of make test.
#
#   ./mvnw -B -ntp -DskipTests -pl cp-cli,it -am package    # or make build
#   ./mvnw -B -ntp -pl it test-compile                      # the word count's classes
#   bash bench/storm-submission.sh [ROUNDS]                 # default 5; about 4 min
set -euo pipefail
cd "$(dirname "$0")/.."

rounds="${1:-5}"
out="$PWD/bench/target/storm-submission"
cluster="$out/cluster"
cli_jar="cp-cli/target/cloudprofiler.jar"
ysb_jar="$PWD/it/target/ysb-cluster.jar"
word_count_classes="it/target/test-classes"
word_count_class="org.cloudprofiler.it.stormjobs.WordCountTopology"
for built in "$cli_jar" "$ysb_jar" cp-storm/target/cloudprofiler-storm.jar \
    engines/storm/target/classpath.txt \
    "$word_count_classes/${word_count_class//.//}.class"; do
    if [[ ! -f "$built" ]]; then
        echo "storm-submission: $built is missing; build as the comment at the top says" >&2
        exit 1
    fi
done
cloudprofiler() { java -jar "$cli_jar" "$@"; }

if [[ -f "$cluster/cluster.json" ]]; then
    cloudprofiler cluster down --dir "$cluster"
fi
rm -rf "$out"
mkdir -p "$out/submissions"
trap 'cloudprofiler cluster down --dir "$cluster" >/dev/null 2>&1 || true' EXIT

word_count_jar="$out/word-count.jar"
(cd "$word_count_classes" && jar cf "$word_count_jar" org/cloudprofiler/it/stormjobs)
java -cp "$ysb_jar" org.cloudprofiler.it.CampaignTable 3 "$out/campaigns.txt"

cloudprofiler cluster up --dir "$cluster" --engines storm --nodes 3 --profile >"$out/up.log"
storm_classpath="$(cat engines/storm/target/classpath.txt)"
client=(-Xmx256m -Dstorm.conf.file="$cluster/storm/client.yaml"
    -Dlog4j.configurationFile="$cluster/storm/home/log4j2/cluster.xml")

# The milliseconds between the first lines of LOG that hold FROM and TO (log4j's ISO8601 times).
log_span() {
    awk -v from="$2" -v to="$3" '
        function ms(stamp) { split(substr(stamp, 12, 12), t, /[:,]/)
                             return ((t[1] * 60 + t[2]) * 60 + t[3]) * 1000 + t[4] }
        index($0, from) && !a { a = ms($1) }
        index($0, to) && !b { b = ms($1) }
        END { print b - a }' "$1"
}

# submit NAME WAY JAR CLASS ARGS...: one `storm jar`; prints its wall time and its submit call's,
# in ms.
submit() {
    local name="$1" way="$2" jar="$3"
    shift 3
    local options=()
    if [[ "$way" == unprofiled ]]; then
        # As `storm jar -c cloudprofiler.enabled=false` passes it (URL-encoded).
        options=(-Dstorm.options=cloudprofiler.enabled%3Dfalse)
    fi
    local began ended
    began=$(date +%s%N)
    local log="$out/submissions/$name.log"
    if ! java "${client[@]}" "${options[@]}" -cp "$storm_classpath:$jar" -Dstorm.jar="$jar" \
        "$@" >"$log" 2>&1; then
        echo "storm-submission: $name was not submitted; see $log" >&2
        return 1
    fi
    ended=$(date +%s%N)
    java "${client[@]}" -cp "$storm_classpath" org.apache.storm.command.KillTopology \
        -w 0 "$name" >>"$out/kills.log" 2>&1
    for _ in $(seq 60); do
        java "${client[@]}" -cp "$storm_classpath" org.apache.storm.command.ListTopologies \
            2>/dev/null | grep -q "^$name " || break
        sleep 1
    done
    for _ in $(seq 60); do
        pgrep -f -- "-Dstorm.id=$name-" >/dev/null || break
        sleep 1
    done
    echo "$(((ended - began) / 1000000)) $(log_span "$log" "Submitting topology $name " \
        "Finished submitting topology: $name")"
}

median() { sort -n | awk '{ v[NR] = $1 } END { print (NR % 2) ? v[(NR + 1) / 2] \
    : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }

for topology in ysb word-count; do
    : >"$out/$topology-profiled.txt"
    : >"$out/$topology-unprofiled.txt"
    for round in $(seq "$rounds"); do
        ways="profiled unprofiled"
        if ((round % 2 == 0)); then
            ways="unprofiled profiled"
        fi
        for way in $ways; do
            name="$topology-$way-$round"
            if [[ "$topology" == ysb ]]; then
                times=$(submit "$name" "$way" "$ysb_jar" org.cloudprofiler.it.StormYsbSubmission \
                    "$name" "$out/campaigns.txt")
            else
                times=$(submit "$name" "$way" "$word_count_jar" "$word_count_class" "$name" 2000)
            fi
            read -r wall call <<<"$times"
            echo "$topology round $round $way: storm jar $wall ms, its submit call $call ms"
            echo "$wall $call" >>"$out/$topology-$way.txt"
        done
    done
done
echo
for topology in ysb word-count; do
    for way in profiled unprofiled; do
        echo "$topology $way (median of $rounds): storm jar" \
            "$(cut -d' ' -f1 "$out/$topology-$way.txt" | median) ms, its submit call" \
            "$(cut -d' ' -f2 "$out/$topology-$way.txt" | median) ms"
    done
done
