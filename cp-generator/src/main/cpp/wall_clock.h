// CLOCK_REALTIME in milliseconds since the Unix epoch: the YSB events' eventTimeMs.
#pragma once

#include <chrono>
#include <cstdint>

namespace cloudprofiler::generator {

inline int64_t wallClockMs() {
    return std::chrono::duration_cast<std::chrono::milliseconds>(
               std::chrono::system_clock::now().time_since_epoch())
        .count();
}

}  // namespace cloudprofiler::generator
