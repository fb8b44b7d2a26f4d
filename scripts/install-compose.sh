#!/usr/bin/env bash
# Installs Docker Compose v2 as the docker CLI plugin (`docker compose`), built from its source
# module on the Go module proxy: Debian 12 packages only Compose v1 (docker-compose 1.29, which
# runs docker/compose.yaml but not Testcontainers' ComposeContainer, which runs `docker compose`),
# and no image registry or release download is reachable here. Needs Go 1.24 or later (the
# module's go.mod). Does nothing when the plugin of this version is installed.
set -euo pipefail

version=v2.40.3
plugins=/usr/local/lib/docker/cli-plugins

if "$plugins/docker-compose" version 2>/dev/null | grep -q "version $version\$"; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    echo "cloudprofiler: Docker Compose $version is missing; as root, run: bash $0" >&2
    exit 1
fi
command -v go >/dev/null || {
    echo "cloudprofiler: building Docker Compose $version needs Go 1.24 or later on PATH" >&2
    exit 1
}

echo "cloudprofiler: building Docker Compose $version from the Go module proxy (a few minutes)"
# `go install module@version` refuses a go.mod with exclude directives, as Compose's has: the
# module is downloaded, then built inside its own directory with its go.sum.
source="$(go mod download -json "github.com/docker/compose/v2@$version" \
    | sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p')"
[ -d "$source" ] || { echo "cloudprofiler: go mod download of Compose $version failed" >&2; exit 1; }
mkdir -p "$plugins"
(cd "$source" && go build -trimpath \
    -ldflags "-s -w -X github.com/docker/compose/v2/internal.Version=$version" \
    -o "$plugins/docker-compose.new" ./cmd)
mv "$plugins/docker-compose.new" "$plugins/docker-compose"
"$plugins/docker-compose" version
