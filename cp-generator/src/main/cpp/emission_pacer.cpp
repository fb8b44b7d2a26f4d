#include "emission_pacer.h"

#include <sys/prctl.h>
#include <time.h>

#include <algorithm>
#include <cerrno>

namespace cloudprofiler::generator {

int64_t EmissionPacer::nowNs() {
    timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return static_cast<int64_t>(now.tv_sec) * 1'000'000'000 + now.tv_nsec;
}

void EmissionPacer::sleepUntil(int64_t wakeNs) {
    timespec wake{static_cast<time_t>(wakeNs / 1'000'000'000),
                  static_cast<long>(wakeNs % 1'000'000'000)};
    while (clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &wake, nullptr) == EINTR) {
    }
}

void EmissionPacer::useFineTimerSlack() {
    prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL);
}

int64_t EmissionPacer::awaitDue(int64_t dueNs) const {
    int64_t now = nowNs();
    while (dueNs - now > spinWindowNs_) {
        if (stopRequested_.load(std::memory_order_relaxed)) {
            return -1;
        }
        sleepUntil(std::min(dueNs - spinWindowNs_, now + kLongestSleepNs));
        now = nowNs();
    }
    while (now < dueNs) {
        now = nowNs();
    }
    return stopRequested_.load(std::memory_order_relaxed) ? -1 : now;
}

}  // namespace cloudprofiler::generator
