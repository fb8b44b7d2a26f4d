// The memory budget of buffered channels: full blocks waiting for compression and writing may
// hold at most `budgetBytes`. Recycles block memory so steady logging allocates nothing.
#pragma once

#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <vector>

#include "record_block.h"

namespace cloudprofiler {

class BlockPool {
public:
    explicit BlockPool(size_t budgetBytes) : budgetBytes_(budgetBytes) {}
    ~BlockPool();

    // A block with room for `capacity` rows of `columns` values, count 0.
    RecordBlock* take(uint32_t capacity, int columns);
    // Returns a block's memory for reuse.
    void give(RecordBlock* block);

    // Reserves budget for a full block about to be handed over; false if that would exceed the
    // budget. A single block larger than the whole budget is always let through when nothing
    // else is in flight, so progress never depends on the budget's size.
    bool tryReserve(size_t bytes);
    // Waits until the budget admits `bytes`, then reserves it.
    void reserveWaiting(size_t bytes);
    void unreserve(size_t bytes);

    size_t budgetBytes() const { return budgetBytes_; }
    size_t reservedBytes();
    uint64_t blocksInFlight();

private:
    bool admits(size_t bytes) const;

    const size_t budgetBytes_;
    std::mutex mutex_;
    std::condition_variable released_;
    size_t reservedBytes_ = 0;
    uint64_t blocksInFlight_ = 0;
    size_t freeBytes_ = 0;
    std::map<size_t, std::vector<RecordBlock*>> freeBlocks_;  // by values per block
};

}  // namespace cloudprofiler
