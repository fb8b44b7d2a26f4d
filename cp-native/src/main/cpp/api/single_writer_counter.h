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
        value_.store(value_.load(std::memory_order_relaxed) + amount, std::memory_order_release);
    }
    // Acquire: a reader that sees an increment also sees the writer's earlier ones elsewhere,
    // so derived figures (recorded = committed - dropped) never go negative. Free on x86.
    uint64_t get() const { return value_.load(std::memory_order_acquire); }

private:
    std::atomic<uint64_t> value_{0};
};

}  // namespace cloudprofiler
