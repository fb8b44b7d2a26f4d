// Entry point of the native bench: `cloudprofiler_native_bench <section> [--name value ...]`.
// bench/run.sh runs every section with the settings docs/benchmarks.md reports.
#include <cstdio>
#include <cstring>
#include <exception>

#include "cloudprofiler.h"
#include "sections.h"

namespace {

constexpr const char* kUsage =
    "usage: cloudprofiler_native_bench <section> [--name value ...]\n"
    "  call-cost          C++ logTS per call (--batches 20000 --calls-per-batch 1000)\n"
    "  ret-acks           RET ack MAC and RET_END logTS (--batches 2000 --calls-per-batch 1000)\n"
    "  bytes-per-record   BUFFERED_ID+zstd log size (--records 1e7 --rate 1e6)\n"
    "  writer-throughput  two BUFFERED_ID writers (--seconds 3 [--rates 1e6,2e6,...])\n"
    "  idle-cpu           CPU of idle open channels (--channels 50 --seconds 5)\n"
    "  generator-throughput  generator rates without drops (--rates 1e6,2e6,... --seconds 3)\n"
    "  generator-rate     generator rate accuracy and lag (--rate 1e6 --seconds 10)\n"
    "Logs go to $CP_LOG_DIR; CP_BUFFER_MB, CP_ON_FULL, ... apply as in production.\n";

}  // namespace

int main(int argc, char** argv) {
    using namespace cloudprofiler::bench;
    if (argc < 2) {
        std::fputs(kUsage, stderr);
        return 2;
    }
    try {
        BenchOptions options(argc, argv, 2);
        const char* section = argv[1];
        int status = 2;
        if (std::strcmp(section, "call-cost") == 0) {
            status = runCallCost(options);
        } else if (std::strcmp(section, "ret-acks") == 0) {
            status = runRetAcks(options);
        } else if (std::strcmp(section, "bytes-per-record") == 0) {
            status = runBytesPerRecord(options);
        } else if (std::strcmp(section, "writer-throughput") == 0) {
            status = runWriterThroughput(options);
        } else if (std::strcmp(section, "idle-cpu") == 0) {
            status = runIdleCpu(options);
        } else if (std::strcmp(section, "generator-throughput") == 0) {
            status = runGeneratorThroughput(options);
        } else if (std::strcmp(section, "generator-rate") == 0) {
            status = runGeneratorRate(options);
        } else if (std::strcmp(section, "pull-counter") == 0) {
            status = runPullCounter(options);
        } else {
            std::fputs(kUsage, stderr);
        }
        cloudprofiler::shutdown();
        return status;
    } catch (const std::exception& e) {
        std::fprintf(stderr, "cloudprofiler_native_bench: %s\n", e.what());
        return 1;
    }
}
