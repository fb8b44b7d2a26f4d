// XOY(x, y): keeps a call iff floorMod(id, y) < x, so x of every y consecutive ids are logged
// on every node alike — the same tuples are sampled at every hop.
#pragma once

#include <cstdint>

namespace cloudprofiler {

struct XoyRule {
    static constexpr bool kFlushEachRecord = false;

    void apply(const int64_t* parameters) {
        x = parameters[0];
        y = parameters[1];
    }
    bool keep(int64_t id) const {
        int64_t remainder = id % y;
        if (remainder < 0) {
            remainder += y;
        }
        return remainder < x;
    }

    int64_t x = 1;
    int64_t y = 100;
};

}  // namespace cloudprofiler
