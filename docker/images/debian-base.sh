#!/usr/bin/env bash
# The Debian base image every local image starts from, without a registry: a minbase root file
# system made by debootstrap from a Debian mirror, turned into an image by `docker import`.
#   debian-base.sh TAG [SUITE]
# Does nothing when TAG already exists (the root file system takes a minute and a few hundred
# megabytes of downloads; `docker rmi TAG` makes it anew). DEBIAN_MIRROR chooses the mirror.
set -euo pipefail

tag="$1"
suite="${2:-bookworm}"
mirror="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"

if docker image inspect "$tag" >/dev/null 2>&1; then
    echo "images: $tag present, kept"
    exit 0
fi
command -v debootstrap >/dev/null || {
    echo "images: debootstrap is missing; run 'make test-deps' (or apt-get install debootstrap)" >&2
    exit 1
}

root="$(mktemp -d /tmp/cloudprofiler-rootfs.XXXXXX)"
trap 'rm -rf "$root"' EXIT
echo "images: debootstrap --variant=minbase $suite from $mirror"
debootstrap --variant=minbase "$suite" "$root" "$mirror" >"$root.log" 2>&1 || {
    tail -n 20 "$root.log" >&2
    echo "images: debootstrap of $suite from $mirror failed (log above); set DEBIAN_MIRROR to a\
 mirror this machine reaches" >&2
    exit 1
}
rm -f "$root.log"
# What an image needs no copy of: package lists (each Dockerfile updates them) and caches.
rm -rf "$root"/var/lib/apt/lists/* "$root"/var/cache/apt/archives/*.deb
# Installs in a container take no recommends and keep no documentation, as Docker's Debian
# images do.
printf 'APT::Install-Recommends "false";\nAPT::Install-Suggests "false";\n' \
    >"$root/etc/apt/apt.conf.d/90cloudprofiler-no-recommends"
tar --numeric-owner -C "$root" -c . | docker import \
    --change 'CMD ["bash"]' \
    --message "debootstrap --variant=minbase $suite $mirror" - "$tag" >/dev/null
echo "images: $tag imported"
