// The native generator (cp-generator) against a counting PULL receiver in a child process, over
// loopback TCP: the highest rate one sender sustains without a drop, and how closely it keeps a
// rate (achieved rate and schedule lag).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

#include "generator.h"
#include "process_cpu.h"
#include "pull_counter.h"
#include "report_format.h"
#include "sections.h"

namespace cloudprofiler::bench {
namespace {

using generator::Generator;
using generator::GeneratorOptions;
using generator::RunResult;
using generator::SecondStats;

struct GeneratorRun {
    RunResult result;
    std::vector<SecondStats> seconds;
    PullCounts received;
    int64_t generatorCpuNs = 0;

    uint64_t worstP99Ns() const {
        uint64_t worst = 0;
        for (const SecondStats& second : seconds) {
            worst = std::max(worst, second.lagP99Ns);
        }
        return worst;
    }
    uint64_t maxLagNs() const {
        uint64_t worst = 0;
        for (const SecondStats& second : seconds) {
            worst = std::max(worst, second.lagMaxNs);
        }
        return worst;
    }
    double cores(int64_t cpuNs) const {
        return result.elapsedNs > 0 ? static_cast<double>(cpuNs) / result.elapsedNs : 0;
    }
};

GeneratorOptions optionsFrom(const BenchOptions& options) {
    GeneratorOptions generator;
    generator.senderThreads = static_cast<uint32_t>(options.integer("senders", 1));
    generator.bucketTuples = static_cast<uint32_t>(options.integer("bucket", 1000));
    generator.rawPayloadBytes = static_cast<uint32_t>(options.integer("payload-bytes", 100));
    generator.sendHighWaterMark = static_cast<int>(options.integer("send-hwm", 1000));
    generator.ioThreads = static_cast<int>(options.integer("io-threads", 1));
    return generator;
}

GeneratorRun runOnce(GeneratorOptions options, int receiveHighWaterMark) {
    PullCounterProcess counter(static_cast<int>(options.senderThreads), receiveHighWaterMark);
    options.endpoints = {counter.endpoint()};
    GeneratorRun run;
    Generator generator(options);
    generator.setObserver([&run](const SecondStats& second) { run.seconds.push_back(second); });
    int64_t cpuBeforeNs = processCpuNs();
    generator.start();
    generator.awaitEnd(std::chrono::milliseconds(-1));
    run.generatorCpuNs = processCpuNs() - cpuBeforeNs;
    run.result = generator.result();
    run.received = counter.await();
    return run;
}

void printSettings(const GeneratorOptions& options, int receiveHighWaterMark) {
    std::printf(
        "   1 receiver (PULL, child process, counts only, rcvhwm %d), tcp loopback;"
        " %u sender(s), raw %u-byte payloads, buckets of at most %u tuples,"
        " send hwm %d buckets, %d ZeroMQ I/O thread(s)\n",
        receiveHighWaterMark, options.senderThreads, options.rawPayloadBytes, options.bucketTuples,
        options.sendHighWaterMark, options.ioThreads);
}

}  // namespace

int runGeneratorThroughput(const BenchOptions& options) {
    GeneratorOptions base = optionsFrom(options);
    double seconds = options.number("seconds", 3);
    int receiveHighWaterMark = static_cast<int>(options.integer("rcvhwm", 1000));
    printSectionTitle("Generator throughput: rates one sender sustains without a drop");
    printSettings(base, receiveHighWaterMark);
    std::printf("   %12s %14s %12s %12s %9s %9s %10s %10s  %s\n", "target/s", "sent/s", "dropped",
                "received", "bucket", "p99 lag", "gen cores", "recv cores", "verdict");
    double highestClean = 0;
    for (double rate : options.numbers("rates", {1e6, 2e6, 3e6, 4e6, 5e6, 6e6})) {
        GeneratorOptions step = base;
        step.tuplesPerSecond = rate;
        step.durationNs = static_cast<int64_t>(seconds * 1e9);
        GeneratorRun run = runOnce(step, receiveHighWaterMark);
        const RunResult& result = run.result;
        double sentPerSecond = result.sentTuples * 1e9 / std::max<int64_t>(1, result.elapsedNs);
        bool delivered = run.received.tuples == result.sentTuples;
        bool clean = result.droppedTuples == 0 && delivered;
        bool onRate = sentPerSecond >= 0.995 * rate;
        const char* verdict = !clean ? "drops" : onRate ? "sustained" : "fell behind schedule";
        if (clean && onRate) {
            highestClean = std::max(highestClean, rate);
        }
        std::printf(
            "   %12s %14s %12s %12s %9u %6.0f µs %10.2f %10.2f  %s%s\n",
            formatCount(static_cast<uint64_t>(rate)).c_str(),
            formatCount(static_cast<uint64_t>(sentPerSecond)).c_str(),
            formatCount(result.droppedTuples).c_str(), formatCount(run.received.tuples).c_str(),
            result.bucketTuples, run.worstP99Ns() / 1e3, run.cores(run.generatorCpuNs),
            run.cores(run.received.cpuNs), verdict, delivered ? "" : " (received != sent!)");
        std::fflush(stdout);
    }
    std::printf("   highest rate sustained with 0 drops: %s tuples/s\n",
                formatCount(static_cast<uint64_t>(highestClean)).c_str());
    std::printf(
        "   (sent/s: tuples sent over the run's length; p99 lag: worst per-second p99 of"
        " the buckets' schedule lag; cores: CPU time / run length)\n");
    return 0;
}

int runGeneratorRate(const BenchOptions& options) {
    GeneratorOptions generator = optionsFrom(options);
    generator.tuplesPerSecond = options.number("rate", 1e6);
    double seconds = options.number("seconds", 10);
    generator.durationNs = static_cast<int64_t>(seconds * 1e9);
    int receiveHighWaterMark = static_cast<int>(options.integer("rcvhwm", 1000));
    printSectionTitle("Generator rate accuracy: achieved rate and schedule lag at a fixed rate");
    printSettings(generator, receiveHighWaterMark);
    GeneratorRun run = runOnce(generator, receiveHighWaterMark);
    std::printf("   %6s %14s %10s %10s %10s %10s %9s\n", "second", "sent/s", "error", "lag p50",
                "lag p99", "lag max", "dropped");
    double worstErrorPercent = 0;
    for (const SecondStats& second : run.seconds) {
        double errorPercent =
            (second.achievedTuplesPerSecond() / generator.tuplesPerSecond - 1) * 100;
        bool whole = !second.last;
        if (whole) {
            worstErrorPercent = std::max(worstErrorPercent, std::fabs(errorPercent));
        }
        std::printf("   %6llu %14s %+9.3f%% %7.1f µs %7.1f µs %7.1f µs %9s%s\n",
                    static_cast<unsigned long long>(second.second),
                    formatCount(static_cast<uint64_t>(second.achievedTuplesPerSecond())).c_str(),
                    errorPercent, second.lagP50Ns / 1e3, second.lagP99Ns / 1e3,
                    second.lagMaxNs / 1e3, formatCount(second.droppedTuples).c_str(),
                    whole ? "" : "  (last)");
    }
    const RunResult& result = run.result;
    double overall = result.sentTuples * 1e9 / std::max<int64_t>(1, result.elapsedNs);
    double overallErrorPercent = (overall / generator.tuplesPerSecond - 1) * 100;
    bool accurate = std::fabs(overallErrorPercent) <= 0.5 && worstErrorPercent <= 0.5;
    bool punctual = run.worstP99Ns() <= 1'000'000;
    std::printf(
        "   overall: %s tuples in %.3f s = %s/s (%+.3f%% of target); worst whole"
        " second %.3f%% off; worst per-second p99 lag %.1f µs, max lag %.1f µs;"
        " dropped %s; received %s\n",
        formatCount(result.sentTuples).c_str(), result.elapsedNs / 1e9,
        formatCount(static_cast<uint64_t>(overall)).c_str(), overallErrorPercent, worstErrorPercent,
        run.worstP99Ns() / 1e3, run.maxLagNs() / 1e3, formatCount(result.droppedTuples).c_str(),
        formatCount(run.received.tuples).c_str());
    std::printf(
        "   generator %.2f cores, receiver %.2f cores; target ±0.5%% and p99 ≤ 1 ms:"
        " %s\n",
        run.cores(run.generatorCpuNs), run.cores(run.received.cpuNs),
        accurate && punctual && result.droppedTuples == 0 ? "met" : "NOT met");
    return 0;
}

}  // namespace cloudprofiler::bench
