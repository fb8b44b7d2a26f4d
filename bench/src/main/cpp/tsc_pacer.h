// Paces a loop on an absolute TSC schedule: event i is due at start + i * interval, so a late
// event does not shift the ones after it. Far ahead of schedule it sleeps, leaving the CPU to
// the core's compression and I/O threads as an idle writer thread would; close to it, it spins.
#pragma once

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <thread>

#include "cloudprofiler.h"
#include "report_format.h"

namespace cloudprofiler::bench {

class TscPacer {
public:
    explicit TscPacer(double eventsPerSecond)
        : intervalTicks_(static_cast<double>(tscHz()) / eventsPerSecond),
          sleepBelowTicks_(static_cast<int64_t>(nsToTicks(kSpinWindowNs))),
          startTsc_(readTsc()) {}

    // Returns once event `index` is due; records how late it was.
    void awaitEvent(uint64_t index) {
        uint64_t dueTsc = startTsc_ + static_cast<uint64_t>(intervalTicks_ * index);
        for (;;) {
            uint64_t now = readTsc();
            int64_t aheadTicks = static_cast<int64_t>(dueTsc - now);
            if (aheadTicks <= 0) {
                uint64_t lateTicks = static_cast<uint64_t>(-aheadTicks);
                maxLateTicks_ = std::max(maxLateTicks_, lateTicks);
                return;
            }
            if (aheadTicks > sleepBelowTicks_) {
                // Wakes a spin window early: a sleep overshoots by tens of microseconds.
                double sleepNs = ticksToNs(static_cast<double>(aheadTicks - sleepBelowTicks_));
                std::this_thread::sleep_for(
                    std::chrono::nanoseconds(static_cast<int64_t>(sleepNs)));
            }
        }
    }

    uint64_t startTsc() const { return startTsc_; }
    double maxLateNs() const { return ticksToNs(static_cast<double>(maxLateTicks_)); }

private:
    static constexpr double kSpinWindowNs = 200'000;

    const double intervalTicks_;
    const int64_t sleepBelowTicks_;
    const uint64_t startTsc_;
    uint64_t maxLateTicks_ = 0;
};

}  // namespace cloudprofiler::bench
