#include "response_delay.h"

#include "../tsc_clock.h"

namespace cloudprofiler::sync {

ResponseDelay& ResponseDelay::ofProcess() {
    static ResponseDelay delay;
    return delay;
}

void ResponseDelay::spin(int64_t nanoseconds) {
    if (nanoseconds <= 0) {
        return;
    }
    int64_t until = readClockNs(CLOCK_MONOTONIC_RAW) + nanoseconds;
    while (readClockNs(CLOCK_MONOTONIC_RAW) < until) {
    }
}

}  // namespace cloudprofiler::sync
