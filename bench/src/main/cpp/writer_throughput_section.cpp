// Two writer threads, each logging sequential ids to its own BUFFERED_ID+zstd channel, sharing
// the core's memory budget and flush pipeline. Flat out, the figure is what the writers and the
// pipeline sustain together and how the exhausted-memory policy (CP_ON_FULL) responds; paced at
// rising rates, the highest rate at which the policy never has to act.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <string>
#include <thread>

#include "cloudprofiler.h"
#include "log_files.h"
#include "process_cpu.h"
#include "report_format.h"
#include "sections.h"
#include "tsc_pacer.h"

namespace cloudprofiler::bench {
namespace {

const char* const kOperator = "bench-native-writers";
constexpr int kWriters = 2;
// Writers check the stop flag, and paced writers their schedule, once per chunk of calls.
constexpr int kCallsPerChunk = 1000;
constexpr auto kMonitorPeriod = std::chrono::milliseconds(10);

struct StepResult {
    double targetPerWriter = 0;  // records/s; 0 = flat out
    double seconds = 0;
    uint64_t accepted = 0;
    uint64_t recorded = 0;
    uint64_t dropped = 0;
    uint64_t stalls = 0;
    double stallMs = 0;
    uint64_t peakInFlightBytes = 0;
    uint64_t budgetBytes = 0;
    double drainMs = 0;
    // CPU the core's flush pipeline (cp-compress-N, cp-writer) spent during the step.
    int64_t pipelineCpuNs = 0;
    int64_t processCpuNs = 0;

    double acceptedPerSecond() const { return accepted / seconds; }
    bool reachedTarget() const {
        return targetPerWriter <= 0 || acceptedPerSecond() >= 0.98 * kWriters * targetPerWriter;
    }
    bool policyActed() const { return stalls != 0 || dropped != 0; }
    // The policy never acted and the backlog stayed well inside the budget.
    bool keptUp() const { return !policyActed() && peakInFlightBytes <= budgetBytes / 2; }
    const char* verdict() const {
        if (policyActed()) {
            return "policy acted (memory exhausted)";
        }
        if (!keptUp()) {
            return "falling behind (backlog past half the budget)";
        }
        return reachedTarget() ? "sustained" : "kept up, but writers fell short";
    }
};

void writerLoop(ChannelHandle channel, double recordsPerSecond, const std::atomic<bool>& stop) {
    int64_t tupleId = 0;
    if (recordsPerSecond <= 0) {
        while (!stop.load(std::memory_order_relaxed)) {
            for (int i = 0; i < kCallsPerChunk; ++i) {
                logTS(channel, tupleId++);
            }
        }
    } else {
        TscPacer pacer(recordsPerSecond / kCallsPerChunk);
        for (uint64_t chunk = 0; !stop.load(std::memory_order_relaxed); ++chunk) {
            pacer.awaitEvent(chunk);
            for (int i = 0; i < kCallsPerChunk; ++i) {
                logTS(channel, tupleId++);
            }
        }
    }
}

bool isPipelineThread(const ThreadCpu& thread) {
    return thread.name.rfind("cp-compress", 0) == 0 || thread.name == "cp-writer";
}

int64_t pipelineCpuNs() {
    int64_t total = 0;
    for (const ThreadCpu& thread : threadCpuTimes()) {
        total += isPipelineThread(thread) ? thread.cpuNs : 0;
    }
    return total;
}

StepResult runStep(int step, double recordsPerSecondPerWriter, double seconds) {
    ChannelHandle channels[kWriters];
    for (int w = 0; w < kWriters; ++w) {
        std::string name = std::string(kOperator) + "/step" + std::to_string(step) + "-writer" +
                           std::to_string(w) + "/in";
        channels[w] = openChannel(name, Codec::kZstd, HandlerType::kBufferedId);
    }
    StepResult result;
    result.targetPerWriter = recordsPerSecondPerWriter;
    result.budgetBytes = profilerStats().budgetBytes;

    std::atomic<bool> stop{false};
    int64_t pipelineCpuBeforeNs = pipelineCpuNs();
    int64_t processCpuBeforeNs = processCpuNs();
    uint64_t startTsc = readTsc();
    std::thread writers[kWriters];
    for (int w = 0; w < kWriters; ++w) {
        // The writer thread's first call makes it the channel's owner.
        writers[w] =
            std::thread(writerLoop, channels[w], recordsPerSecondPerWriter, std::cref(stop));
    }
    auto deadline = std::chrono::steady_clock::now() +
                    std::chrono::nanoseconds(static_cast<int64_t>(seconds * 1e9));
    while (std::chrono::steady_clock::now() < deadline) {
        std::this_thread::sleep_for(kMonitorPeriod);
        uint64_t inFlightBytes = profilerStats().bytesInFlight;
        result.peakInFlightBytes = std::max(result.peakInFlightBytes, inFlightBytes);
    }
    stop.store(true);
    for (std::thread& writer : writers) {
        writer.join();
    }
    result.seconds = ticksToNs(static_cast<double>(readTsc() - startTsc)) / 1e9;

    uint64_t drainStartTsc = readTsc();
    for (ChannelHandle channel : channels) {
        ChannelStats stats;
        channelStats(channel, &stats);
        result.accepted += stats.accepted;
        result.recorded += stats.recorded;
        result.dropped += stats.dropped;
        result.stalls += stats.stalls;
        result.stallMs += stats.stallNs / 1e6;
        closeChannel(channel);
    }
    result.drainMs = ticksToNs(static_cast<double>(readTsc() - drainStartTsc)) / 1e6;
    result.pipelineCpuNs = pipelineCpuNs() - pipelineCpuBeforeNs;
    result.processCpuNs = processCpuNs() - processCpuBeforeNs;
    removeOperatorLogs(kOperator);
    return result;
}

void printFlatOut(const StepResult& result) {
    std::printf("  accepted   %s records in %.2f s = %.2f M records/s total (2 writers)\n",
                formatCount(result.accepted).c_str(), result.seconds,
                result.acceptedPerSecond() / 1e6);
    std::printf("  recorded   %s = %.2f M records/s kept; dropped %s\n",
                formatCount(result.recorded).c_str(), result.recorded / result.seconds / 1e6,
                formatCount(result.dropped).c_str());
    std::printf("  stalls     %s (writers waited %.1f ms in total for memory)\n",
                formatCount(result.stalls).c_str(), result.stallMs);
    std::printf("  in flight  peak %.1f MB of a %.1f MB budget; %.1f ms to drain on close\n",
                result.peakInFlightBytes / 1048576.0, result.budgetBytes / 1048576.0,
                result.drainMs);
    std::printf("  CPU        %.2f cores busy on average; flush pipeline %.1f ns of CPU per record"
                " (compression and writing, drain included)\n",
                result.processCpuNs / (result.seconds * 1e9),
                static_cast<double>(result.pipelineCpuNs) / result.recorded);
    std::printf("  verdict    %s\n", result.verdict());
    std::fflush(stdout);
}

}  // namespace

int runWriterThroughput(const BenchOptions& options) {
    double seconds = options.number("seconds", 3);
    std::vector<double> rates = options.numbers("rates", {});
    if (rates.empty()) {
        printSectionTitle("Two BUFFERED_ID+zstd writers, flat out for " +
                          std::to_string(static_cast<int>(seconds)) + " s");
        printFlatOut(runStep(0, 0, seconds));
        return 0;
    }
    printSectionTitle("Two BUFFERED_ID+zstd writers, paced, " +
                      std::to_string(static_cast<int>(seconds)) + " s per rate");
    std::printf("  %14s %14s %10s %10s %12s  %s\n", "target rec/s", "achieved rec/s", "stalls",
                "dropped", "peak MB", "verdict");
    double bestSustained = 0;
    int step = 0;
    for (double ratePerWriter : rates) {
        StepResult result = runStep(++step, ratePerWriter, seconds);
        if (result.keptUp() && result.reachedTarget()) {
            bestSustained = std::max(bestSustained, result.acceptedPerSecond());
        }
        std::printf("  %14s %14s %10s %10s %12.1f  %s\n",
                    formatCount(static_cast<uint64_t>(kWriters * ratePerWriter)).c_str(),
                    formatCount(static_cast<uint64_t>(result.acceptedPerSecond())).c_str(),
                    formatCount(result.stalls).c_str(), formatCount(result.dropped).c_str(),
                    result.peakInFlightBytes / 1048576.0, result.verdict());
        std::fflush(stdout);
    }
    std::printf("  highest rate sustained with the policy never acting: %.2f M records/s total\n",
                bestSustained / 1e6);
    return 0;
}

}  // namespace cloudprofiler::bench
