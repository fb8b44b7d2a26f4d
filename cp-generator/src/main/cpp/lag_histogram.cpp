#include "lag_histogram.h"

#include <algorithm>
#include <cmath>

namespace cloudprofiler::generator {
namespace {

constexpr int kSubBucketBits = 5;  // 32 buckets per power of two
constexpr uint64_t kLargestLagNs = (uint64_t{1} << 40) - 1;

}  // namespace

size_t LagCounts::indexOf(uint64_t lagNs) {
    uint64_t value = std::min(lagNs, kLargestLagNs);
    if (value < (uint64_t{1} << kSubBucketBits)) {
        return static_cast<size_t>(value);
    }
    int exponent = 63 - __builtin_clzll(value);
    uint64_t mantissa = (value >> (exponent - kSubBucketBits)) & ((1u << kSubBucketBits) - 1);
    return static_cast<size_t>((exponent - kSubBucketBits + 1) << kSubBucketBits) + mantissa;
}

uint64_t LagCounts::upperBoundNs(size_t index) {
    if (index < (size_t{2} << kSubBucketBits)) {
        return index;
    }
    int exponent = static_cast<int>(index >> kSubBucketBits) + kSubBucketBits - 1;
    uint64_t mantissa = index & ((1u << kSubBucketBits) - 1);
    int shift = exponent - kSubBucketBits;
    return (((uint64_t{1} << kSubBucketBits) + mantissa + 1) << shift) - 1;
}

uint64_t LagCounts::total() const {
    uint64_t total = 0;
    for (uint64_t count : counts_) {
        total += count;
    }
    return total;
}

uint64_t LagCounts::quantileNs(double quantile) const {
    uint64_t total = this->total();
    if (total == 0) {
        return 0;
    }
    uint64_t rank = std::max<uint64_t>(1, static_cast<uint64_t>(std::ceil(quantile * total)));
    uint64_t seen = 0;
    for (size_t i = 0; i < kLagBuckets; ++i) {
        seen += counts_[i];
        if (seen >= rank) {
            return upperBoundNs(i);
        }
    }
    return upperBoundNs(kLagBuckets - 1);
}

LagCounts LagCounts::minus(const LagCounts& earlier) const {
    LagCounts difference;
    for (size_t i = 0; i < kLagBuckets; ++i) {
        difference.counts_[i] = counts_[i] - earlier.counts_[i];
    }
    return difference;
}

void LagHistogram::record(uint64_t lagNs) {
    std::atomic<uint64_t>& bucket = counts_[LagCounts::indexOf(lagNs)];
    bucket.store(bucket.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed);
    if (lagNs > maxNs_.load(std::memory_order_relaxed)) {
        // A CAS, not a store, because the reader resets the maximum concurrently.
        uint64_t seen = maxNs_.load(std::memory_order_relaxed);
        while (lagNs > seen &&
               !maxNs_.compare_exchange_weak(seen, lagNs, std::memory_order_relaxed)) {
        }
    }
}

LagCounts LagHistogram::read() const {
    LagCounts counts;
    for (size_t i = 0; i < kLagBuckets; ++i) {
        counts.add(i, counts_[i].load(std::memory_order_relaxed));
    }
    return counts;
}

}  // namespace cloudprofiler::generator
