#!/usr/bin/env bash
# `make build` for `make demo`: the same Maven build (-DskipTests install), its output kept in a
# log file, one line on the terminal per module as Maven starts it. On failure, the log's end and
# its path.
set -euo pipefail
cd "$(dirname "$0")/.."

log="target/build.log"
mkdir -p target
echo "build: compiling and packaging every module (the whole output: $log)"
started=$SECONDS
status=0
# Maven announces each module as "[INFO] Building <name>: <description> <version> [k/n]".
./mvnw -B -ntp -DskipTests install >"$log" 2>&1 &
maven=$!
trap 'kill "$maven" 2>/dev/null; exit 130' INT
trap 'kill "$maven" 2>/dev/null; exit 143' TERM
tail -n +1 --pid="$maven" -f "$log" 2>/dev/null |
    sed -n -u 's/^\[INFO\] Building \([^: ]*\).*\[\([0-9]*\/[0-9]*\)\]$/build: [\2] \1/p' || true
wait "$maven" || status=$?
if ((status != 0)); then
    tail -n 40 "$log" >&2
    echo "build: failed (exit $status) after $((SECONDS - started)) s; the whole output is in $log" >&2
    exit "$status"
fi
echo "build: done in $((SECONDS - started)) s"
