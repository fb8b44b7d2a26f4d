#include "block_pool.h"

namespace cloudprofiler {

BlockPool::~BlockPool() {
    for (auto& entry : freeBlocks_) {
        for (RecordBlock* block : entry.second) {
            delete block;
        }
    }
}

RecordBlock* BlockPool::take(uint32_t capacity, int columns) {
    size_t values = static_cast<size_t>(capacity) * columns;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        auto found = freeBlocks_.find(values);
        if (found != freeBlocks_.end() && !found->second.empty()) {
            RecordBlock* block = found->second.back();
            found->second.pop_back();
            freeBytes_ -= block->bytes();
            block->capacity = capacity;
            block->columns = columns;
            block->count = 0;
            block->owner = nullptr;
            return block;
        }
    }
    return new RecordBlock(capacity, columns);
}

void BlockPool::give(RecordBlock* block) {
    std::lock_guard<std::mutex> lock(mutex_);
    // Keep at most a budget's worth of idle memory; free the rest.
    if (freeBytes_ + block->bytes() > budgetBytes_) {
        delete block;
        return;
    }
    freeBytes_ += block->bytes();
    freeBlocks_[static_cast<size_t>(block->capacity) * block->columns].push_back(block);
}

bool BlockPool::admits(size_t bytes) const {
    return reservedBytes_ + bytes <= budgetBytes_ || blocksInFlight_ == 0;
}

bool BlockPool::tryReserve(size_t bytes) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!admits(bytes)) {
        return false;
    }
    reservedBytes_ += bytes;
    ++blocksInFlight_;
    return true;
}

void BlockPool::reserveWaiting(size_t bytes) {
    std::unique_lock<std::mutex> lock(mutex_);
    released_.wait(lock, [&] { return admits(bytes); });
    reservedBytes_ += bytes;
    ++blocksInFlight_;
}

void BlockPool::unreserve(size_t bytes) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        reservedBytes_ -= bytes;
        --blocksInFlight_;
    }
    released_.notify_all();
}

size_t BlockPool::reservedBytes() {
    std::lock_guard<std::mutex> lock(mutex_);
    return reservedBytes_;
}

uint64_t BlockPool::blocksInFlight() {
    std::lock_guard<std::mutex> lock(mutex_);
    return blocksInFlight_;
}

}  // namespace cloudprofiler
