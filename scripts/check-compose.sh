#!/usr/bin/env bash
# docker/compose.yaml, checked without a Docker engine: Compose must accept it (`config`
# resolves and validates it); every image it names, and every FROM of docker/Dockerfile, is
# pinned to an exact tag or digest: no `latest`, no missing tag; and the engines' images are of
# the versions the build compiles against (cp-storm's storm.version, the parent's flink.version
# and kafka.version), so that a version bump in a pom cannot leave the cluster behind. Before
# that, the pin check is run on docker/testdata/unpinned-images.yaml and must name exactly the
# images that file marks unpinned, so a check that stopped seeing them fails here instead of
# passing everything.
#
# Compose is `docker compose` where the plugin is installed, else `docker-compose` (Debian's
# package, which make test-deps installs; its `config` needs no engine).
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
    echo "check-compose: $*" >&2
    exit 1
}

if docker compose version >/dev/null 2>&1; then
    compose=(docker compose)
elif command -v docker-compose >/dev/null; then
    compose=(docker-compose)
else
    fail "neither 'docker compose' nor 'docker-compose' is installed; run 'make test-deps'"
fi

# The images of a compose file as Compose resolves them, one a line: each service's image and
# each build argument named *_IMAGE. The variables the file defaults (${NAME:-default}) are
# unset first, so that what is checked is the defaults, not this shell's or make images' choice.
resolved_images() {
    local unset=() name
    for name in $(grep -o '\${[A-Z0-9_]*:-' "$1" | tr -d '${:-' | sort -u); do
        unset+=(-u "$name")
    done
    env "${unset[@]}" "${compose[@]}" -f "$1" config \
        | sed -n -e 's/^ *image: *//p' -e 's/^ *[A-Z0-9_]*_IMAGE: *//p' | tr -d "\"'"
}

# The images docker/Dockerfile starts FROM, an ARG's default where FROM names the ARG.
dockerfile_bases() {
    local from name
    for from in $(sed -n 's/^FROM[[:space:]]\+\([^[:space:]]\+\).*/\1/p' "$1"); do
        if [[ "$from" =~ ^\$\{?([A-Za-z0-9_]+)\}?$ ]]; then
            name="${BASH_REMATCH[1]}"
            from="$(sed -n "s/^ARG[[:space:]]\+$name=\([^[:space:]]*\).*/\1/p" "$1" | head -n 1)"
            [[ -n "$from" ]] || fail "$1 starts FROM \${$name}, which has no default (ARG $name=...)"
        fi
        echo "$from"
    done
}

# Prints each image that is not pinned: a digest pins it; otherwise the last path component
# must carry a tag (a colon before the last slash is a registry port), and not `latest`.
unpinned() {
    local image name
    while read -r image; do
        [[ -n "$image" ]] || continue
        [[ "$image" == *@sha256:* ]] && continue
        name="${image##*/}"
        if [[ "$name" != *:* || "${name##*:}" == latest ]]; then
            echo "$image"
        fi
    done
}

expected="$(printf '%s\n' ubuntu storm:latest zookeeper registry.example:5000/flink kafka)"
found="$(resolved_images docker/testdata/unpinned-images.yaml | unpinned)" \
    || fail "Compose rejected docker/testdata/unpinned-images.yaml"
[[ "$found" == "$expected" ]] || fail "the pin check found [$(echo $found)] in\
 docker/testdata/unpinned-images.yaml, not [$(echo $expected)]"

images="$(resolved_images docker/compose.yaml)" || fail "Compose rejected docker/compose.yaml"
bases="$(dockerfile_bases docker/Dockerfile)"
bad="$(printf '%s\n%s\n' "$images" "$bases" | unpinned)"
[[ -z "$bad" ]] || fail "images not pinned to an exact tag: $(echo $bad); pin them (e.g.\
 storm:2.8.3-jre17, not storm or storm:latest)"

# The value of <name> in a pom's properties.
pom_property() {
    sed -n "s:^ *<$2>\(.*\)</$2>.*:\1:p" "$1" | head -n 1
}

# Each engine image's tag must start with the version its pom gives, then end or go on with `-`.
storm="$(pom_property cp-storm/pom.xml storm.version)"
flink="$(pom_property pom.xml flink.version)"
kafka="$(pom_property pom.xml kafka.version)"
for expected in "storm:$storm" "flink:$flink" "apache/kafka:$kafka"; do
    repository="${expected%:*}"
    tags="$(printf '%s\n' "$images" | sed -n "s:^$repository\::&:p" | sort -u)"
    [[ -n "$tags" ]] || fail "docker/compose.yaml runs no $repository image"
    while read -r image; do
        [[ "$image" == "$expected" || "$image" == "$expected"-* ]] || fail "docker/compose.yaml\
 runs $image, but the build compiles against $expected (keep them equal)"
    done <<< "$tags"
done

echo "check-compose: docker/compose.yaml is valid; its $(echo "$images" | sort -u | wc -l)\
 images and docker/Dockerfile's base are pinned, its engines those of the build"
