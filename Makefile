# The two commands of the README, plus the longer runs that stay out of `make test`.
MVNW := ./mvnw -B -ntp
CLI_JAR := cp-cli/target/cloudprofiler.jar

JAVA_CHECK := command -v java >/dev/null || { echo "cloudprofiler: no java on PATH; install a JDK 17 (apt-get install openjdk-17-jdk-headless)"; exit 1; }

.PHONY: demo test test-java test-sanitized test-sanitized-beside test-clusters test-docker images fuzz \
	check-readme check-compose build bench bench-sync bench-flink-submission-times deps test-deps \
	clean

# The Debian packages building needs (and the demo and the benchmarks: no browser).
deps:
	@bash scripts/install-deps.sh build
	@$(JAVA_CHECK)

# Those, and what only the tests use (chromium for the report test).
test-deps:
	@bash scripts/install-deps.sh test
	@$(JAVA_CHECK)

# Builds everything, runs the C++ tests (CTest) and the Java tests and installs the artifacts
# into the local Maven repository, as `make build` does; beside that build, the C++ tests again
# under AddressSanitizer + UndefinedBehaviorSanitizer (their output in target/test-sanitized.log);
# then README.md's example in a Maven project of its own against the installed artifacts. The
# Docker cluster's compose file is checked first (it needs no build). The suites that start
# clusters of processes or containers are `make test-clusters` and `make test-docker`.
test: test-deps
	$(MAKE) check-compose
	$(MAKE) -j2 test-java test-sanitized-beside
	$(MAKE) check-readme

# Two modules at a time where the reactor allows it (the analyzer beside cp-native, cp-storm
# beside cp-flink, the Storm examples beside the Flink ones): most of their tests wait on
# clusters rather than use a core. Their ports come from the kernel or PortBlocks' claims.
test-java:
	$(MVNW) -T 2 install

# At a lower priority: it ends within half of the Maven build, whose modules are the critical path.
test-sanitized-beside:
	@mkdir -p target
	@echo "test-sanitized: runs beside the Maven build, output in target/test-sanitized.log"
	@nice -n 10 $(MAKE) --no-print-directory test-sanitized >target/test-sanitized.log 2>&1 \
	  && grep -h "tests passed" target/test-sanitized.log | sed 's/^/test-sanitized: /' \
	  || { tail -n 80 target/test-sanitized.log; \
	       echo "test-sanitized failed: the whole output is in target/test-sanitized.log"; exit 1; }

# The integration tests that start real clusters of child processes from the Maven jars (the
# demo's run over three nodes, Kafka on the local cluster, the analyzer on a standalone Flink
# cluster), after `make test` or `make build` has installed the artifacts they run.
test-clusters:
	$(MVNW) -pl cp-cluster,cp-cli,it verify -Dtest=none -Dsurefire.failIfNoSpecifiedTests=false \
	  -Dcp.it.groups=multi-process-cluster -Dcp.it.excludedGroups=docker

# README.md's dependency, example and inspect command, outside this build (after make build).
check-readme:
	bash scripts/check-readme.sh

# docker/compose.yaml: valid for Compose, every image pinned to an exact tag (no engine needed).
check-compose:
	bash scripts/check-compose.sh

test-sanitized:
	for module in cp-native cp-generator; do \
	  JAVA_HOME="$${JAVA_HOME:-$$(dirname $$(dirname $$(readlink -f $$(command -v javac))))}" \
	    cmake -S $$module -B $$module/target/native-sanitized -DCP_SANITIZE=ON \
	    -DCMAKE_BUILD_TYPE=Debug && \
	  cmake --build $$module/target/native-sanitized --parallel 2 && \
	  ctest --test-dir $$module/target/native-sanitized --output-on-failure --no-tests=error \
	    --timeout 600 || exit 1; \
	done

# The datagram fuzz runs of `make test`, longer: FUZZ_DATAGRAMS random and mutated datagrams
# (default ten million) against the sync server and a sync agent under ASan+UBSan, and against
# the configuration server; FUZZ_SEED varies them. No crash, every datagram counted.
FUZZ_DATAGRAMS ?= 10000000
FUZZ_SEED ?= $(shell date +%s)
fuzz:
	JAVA_HOME="$${JAVA_HOME:-$$(dirname $$(dirname $$(readlink -f $$(command -v javac))))}" \
	  cmake -S cp-native -B cp-native/target/native-sanitized -DCP_SANITIZE=ON \
	  -DCMAKE_BUILD_TYPE=Debug
	cmake --build cp-native/target/native-sanitized --parallel 2 --target cloudprofiler_tests
	CP_FUZZ_DATAGRAMS=$(FUZZ_DATAGRAMS) CP_FUZZ_SEED=$(FUZZ_SEED) \
	  cp-native/target/native-sanitized/cloudprofiler_tests --gtest_filter='SyncFuzz.*'
	$(MVNW) -pl cp-native test -Dtest=ConfigServerFuzzTest -Dsurefire.failIfNoSpecifiedTests=false \
	  -Dcp.fuzz.datagrams=$(FUZZ_DATAGRAMS) -Dcp.fuzz.seed=$(FUZZ_SEED)

build: deps
	$(MVNW) -DskipTests install

# Three nodes on this machine (network namespaces as root, the loopback otherwise), the profiled
# YSB on a Storm cluster and then a Flink cluster from the Maven jars, fed by the generator, the
# sync phases around each run, the analyzer's per-hop tables with their bounds and both engines
# side by side (scripts/demo.sh; DEMO_RATE, DEMO_SECONDS). The build before it prints a line per
# module and keeps Maven's output in target/build.log (scripts/build-quietly.sh).
demo: deps
	@bash scripts/build-quietly.sh
	@bash scripts/demo.sh

# The compose cluster's images, built here without a registry: a Debian base by debootstrap
# and docker import, then ZooKeeper, Storm, Flink, Kafka and the product from Debian's JDK 17 and
# the Maven jars the local cluster starts from; writes target/images/compose.env for
# docker/compose.yaml (docs/cluster.md). Needs a running Docker engine and the Maven build.
images:
	bash scripts/build-images.sh

# The compose cluster's Testcontainers suites for real: starts dockerd when none runs (and
# stops it after), builds the images (cached), runs the profiled YSB on Storm and on Flink.
test-docker:
	@bash scripts/install-deps.sh docker
	@$(JAVA_CHECK)
	bash scripts/test-docker.sh

# Benchmarks: JMH for Java, the native bench for C++; prints figures, asserts nothing.
bench: build
	bash bench/run.sh

# What the sync MACs cost the bound between network namespaces: protocol version 1 against
# version 2, alternated in one run (as root). SYNC_V1_JAR: cloudprofiler.jar built from the last
# commit before version 2 (bench/sync-namespaces.sh says how).
bench-sync: build
	bash bench/sync-namespaces.sh $(SYNC_V1_JAR)

# Whole Flink submissions' wall time, profiled against unprofiled, through each path a user
# submits by (flink run, executeSql, the SQL client), on the local cluster; ROUNDS=3 by default.
bench-flink-submission-times: build
	$(MVNW) -q -pl it test-compile
	bash bench/flink-submission-times.sh

clean:
	$(MVNW) -q clean
