#!/usr/bin/env bash
# Installs the Debian packages a make target needs, or says exactly how to.
#   install-deps.sh build   what building needs (make build, make demo, make bench)
#   install-deps.sh test    that, plus what only the tests use (make test, make test-clusters)
#   install-deps.sh docker  that, plus the Docker engine, debootstrap and Compose v2 (make images,
#                           make test-docker)
# Idempotent: does nothing when every package is already present.
set -euo pipefail

# The native build: CMake, the C++ compiler, zstd, libsodium (the sync protocol's MACs), ZeroMQ,
# and GoogleTest (the C++ tests are built with the libraries); for the demo's cluster, procps
# (ps, which Storm's process checks run) and iproute2 (ip, which makes its network namespaces).
BUILD_PACKAGES=(cmake make g++ libzstd-dev libsodium-dev libgtest-dev libzmq3-dev cppzmq-dev
    procps iproute2)
# The tests: nm (binutils) checks the exported symbols, chromium renders report.html headless,
# and docker-compose validates docker/compose.yaml (its `config` needs no Docker engine).
TEST_PACKAGES=(binutils chromium docker-compose)
# The Docker engine (docker.io) and debootstrap build and run the compose cluster's images, with
# Compose v2 (scripts/install-compose.sh, built from source: minutes) for Testcontainers.
DOCKER_PACKAGES=(docker.io debootstrap)

case "${1:-}" in
    build) packages=("${BUILD_PACKAGES[@]}") ;;
    test) packages=("${BUILD_PACKAGES[@]}" "${TEST_PACKAGES[@]}") ;;
    docker) packages=("${BUILD_PACKAGES[@]}" "${TEST_PACKAGES[@]}" "${DOCKER_PACKAGES[@]}") ;;
    *)
        echo "usage: $0 build|test|docker" >&2
        exit 2
        ;;
esac

missing=()
for package in "${packages[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done

install_compose() {
    if [ "$1" = docker ]; then
        bash "$(dirname "$0")/install-compose.sh"
    fi
}

if [ ${#missing[@]} -eq 0 ]; then
    install_compose "$1"
    exit 0
fi

if [ "$(id -u)" -ne 0 ]; then
    echo "cloudprofiler: missing system packages: ${missing[*]}" >&2
    echo "Install them as root, then run make again:" >&2
    echo "  sudo apt-get update && sudo apt-get install -y ${missing[*]}" >&2
    exit 1
fi

echo "cloudprofiler: installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -q
apt-get install -y -q --no-install-recommends "${missing[@]}"
install_compose "$1"
