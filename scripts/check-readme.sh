#!/usr/bin/env bash
# README.md's "Using it", followed as a new user would on this machine, after the artifacts are
# installed (make build, make test): a Maven project of its own, in a temporary directory
# outside this build, takes the README's dependency block as its only dependency, compiles the
# README's Java example as it stands, runs it, and reads its logs with the README's inspect
# command. Each block is the fenced block after a `<!-- readme-check: NAME ... -->` line of
# README.md, read from the README itself so that the two cannot drift apart.
#
# Maven runs through this checkout's wrapper and honours MAVEN_ARGS (e.g. -Dmaven.repo.local).
set -euo pipefail
cd "$(dirname "$0")/.."
checkout="$PWD"
cli_jar="$checkout/cp-cli/target/cloudprofiler.jar"

fail() {
    echo "check-readme: $*" >&2
    exit 1
}

# The fenced block after the line `<!-- readme-check: NAME ...`.
block() {
    local text
    text="$(awk -v name="$1" '
        index($0, "<!-- readme-check: " name) == 1 { marked = 1; next }
        marked && /^```/ { if (inside) exit; inside = 1; next }
        inside { print }' README.md)"
    [[ -n "$text" ]] || fail "README.md has no block marked <!-- readme-check: $1"
    printf '%s\n' "$text"
}

[[ -f "$cli_jar" ]] || fail "$cli_jar is missing; run 'make build' first"
dependency="$(block dependency)"
example="$(block ProfiledFilter.java)"
inspect="$(block inspect)"

project="$(mktemp -d)"
trap 'rm -rf "$project"' EXIT
mkdir -p "$project/src/main/java"
printf '%s\n' "$example" > "$project/src/main/java/ProfiledFilter.java"
cat > "$project/pom.xml" <<POM
<?xml version="1.0" encoding="UTF-8"?>
<project xmlns="http://maven.apache.org/POM/4.0.0"
         xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"
         xsi:schemaLocation="http://maven.apache.org/POM/4.0.0 https://maven.apache.org/xsd/maven-4.0.0.xsd">
  <modelVersion>4.0.0</modelVersion>
  <groupId>example</groupId>
  <artifactId>readme-check</artifactId>
  <version>1</version>
  <properties>
    <maven.compiler.release>17</maven.compiler.release>
    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>
  </properties>
  <dependencies>
$dependency
  </dependencies>
</project>
POM

echo "check-readme: compiling README.md's example against the installed artifacts in $project"
# A version in full: a plugin prefix alone would make Maven look up the newest one online.
"$checkout/mvnw" -B -ntp -q -f "$project/pom.xml" compile \
    org.apache.maven.plugins:maven-dependency-plugin:3.8.1:build-classpath \
    -Dmdep.outputFile="$project/classpath.txt" \
    || fail "the README's dependency and example do not build outside this checkout (above)"

cd "$project"
unset CP_LOG_DIR
java -cp "target/classes:$(cat classpath.txt)" ProfiledFilter \
    || fail "the README's example failed (above)"
# The README's command, run from the project with this checkout's jar.
read -r -a command <<< "${inspect//cp-cli\/target\/cloudprofiler.jar/$cli_jar}"
"${command[@]}" > inspect.txt || { cat inspect.txt; fail "'$inspect' found problems (above)"; }
grep -q '^  records    100000 in' inspect.txt \
    || { cat inspect.txt; fail "the example's filter/3/in log does not hold its 100,000 records"; }
echo "check-readme: OK (README.md's dependency, example and inspect command)"
