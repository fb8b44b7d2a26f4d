// Waits for a bucket's due time on an absolute schedule by sleeping until it. Never waits once
// the time has come, so a late sender catches up at full speed.
#pragma once

#include <atomic>
#include <cstdint>

namespace cloudprofiler::generator {

class EmissionPacer {
public:
    // No spinning before a due time: on a host the generator shares with the engine it feeds
    // (a JofSpout on the same 2 cores), a spin window of 50 µs per bucket took 7-13% of a core
    // from Storm at 1.5-2.6 M tuples/s. With the 1 ns timer slack of useFineTimerSlack(), a
    // sleep overshoots by 12 µs at the median and 39 µs at p99 on the project's VM: far inside
    // the generator's 1 ms lag bound, and a bucket is hundreds of µs of tuples anyway.
    // Longest single sleep, so that stop() is noticed promptly even at very low rates.
    static constexpr int64_t kLongestSleepNs = 10'000'000;

    explicit EmissionPacer(const std::atomic<bool>& stopRequested)
        : stopRequested_(stopRequested) {}

    // CLOCK_MONOTONIC in nanoseconds.
    static int64_t nowNs();

    // Lowers the calling thread's timer slack from the default 50 µs, which would otherwise be
    // added to every sleep.
    static void useFineTimerSlack();

    // Returns the time once `dueNs` has come, or -1 if a stop was requested first.
    int64_t awaitDue(int64_t dueNs) const;

private:
    const std::atomic<bool>& stopRequested_;
};

}  // namespace cloudprofiler::generator
