// A counter only one thread increments and any thread may read: a plain load and store, no
// locked instruction, on the hot path.
#pragma once

#include <atomic>
#include <cstdint>

namespace cloudprofiler {

class SingleWriterCounter {
public:
    void increment() { add(1); }
    void add(uint64_t amount) {
        value_.store(value_.load(std::memory_order_relaxed) + amount, std::memory_order_relaxed);
    }
    uint64_t get() const { return value_.load(std::memory_order_relaxed); }

private:
    std::atomic<uint64_t> value_{0};
};

}  // namespace cloudprofiler
