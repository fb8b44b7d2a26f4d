#!/usr/bin/env bash
# `make test-docker`: the compose cluster's Testcontainers suites for real. Starts dockerd when no
# Docker engine answers (and stops it at the end: only what this script started), builds the
# images (scripts/build-images.sh, cached after the first run), then runs the suites against
# them with Ryuk disabled (its image would need a registry; the suites stop what they start).
# Needs the Maven build (make build) and make test-deps' packages.
set -euo pipefail
cd "$(dirname "$0")/.."

started_pid=""
stop_dockerd() {
    if [[ -n "$started_pid" ]]; then
        echo "test-docker: stopping the dockerd it started (pid $started_pid)"
        kill "$started_pid" 2>/dev/null || true
        wait "$started_pid" 2>/dev/null || true
    fi
}
trap stop_dockerd EXIT

if ! docker info >/dev/null 2>&1; then
    command -v dockerd >/dev/null || {
        echo "test-docker: no Docker engine answers and dockerd is not installed; run 'make\
 test-deps'" >&2
        exit 1
    }
    mkdir -p target
    dockerd >target/dockerd.log 2>&1 &
    started_pid=$!
    for _ in $(seq 60); do
        docker info >/dev/null 2>&1 && break
        kill -0 "$started_pid" 2>/dev/null || {
            tail -n 20 target/dockerd.log >&2
            echo "test-docker: dockerd exited (log above, whole in target/dockerd.log)" >&2
            exit 1
        }
        sleep 1
    done
    docker info >/dev/null 2>&1 || {
        echo "test-docker: dockerd did not answer within 60 s; see target/dockerd.log" >&2
        exit 1
    }
    echo "test-docker: started dockerd (pid $started_pid, log target/dockerd.log)"
fi

bash scripts/build-images.sh

# -DskipTests: every module up to it is built, none tested; the profile runs the suites alone.
./mvnw -B -ntp -pl it -am verify -DskipTests -Pcompose-cluster
