// Turns the senders' running counters into one SecondStats per second of the run, on its own
// thread, without ever making a sender wait.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "countdown_latch.h"
#include "lag_histogram.h"
#include "second_stats.h"
#include "sender_counters.h"

namespace cloudprofiler::generator {

class StatsReporter {
public:
    using Sink = std::function<void(const SecondStats&)>;

    // The run's first bucket is due at `startNs` (CLOCK_MONOTONIC), the others `bucketGapNs`
    // apart; `dataDone` reaches zero once every sender has emitted its last data bucket, which
    // ends the last interval.
    StatsReporter(std::vector<SenderCounters*> senders, double targetTuplesPerSecond,
                  int64_t startNs, int64_t bucketGapNs, CountdownLatch& dataDone, Sink sink);

    // The thread's body: returns after the last interval's record.
    void run();

private:
    struct Totals {
        uint64_t sentTuples = 0;
        uint64_t droppedTuples = 0;
        LagCounts lag;
    };

    Totals read() const;
    void report(uint64_t second, int64_t intervalNs, bool last, const Totals& now,
                const Totals& before);

    std::vector<SenderCounters*> senders_;
    double targetTuplesPerSecond_;
    int64_t halfGapNs_;
    int64_t startNs_;  // of the first second
    CountdownLatch& dataDone_;
    Sink sink_;
};

}  // namespace cloudprofiler::generator
