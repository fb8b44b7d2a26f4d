// Schedule lag of one sender's buckets (how late each started against its due time), kept so
// that a reporter thread can read it while the sender writes: single writer, any reader, no lock.
#pragma once

#include <array>
#include <atomic>
#include <cstddef>
#include <cstdint>

namespace cloudprofiler::generator {

// Log-linear buckets: exact below 64 ns, then 32 per power of two, so a percentile read from it
// is at most 1/32 (3.1%) above the true value. Lags beyond 2^40 ns (18 min) share the last.
constexpr size_t kLagBuckets = 1152;

// Counts per bucket: a snapshot, or the difference of two (one reporting interval).
class LagCounts {
public:
    static size_t indexOf(uint64_t lagNs);
    // The largest lag that falls in bucket `index`.
    static uint64_t upperBoundNs(size_t index);

    void add(size_t index, uint64_t count) { counts_[index] += count; }
    uint64_t total() const;
    // The smallest bucket upper bound at or below which a `quantile` share of the samples lies;
    // 0 without samples.
    uint64_t quantileNs(double quantile) const;

    // this − earlier, bucket by bucket.
    LagCounts minus(const LagCounts& earlier) const;
    uint64_t count(size_t index) const { return counts_[index]; }

private:
    std::array<uint64_t, kLagBuckets> counts_{};
};

class LagHistogram {
public:
    // Writer only.
    void record(uint64_t lagNs);

    // Any thread: the counts so far (each bucket read atomically; a sample recorded meanwhile
    // shows up now or in the next read, never twice).
    LagCounts read() const;
    // Any thread, one reader: the largest lag since the last call.
    uint64_t takeMaxNs() { return maxNs_.exchange(0, std::memory_order_relaxed); }

private:
    std::array<std::atomic<uint64_t>, kLagBuckets> counts_{};
    std::atomic<uint64_t> maxNs_{0};
};

}  // namespace cloudprofiler::generator
