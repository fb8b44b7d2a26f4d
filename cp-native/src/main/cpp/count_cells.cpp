#include "count_cells.h"

namespace cloudprofiler {

std::atomic<uint64_t>* CountCells::take() {
    std::lock_guard<std::mutex> lock(mutex_);
    if (usedInLastChunk_ == kCellsPerChunk) {
        chunks_.push_back(std::make_unique<Cell[]>(kCellsPerChunk));
        usedInLastChunk_ = 0;
    }
    return &chunks_.back()[usedInLastChunk_++].value;
}

}  // namespace cloudprofiler
