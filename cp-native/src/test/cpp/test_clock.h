// TEST ONLY, in the test library (libcloudprofiler_testing.so), never the shipped one.
// CP_TEST_CLOCK=<ppm>:<offset> makes this process's clock run fast or slow by <ppm> and start
// <offset> ticks away from the TSC, so several processes of one machine behave like nodes with
// their own clocks while the shared TSC stays the ground truth.
#pragma once

#include <cstdint>
#include <string>

#include "tsc_clock.h"

namespace cloudprofiler {

class TestClock : public ClockDistortion {
public:
    // Parses "<ppm>:<offset>": ppm a decimal in (-1e6, 1e6) with up to 3 fraction digits,
    // offset an integer number of ticks. Throws std::invalid_argument saying what is wrong.
    static TestClock parse(const std::string& text);

    // raw + floor(raw * ppm / 1e6) + offset, in 64-bit wrapping arithmetic.
    uint64_t apply(uint64_t raw) const override;
    // The largest raw value whose apply() is at most `tsc`. Exact for a fast clock; a slow one
    // shows one value for two raw ticks now and then, and this names the later of the two.
    uint64_t rawOf(uint64_t tsc) const override;

    int64_t partsPerBillion() const { return partsPerBillion_; }
    int64_t offsetTicks() const { return offsetTicks_; }

private:
    int64_t partsPerBillion_ = 0;
    int64_t offsetTicks_ = 0;
};

}  // namespace cloudprofiler
