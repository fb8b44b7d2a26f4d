#!/usr/bin/env bash
# Installs the Debian packages the build needs, or says exactly how to.
# Idempotent: does nothing when every package is already present.
set -euo pipefail

# chromium: the analyzer renders report.html headless in its tests.
PACKAGES=(cmake make g++ libzstd-dev libgtest-dev libzmq3-dev cppzmq-dev binutils procps iproute2
          chromium)

missing=()
for package in "${PACKAGES[@]}"; do
    if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
        missing+=("$package")
    fi
done

if [ ${#missing[@]} -eq 0 ]; then
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
