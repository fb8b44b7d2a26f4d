# The two commands of the README, plus the longer runs that stay out of `make test`.
MVNW := ./mvnw -B -ntp
CLI_JAR := cp-cli/target/cloudprofiler.jar

.PHONY: demo test build bench deps clean

deps:
	@bash scripts/install-deps.sh
	@command -v java >/dev/null || { echo "cloudprofiler: no java on PATH; install a JDK 17 (apt-get install openjdk-17-jdk-headless)"; exit 1; }

# Builds everything, runs the C++ tests (CTest) and the Java tests.
test: deps
	$(MVNW) verify

build: deps
	$(MVNW) -DskipTests install

demo: build
	java -jar $(CLI_JAR) demo

# Benchmarks: JMH for Java, the native bench for C++; prints figures, asserts nothing.
bench: build
	bash bench/run.sh

clean:
	$(MVNW) -q clean
