#!/usr/bin/env bash
# Wall time of a whole Flink submission, profiled (execution.target: cloudprofiler) against
# unprofiled (remote), through each path a Flink user submits by, on the local cluster brought up
# with --profile: `flink run` of a DataStream job jar, `flink run` of a client program that
# submits with executeSql, and the SQL client (`sql-client.sh -f`, what `cluster sql` runs).
# Each submission is Flink's own client process, from its JVM's start to its exit once the
# JobManager has the job (`flink run -d`; the SQL client with table.dml-sync off); each job is
# waited for to its end before the next submission. Profiled and unprofiled alternate in every
# round, so both see the same load. Prints the median of ROUNDS submissions of each.
#
#   make bench-flink-submission-times        # after make build and the it module's test classes
#   ROUNDS=5 bash bench/flink-submission-times.sh
set -euo pipefail

rounds=${ROUNDS:-3}
repo=$(cd "$(dirname "$0")/.." && pwd)
work=${BENCH_DIR:-$repo/target/bench-flink-submission-times}
jobs=$repo/it/target/test-classes
scripts=$jobs/org/cloudprofiler/it/flinkjobs

for built in "$repo/cp-cli/target/cloudprofiler.jar" \
    "$repo/cp-flink/target/cloudprofiler-flink.jar" \
    "$repo/engines/flink/target/sql-client-classpath.txt" "$scripts/NumberWordsJob.class" \
    "$scripts/planner-size.sql"; do
  if [[ ! -f $built ]]; then
    echo "$built is missing: run 'make build' and './mvnw -pl it test-compile' first" >&2
    exit 2
  fi
done

rm -rf "$work"
mkdir -p "$work/runs"
cluster=$work/cluster
(cd "$jobs" && jar cf "$work/user-jobs.jar" org/cloudprofiler/it/flinkjobs)

cloudprofiler() {
  java -jar "$repo/cp-cli/target/cloudprofiler.jar" "$@"
}

cloudprofiler cluster up --dir "$cluster" --repository "$repo" --engines flink --nodes 3 \
  --loopback --profile > "$work/cluster-up.log"
trap 'cloudprofiler cluster down --dir "$cluster" > "$work/cluster-down.log" 2>&1' EXIT
rest=$(sed -n 's/^flink: Flink web UI and REST API: //p' "$work/cluster-up.log")

# Flink's own clients as bin/flink and bin/sql-client.sh start them, on the cluster's client
# configuration (FLINK_CONF_DIR), their logs to a file as those scripts send them.
cat > "$work/log4j-client.properties" <<EOF
rootLogger.level = INFO
rootLogger.appenderRef.file.ref = file
appender.file.name = file
appender.file.type = File
appender.file.fileName = $work/clients.log
appender.file.layout.type = PatternLayout
appender.file.layout.pattern = %d %-5p %c - %m%n
EOF
classpath="$(cat "$repo/engines/flink/target/classpath.txt")"
classpath+=":$repo/cp-flink/target/cloudprofiler-flink.jar"
# What sql-client.sh adds from opt/ (docs/cluster.md), behind the rest as there.
sql_classpath="$classpath:$(cat "$repo/engines/flink/target/sql-client-classpath.txt")"
read -r -a jvm < "$repo/engines/flink/target/jvm-options.txt"
# flink_client CLASSPATH MAIN-CLASS ARGS...
flink_client() {
  local path=$1
  shift
  FLINK_CONF_DIR=$cluster/flink/client java "${jvm[@]}" -Xmx256m \
    -Dlog4j.configurationFile="$work/log4j-client.properties" -cp "$path" "$@"
}

# submit CASE NAME MODE: one submission of the case as the job NAME, profiled or unprofiled.
submit() {
  local case=$1 name=$2 mode=$3 remote=()
  case $case in
    datastream)
      [[ $mode == unprofiled ]] && remote=(-t remote)
      flink_client "$classpath" org.apache.flink.client.cli.CliFrontend run -d "${remote[@]}" \
        -c org.cloudprofiler.it.flinkjobs.NumberWordsJob "$work/user-jobs.jar" "$name" 20000 ;;
    execute-sql-*)
      [[ $mode == unprofiled ]] && remote=(-t remote)
      flink_client "$classpath" org.apache.flink.client.cli.CliFrontend run -d "${remote[@]}" \
        -c org.cloudprofiler.it.flinkjobs.SqlFileProgram "$work/user-jobs.jar" "$name" \
        "$scripts/${case#execute-sql-}.sql" ;;
    sql-client-*)
      [[ $mode == unprofiled ]] && remote=(-Dexecution.target=remote)
      flink_client "$sql_classpath" org.apache.flink.table.client.SqlClient embedded \
        -hist "$work/sql-history" -f "$scripts/${case#sql-client-}.sql" \
        -Dpipeline.name="$name" "${remote[@]}" ;;
  esac
}

# await_end NAME: waits until the job NAME has finished (a failed one ends the bench).
await_end() {
  python3 - "$rest" "$1" <<'EOF'
import json, sys, time, urllib.request
rest, name = sys.argv[1], sys.argv[2]
deadline = time.time() + 300
while time.time() < deadline:
    jobs = json.load(urllib.request.urlopen(rest + "/jobs/overview"))["jobs"]
    states = [job["state"] for job in jobs if job["name"] == name]
    if states and states[0] in ("FAILED", "CANCELED"):
        sys.exit(f"job {name} ended {states[0]}: see {rest}")
    if states and states[0] == "FINISHED":
        sys.exit(0)
    time.sleep(0.5)
sys.exit(f"job {name} did not finish within 300 s")
EOF
}

# operators CASE: the stream operators of the case's last profiled job, from its topology.json.
operators() {
  python3 - "$cluster/logs/flink" <<'EOF'
import glob, json, sys
files = sorted(glob.glob(sys.argv[1] + "/*/topology.json"))
print(len(json.load(open(files[-1]))["components"]) if files else "?")
EOF
}

cases=(datastream execute-sql-category-revenue execute-sql-planner-size \
  sql-client-category-revenue sql-client-planner-size)
declare -A times operator_count
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg)"
for ((round = 1; round <= rounds; round++)); do
  for case in "${cases[@]}"; do
    if ((round % 2)); then order=(unprofiled profiled); else order=(profiled unprofiled); fi
    for mode in "${order[@]}"; do
      name=$case-$mode-$round
      start=$(date +%s%N)
      if ! submit "$case" "$name" "$mode" > "$work/runs/$name.log" 2>&1 \
          || grep -q '\[ERROR\]' "$work/runs/$name.log"; then
        echo "$name failed: see $work/runs/$name.log" >&2
        exit 1
      fi
      end=$(date +%s%N)
      times[$case/$mode]+="$(( (end - start) / 1000000 )) "
      await_end "$name"
      if [[ $mode == profiled ]]; then operator_count[$case]=$(operators); fi
      echo "round $round $name: $(( (end - start) / 1000000 )) ms"
    done
  done
done
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"

median() {
  tr ' ' '\n' <<< "$1" | grep . | sort -n | awk '{v[NR] = $1} END {
    print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}
echo
echo "submission wall time, median of $rounds (ms): case, operators, unprofiled, profiled, added"
for case in "${cases[@]}"; do
  unprofiled=$(median "${times[$case/unprofiled]}")
  profiled=$(median "${times[$case/profiled]}")
  echo "$case, ${operator_count[$case]} operators: unprofiled $unprofiled, profiled $profiled," \
    "$(awk -v p="$profiled" -v u="$unprofiled" 'BEGIN { printf "%+d", p - u }')" \
    "(all: unprofiled ${times[$case/unprofiled]% }; profiled ${times[$case/profiled]% })"
done
