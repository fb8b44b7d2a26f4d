// C++ logTS per call. Each handler gets its own channel, logged to from this thread with
// sequential ids; the bare clocks are measured the same way as baselines.
#include <time.h>

#include <cstdio>
#include <string>

#if defined(__x86_64__)
#include <x86intrin.h>
#endif

#include "call_timer.h"
#include "cloudprofiler.h"
#include "log_files.h"
#include "report_format.h"
#include "sections.h"

namespace cloudprofiler::bench {
namespace {

const char* const kOperator = "bench-native-calls";

struct HandlerCase {
    const char* label;
    const char* task;
    HandlerType handler;
    Codec codec;
    // logTS(handle, id, tsc) with a timestamp the caller already has: the core without the clock.
    bool callerTsc;
};

const HandlerCase kCases[] = {
    {"NULL", "null", HandlerType::kNull, Codec::kRaw, false},
    {"SPC", "spc", HandlerType::kSpc, Codec::kZstd, false},
    {"BUFFERED_ID zstd", "buffered-id-zstd", HandlerType::kBufferedId, Codec::kZstd, false},
    {"BUFFERED_ID zstd, caller's tsc (no clock read)", "buffered-id-zstd-at",
     HandlerType::kBufferedId, Codec::kZstd, true},
    {"BUFFERED_ID raw", "buffered-id-raw", HandlerType::kBufferedId, Codec::kRaw, false},
    {"ID raw (blocks written by the caller)", "id-raw", HandlerType::kId, Codec::kRaw, false},
    {"DOWNSAMPLE zstd (n = 100)", "downsample-zstd", HandlerType::kDownsample, Codec::kZstd,
     false},
};

void printCost(const char* label, const CallCost& cost) {
    std::printf("  %-48s median %6.2f ns   mean %6.2f ns   p90 %6.2f   p99 %6.2f   max %8.2f\n",
                label, cost.medianNs, cost.meanNs, cost.p90Ns, cost.p99Ns, cost.maxNs);
    std::fflush(stdout);
}

CallCost measureHandler(const CallTimer& timer, const HandlerCase& handlerCase) {
    std::string name = std::string(kOperator) + "/" + handlerCase.task + "/in";
    ChannelHandle channel = openChannel(name, handlerCase.codec, handlerCase.handler);
    int64_t tupleId = 0;
    CallCost cost;
    if (handlerCase.callerTsc) {
        uint64_t baseTsc = readTsc();
        cost = timer.measure([&] {
            logTS(channel, tupleId, baseTsc + static_cast<uint64_t>(tupleId) * 64);
            ++tupleId;
        });
    } else {
        cost = timer.measure([&] { logTS(channel, tupleId++); });
    }
    ChannelStats stats;
    channelStats(channel, &stats);
    closeChannel(channel);
    printCost(handlerCase.label, cost);
    if (stats.stalls != 0 || stats.dropped != 0 || stats.rejected != 0) {
        std::printf("  %-48s (%s stalls, %.1f ms waiting for memory, %s dropped, %s rejected)\n",
                    "", formatCount(stats.stalls).c_str(), stats.stallNs / 1e6,
                    formatCount(stats.dropped).c_str(), formatCount(stats.rejected).c_str());
    }
    return cost;
}

}  // namespace

int runCallCost(const BenchOptions& options) {
    CallTimer timer(static_cast<int>(options.integer("batches", 20000)),
                    static_cast<int>(options.integer("calls-per-batch", 1000)));
    printSectionTitle("C++ logTS per call, one writer thread, sequential ids");
    std::printf("   %d batches of %d calls timed with rdtscp; per-call figures are batch time /"
                " %d\n\n",
                timer.batches(), timer.callsPerBatch(), timer.callsPerBatch());

    uint64_t sink = 0;
#if defined(__x86_64__)
    printCost("baseline: rdtscp (the clock logTS reads)", timer.measure([&] {
                  unsigned int processor;
                  sink += __rdtscp(&processor);
              }));
    printCost("baseline: rdtsc", timer.measure([&] { sink += __rdtsc(); }));
#endif
    printCost("baseline: clock_gettime(CLOCK_MONOTONIC)", timer.measure([&] {
                  timespec ts{};
                  clock_gettime(CLOCK_MONOTONIC, &ts);
                  sink += static_cast<uint64_t>(ts.tv_nsec);
              }));
    // What reading the thread's CPU at the in and out points would cost, per read: the
    // analyzer's user-code figure uses the TSC those points log instead (analyzer-output.md).
    printCost("baseline: clock_gettime(CLOCK_THREAD_CPUTIME_ID)", timer.measure([&] {
                  timespec ts{};
                  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
                  sink += static_cast<uint64_t>(ts.tv_nsec);
              }));
    for (const HandlerCase& handlerCase : kCases) {
        measureHandler(timer, handlerCase);
    }
    removeOperatorLogs(kOperator);
    // Keeps the baselines' clock reads from being optimised away.
    volatile uint64_t keep = sink;
    (void)keep;
    return 0;
}

}  // namespace cloudprofiler::bench
