// Cells that callers count in without calling the core (CallCounter::countFrom): one cache line
// each, so that tasks on different threads never share one, and never freed, so that a writer
// racing its channel's close stores into memory that is still its own. A cell is handed out
// once per attach; a process leaks 64 bytes per attached channel open.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

namespace cloudprofiler {

class CountCells {
public:
    // A zeroed cell for the life of the process. Thread-safe; throws std::bad_alloc.
    std::atomic<uint64_t>* take();

private:
    struct alignas(64) Cell {
        std::atomic<uint64_t> value{0};
    };
    static constexpr size_t kCellsPerChunk = 1024;

    std::mutex mutex_;
    std::vector<std::unique_ptr<Cell[]>> chunks_;  // under mutex_
    size_t usedInLastChunk_ = kCellsPerChunk;      // under mutex_
};

}  // namespace cloudprofiler
