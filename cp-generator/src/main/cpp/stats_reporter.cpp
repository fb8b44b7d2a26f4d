#include "stats_reporter.h"

#include <algorithm>
#include <chrono>

#include "emission_pacer.h"

namespace cloudprofiler::generator {
namespace {

constexpr int64_t kSecondNs = 1'000'000'000;

}  // namespace

StatsReporter::StatsReporter(std::vector<SenderCounters*> senders, double targetTuplesPerSecond,
                             int64_t startNs, int64_t bucketGapNs, CountdownLatch& dataDone,
                             Sink sink)
    : senders_(std::move(senders)),
      targetTuplesPerSecond_(targetTuplesPerSecond),
      halfGapNs_(bucketGapNs / 2),
      // Seconds start half a gap before the first bucket, so that they end midway between two
      // buckets: a bucket on schedule is never counted in the wrong second.
      startNs_(startNs - halfGapNs_),
      dataDone_(dataDone),
      sink_(std::move(sink)) {}

void StatsReporter::run() {
    // Each second's rate divides by the time measured between two wake-ups: a wake-up late by
    // the default 50 µs slack would show as a 0.005% error.
    EmissionPacer::useFineTimerSlack();
    Totals before;
    int64_t intervalStartNs = startNs_;
    for (uint64_t second = 1;; ++second) {
        // steady_clock is CLOCK_MONOTONIC, the clock of the senders' schedule.
        std::chrono::steady_clock::time_point tick{
            std::chrono::nanoseconds(startNs_ + static_cast<int64_t>(second) * kSecondNs)};
        bool ended = dataDone_.waitUntil(tick);
        int64_t nowNs = EmissionPacer::nowNs();
        Totals now = read();
        if (!ended) {
            report(second, nowNs - intervalStartNs, false, now, before);
            before = now;
            intervalStartNs = nowNs;
            continue;
        }
        bool anything =
            now.sentTuples + now.droppedTuples > before.sentTuples + before.droppedTuples;
        if (anything) {
            // The last second, too, ends half a gap after its last bucket.
            int64_t endNs = nowNs + halfGapNs_;
            report(second, std::max<int64_t>(1, endNs - intervalStartNs), true, now, before);
        }
        return;
    }
}

StatsReporter::Totals StatsReporter::read() const {
    Totals totals;
    for (SenderCounters* sender : senders_) {
        totals.sentTuples += sender->sentTuples.get();
        totals.droppedTuples += sender->droppedTuples.get();
        LagCounts lag = sender->lag.read();
        for (size_t i = 0; i < kLagBuckets; ++i) {
            totals.lag.add(i, lag.count(i));
        }
    }
    return totals;
}

void StatsReporter::report(uint64_t second, int64_t intervalNs, bool last, const Totals& now,
                           const Totals& before) {
    SecondStats stats;
    stats.second = second;
    stats.intervalNs = intervalNs;
    stats.last = last;
    stats.targetTuplesPerSecond = targetTuplesPerSecond_;
    stats.sentTuples = now.sentTuples - before.sentTuples;
    stats.droppedTuples = now.droppedTuples - before.droppedTuples;
    stats.emittedTuples = stats.sentTuples + stats.droppedTuples;
    LagCounts lag = now.lag.minus(before.lag);
    stats.lagSamples = lag.total();
    for (SenderCounters* sender : senders_) {
        stats.lagMaxNs = std::max(stats.lagMaxNs, sender->lag.takeMaxNs());
    }
    // Percentiles come from buckets and may sit up to 3% above the exact maximum.
    stats.lagP50Ns = std::min(lag.quantileNs(0.50), stats.lagMaxNs);
    stats.lagP99Ns = std::min(lag.quantileNs(0.99), stats.lagMaxNs);
    sink_(stats);
}

}  // namespace cloudprofiler::generator
