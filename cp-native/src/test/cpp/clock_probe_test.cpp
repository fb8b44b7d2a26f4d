#include <gtest/gtest.h>

#include "clock_probe.h"
#include "profiler_error.h"

namespace cloudprofiler {
namespace {

// Only the shape of the result is checked: how fast this machine reads its clock is not.
TEST(ClockProbe, ReadCostIsPositiveAndTheMinimumIsNoMoreThanTheMedian) {
    ClockReadCost cost = measureClockReadCost(5, 1000);
    EXPECT_GT(cost.minNs, 0.0);
    EXPECT_LE(cost.minNs, cost.medianNs);
}

TEST(ClockProbe, ReadCostRejectsBatchSizesOutOfRange) {
    EXPECT_THROW(measureClockReadCost(0, 1000), ProfilerError);
    EXPECT_THROW(measureClockReadCost(1001, 1000), ProfilerError);
    EXPECT_THROW(measureClockReadCost(5, 0), ProfilerError);
    EXPECT_THROW(measureClockReadCost(5, 10'000'001), ProfilerError);
}

TEST(ClockProbe, KernelTimeStatusIsAKnownClockState) {
    KernelTimeStatus status = readKernelTimeStatus();
    EXPECT_GE(status.clockState, 0);
    EXPECT_LE(status.clockState, 5);
    EXPECT_GE(status.maxErrorUs, 0);
    EXPECT_GE(status.estimatedErrorUs, 0);
}

}  // namespace
}  // namespace cloudprofiler
