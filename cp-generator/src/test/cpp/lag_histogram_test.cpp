// The lag histogram's buckets and percentiles, against exact values.
#include "lag_histogram.h"

#include <gtest/gtest.h>

namespace cloudprofiler::generator {
namespace {

TEST(LagHistogram, bucketsAreExactBelow64AndWithin1In32Above) {
    for (uint64_t ns = 0; ns < 64; ++ns) {
        EXPECT_EQ(LagCounts::upperBoundNs(LagCounts::indexOf(ns)), ns);
    }
    for (uint64_t ns :
         {64ULL, 65ULL, 1000ULL, 999'999ULL, 1'000'000ULL, 123'456'789ULL, (1ULL << 40) - 1}) {
        uint64_t upper = LagCounts::upperBoundNs(LagCounts::indexOf(ns));
        EXPECT_GE(upper, ns);
        EXPECT_LE(static_cast<double>(upper - ns), ns / 32.0) << ns;
    }
    EXPECT_EQ(LagCounts::indexOf(UINT64_MAX), kLagBuckets - 1);
}

TEST(LagHistogram, bucketsTileTheRangeWithoutGaps) {
    for (size_t index = 1; index < kLagBuckets; ++index) {
        uint64_t first = LagCounts::upperBoundNs(index - 1) + 1;
        EXPECT_EQ(LagCounts::indexOf(first), index);
    }
}

TEST(LagHistogram, quantilesAndMaximumOfOneInterval) {
    LagHistogram histogram;
    for (uint64_t i = 1; i <= 1000; ++i) {
        histogram.record(i * 1000);  // 1 µs .. 1 ms
    }
    LagCounts before = histogram.read();
    EXPECT_EQ(histogram.takeMaxNs(), 1'000'000u);
    histogram.record(7);
    LagCounts interval = histogram.read().minus(before);
    EXPECT_EQ(interval.total(), 1u);
    EXPECT_EQ(interval.quantileNs(0.99), 7u);
    EXPECT_EQ(histogram.takeMaxNs(), 7u);

    uint64_t p50 = before.quantileNs(0.5);
    uint64_t p99 = before.quantileNs(0.99);
    EXPECT_GE(p50, 500'000u);
    EXPECT_LE(p50, 500'000u + 500'000u / 32);
    EXPECT_GE(p99, 990'000u);
    EXPECT_LE(p99, 990'000u + 990'000u / 32);
    EXPECT_EQ(LagCounts().quantileNs(0.5), 0u);
}

}  // namespace
}  // namespace cloudprofiler::generator
