#!/usr/bin/env bash
# `make images`: every image docker/compose.yaml runs, built on this machine without a registry
# (docs/cluster.md, "Without a registry"):
#   cloudprofiler/debian:bookworm-minbase   debootstrap + docker import (docker/images/debian-base.sh)
#   cloudprofiler/jre:17-bookworm           Debian's openjdk-17-jre-headless on it
#   cloudprofiler/storm:<storm>-jre17-bookworm, cloudprofiler/zookeeper:storm-<storm>-jre17-bookworm,
#   cloudprofiler/flink:<flink>-jre17-bookworm, cloudprofiler/kafka:<kafka>-jre17-bookworm
#                                           the Maven jars the local cluster starts from
#                                           (engines/*/target/classpath.txt)
#   cloudprofiler:<version>-bookworm        docker/Dockerfile on the JRE image: the product
# then writes target/images/compose.env, which points docker/compose.yaml's image variables at
# them (docker compose --env-file target/images/compose.env ...). Needs the Maven build
# (make build, or package of cp-cli and engines/*) and a running Docker engine. A rebuild with
# nothing changed takes seconds: the base image is kept, the Dockerfiles' layers are cached.
set -euo pipefail
cd "$(dirname "$0")/.."

fail() {
    echo "images: $*" >&2
    exit 1
}

docker info >/dev/null 2>&1 || fail "no Docker engine answers (docker info); start dockerd\
 (make test-docker starts one) or set DOCKER_HOST"

# The value of <name> in a pom's properties.
pom_property() {
    sed -n "s:^ *<$2>\(.*\)</$2>.*:\1:p" "$1" | head -n 1
}
version="$(sed -n 's:^  <version>\(.*\)</version>.*:\1:p' pom.xml | head -n 1)"
storm="$(pom_property engines/storm/pom.xml storm.version)"
flink="$(pom_property pom.xml flink.version)"
kafka="$(pom_property pom.xml kafka.version)"

base=cloudprofiler/debian:bookworm-minbase
jre=cloudprofiler/jre:17-bookworm
storm_image="cloudprofiler/storm:$storm-jre17-bookworm"
zookeeper_image="cloudprofiler/zookeeper:storm-$storm-jre17-bookworm"
flink_image="cloudprofiler/flink:$flink-jre17-bookworm"
kafka_image="cloudprofiler/kafka:$kafka-jre17-bookworm"
product_image="cloudprofiler:$version-bookworm"

contexts=target/images
mkdir -p "$contexts"

# build TAG CONTEXT DOCKERFILE [--build-arg ...]: quiet unless it fails.
build() {
    local tag="$1" context="$2" dockerfile="$3"
    shift 3
    local log="$contexts/${tag//[\/:]/_}.log"
    local started=$SECONDS
    docker build -t "$tag" -f "$dockerfile" "$@" "$context" >"$log" 2>&1 || {
        tail -n 30 "$log" >&2
        fail "building $tag failed (log above, whole in $log)"
    }
    echo "images: $tag built in $((SECONDS - started)) s"
}

# stage ENGINE: target/images/ENGINE/ with lib/ (the engine's jars, by name) and files/
# (docker/images/ENGINE/); its Dockerfile's COPY layers are cached as long as both are the same.
stage() {
    local engine="$1" classpath="engines/$1/target/classpath.txt"
    [[ -f "$classpath" ]] || fail "$classpath is missing: build the engines first (make build,\
 or ./mvnw -pl engines/$engine package)"
    local context="$contexts/$engine"
    rm -rf "$context/lib" "$context/files"
    mkdir -p "$context/lib"
    tr ':' '\n' <"$classpath" | while read -r jar || [[ -n "$jar" ]]; do
        [[ -n "$jar" ]] || continue
        [[ ! -e "$context/lib/$(basename "$jar")" ]] || fail "two jars named $(basename "$jar")\
 on $classpath; one would hide the other in the image"
        cp "$jar" "$context/lib/"
    done
    cp -r "docker/images/$engine" "$context/files"
    echo "$context"
}

[[ -f cp-cli/target/cloudprofiler.jar ]] || fail "cp-cli/target/cloudprofiler.jar is missing:\
 build it first (make build)"

bash docker/images/debian-base.sh "$base" bookworm
build "$jre" docker/images/jre docker/images/jre/Dockerfile --build-arg "BASE_IMAGE=$base"

context="$(stage storm)"
build "$storm_image" "$context" docker/images/storm/Dockerfile --build-arg "JRE_IMAGE=$jre"
build "$zookeeper_image" docker/images/zookeeper docker/images/zookeeper/Dockerfile \
    --build-arg "STORM_IMAGE=$storm_image"

context="$(stage flink)"
[[ -f engines/flink/target/jvm-options.txt ]] || fail "engines/flink/target/jvm-options.txt is\
 missing: build engines/flink first"
cp engines/flink/target/jvm-options.txt "$context/"
build "$flink_image" "$context" docker/images/flink/Dockerfile --build-arg "JRE_IMAGE=$jre"

context="$(stage kafka)"
cp engines/kafka/log4j2.properties "$context/"
build "$kafka_image" "$context" docker/images/kafka/Dockerfile --build-arg "JRE_IMAGE=$jre"

build "$product_image" . docker/Dockerfile --build-arg "JRE_IMAGE=$jre"

# What docker/compose.yaml runs instead of its defaults (the official images).
cat >"$contexts/compose.env" <<ENV
# Written by make images (scripts/build-images.sh): docker/compose.yaml on the images built
# here. Use: docker compose --env-file $contexts/compose.env -f docker/compose.yaml ...
CLOUDPROFILER_IMAGE=$product_image
CLOUDPROFILER_JRE_IMAGE=$jre
ZOOKEEPER_IMAGE=$zookeeper_image
STORM_IMAGE=$storm_image
FLINK_IMAGE=$flink_image
KAFKA_IMAGE=$kafka_image
ENV
echo "images: ready; docker/compose.yaml takes them with --env-file $contexts/compose.env"
