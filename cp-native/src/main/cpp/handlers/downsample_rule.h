// DOWNSAMPLE(n): keeps calls 1, n+1, 2n+1, ... (a countdown, no division per call).
#pragma once

#include <cstdint>

namespace cloudprofiler {

struct DownsampleRule {
    static constexpr bool kFlushEachRecord = false;

    void apply(const int64_t* parameters) {
        n = parameters[0];
        untilNext = 1;
    }
    bool keep(int64_t) {
        if (--untilNext == 0) {
            untilNext = n;
            return true;
        }
        return false;
    }

    int64_t n = 100;
    int64_t untilNext = 1;
};

}  // namespace cloudprofiler
