// Waits for a bucket's due time on an absolute schedule: sleeps until shortly before it, then
// spins. Never waits once the time has come, so a late sender catches up at full speed.
#pragma once

#include <atomic>
#include <cstdint>

namespace cloudprofiler::generator {

class EmissionPacer {
public:
    // By default a sender wakes up this far ahead of a due time and spins the rest. Even with
    // the 1 ns timer slack set by useFineTimerSlack(), a sleep overshoots by tens of µs, and
    // sleeping straight to each due time lets single oversleeps of milliseconds break the 1 ms
    // lag bound (docs/benchmarks.md, "Generator"); 50 µs keeps nearly every wake-up early while
    // spinning ~5% of a core at one bucket per millisecond. A generator that shares its cores
    // with the engine it feeds may prefer 0 (GeneratorOptions).
    static constexpr int64_t kDefaultSpinWindowNs = 50'000;
    // Longest single sleep, so that stop() is noticed promptly even at very low rates.
    static constexpr int64_t kLongestSleepNs = 10'000'000;

    // spinWindowNs: how long before a due time to stop sleeping and spin; 0 never spins.
    EmissionPacer(const std::atomic<bool>& stopRequested, int64_t spinWindowNs)
        : stopRequested_(stopRequested), spinWindowNs_(spinWindowNs) {}

    // CLOCK_MONOTONIC in nanoseconds.
    static int64_t nowNs();

    // Sleeps until CLOCK_MONOTONIC reaches `wakeNs`, however often a signal interrupts the
    // sleep: to an absolute time, as a relative one resumed after each signal (sleep_for) was
    // seen never to end under a storm of them.
    static void sleepUntil(int64_t wakeNs);

    // Lowers the calling thread's timer slack from the default 50 µs, which would otherwise be
    // added to every sleep.
    static void useFineTimerSlack();

    // Returns the time once `dueNs` has come, or -1 if a stop was requested first.
    int64_t awaitDue(int64_t dueNs) const;

private:
    const std::atomic<bool>& stopRequested_;
    const int64_t spinWindowNs_;
};

}  // namespace cloudprofiler::generator
