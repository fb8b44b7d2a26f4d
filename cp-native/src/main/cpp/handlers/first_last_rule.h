// FIRST_LAST: keeps the first call and the first poison pill (id -1), and writes each at once
// so that a run's start and end survive even a killed process.
#pragma once

#include <cstdint>

#include "../handler_type.h"

namespace cloudprofiler {

struct FirstLastRule {
    static constexpr bool kFlushEachRecord = true;

    void apply(const int64_t*) {}
    bool keep(int64_t id) {
        if (!seenFirst) {
            seenFirst = true;
            seenPill = id == kPoisonPillId;
            return true;
        }
        if (id == kPoisonPillId && !seenPill) {
            seenPill = true;
            return true;
        }
        return false;
    }

    bool seenFirst = false;
    bool seenPill = false;
};

}  // namespace cloudprofiler
