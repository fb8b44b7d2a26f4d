#include "channel_table.h"

#include <linux/membarrier.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <thread>

#include "profiler_error.h"
#include "warnings.h"

namespace cloudprofiler {
namespace {

int membarrierCommand() {
    static const int command = [] {
        long supported = syscall(SYS_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
        if (supported > 0 && (supported & MEMBARRIER_CMD_PRIVATE_EXPEDITED) &&
            syscall(SYS_membarrier, MEMBARRIER_CMD_REGISTER_PRIVATE_EXPEDITED, 0, 0) == 0) {
            return static_cast<int>(MEMBARRIER_CMD_PRIVATE_EXPEDITED);
        }
        if (supported > 0 && (supported & MEMBARRIER_CMD_GLOBAL)) {
            return static_cast<int>(MEMBARRIER_CMD_GLOBAL);
        }
        return 0;
    }();
    return command;
}

}  // namespace

ChannelTable::ChannelTable(ProfilerCounters& counters) : counters_(counters) {
    if (membarrierCommand() == 0) {
        Warnings::report("membarrier",
                         "the kernel offers no membarrier(2); closing a channel while another"
                         " thread still logs to it may lose that one record");
    }
}

void ChannelTable::heavyBarrier() {
    int command = membarrierCommand();
    if (command != 0) {
        syscall(SYS_membarrier, command, 0, 0);
    } else {
        std::atomic_thread_fence(std::memory_order_seq_cst);
        std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
}

uint64_t ChannelTable::insert(std::unique_ptr<Channel> channel) {
    std::lock_guard<std::mutex> lock(mutex_);
    uint32_t index;
    if (!freeSlots_.empty()) {
        index = freeSlots_.back();
        freeSlots_.pop_back();
    } else {
        if (usedSlots_ == kSlotsPerChunk * kMaxChunks) {
            throw ProfilerError(ProfilerError::Kind::kIllegalState,
                                "too many open channels (" + std::to_string(usedSlots_) +
                                    "); close channels you no longer use");
        }
        index = usedSlots_++;
        std::atomic<Slot*>& chunk = chunks_[index / kSlotsPerChunk];
        if (chunk.load(std::memory_order_relaxed) == nullptr) {
            // Chunks are never freed, so a stale handle always finds valid memory.
            chunk.store(new Slot[kSlotsPerChunk], std::memory_order_release);
        }
    }
    Slot& slot = *find(index);
    uint32_t generation = ++slot.lastGeneration;
    if (generation == 0) {
        generation = ++slot.lastGeneration;
    }
    uint64_t handle = (static_cast<uint64_t>(generation) << 32) | index;
    bool multiWriter = channel->multiWriter();
    slot.handler.store(&channel->handler(), std::memory_order_relaxed);
    slot.channel.store(channel.release(), std::memory_order_relaxed);
    slot.owner.store(ownerWord(handle, multiWriter ? kMultiWriter : kUnclaimed),
                     std::memory_order_relaxed);
    slot.openGeneration.store(generation, std::memory_order_release);
    ++openChannels_;
    return handle;
}

bool ChannelTable::logSlow(Slot& slot, uint64_t handle, int64_t id, bool hasTsc, uint64_t tsc) {
    uint32_t generation = generationOf(handle);
    uint64_t owner = slot.owner.load(std::memory_order_acquire);
    if (generation == 0 || static_cast<uint32_t>(owner >> 32) != generation) {
        return rejectInvalid();
    }
    uint32_t holder = static_cast<uint32_t>(owner);
    uint32_t me = currentThreadNumber();
    bool claimed = false;
    if (holder == kUnclaimed) {
        claimed = slot.owner.compare_exchange_strong(owner, ownerWord(handle, me));
        if (!claimed) {
            return logSlow(slot, handle, id, hasTsc, tsc);  // another thread claimed it first
        }
        holder = me;
    }
    if (holder == me) {
        slot.writerInside.store(1, std::memory_order_relaxed);
        std::atomic_signal_fence(std::memory_order_seq_cst);
        if (slot.openGeneration.load(std::memory_order_acquire) != generation) {
            slot.writerInside.store(0, std::memory_order_release);
            return rejectInvalid();
        }
        Channel& channel = *slot.channel.load(std::memory_order_relaxed);
        if (claimed) {
            channel.claimedBy(osThreadId());
        }
        Handler& handler = channel.handler();
        hasTsc ? handler.logAt(id, tsc) : handler.log(id);
        slot.writerInside.store(0, std::memory_order_release);
        return true;
    }
    // Multi-writer channels, and calls from a thread that does not own the channel. A locked
    // increment is a full barrier, so no heavy barrier is needed for these.
    slot.othersInside.fetch_add(1, std::memory_order_seq_cst);
    if (slot.openGeneration.load(std::memory_order_acquire) != generation) {
        slot.othersInside.fetch_sub(1, std::memory_order_release);
        return rejectInvalid();
    }
    Channel& channel = *slot.channel.load(std::memory_order_relaxed);
    bool accepted = holder == kMultiWriter;
    if (!accepted) {
        channel.countRejected(me);
    } else {
        channel.markStarted();
        Handler& handler = channel.handler();
        if (channel.serialized()) {
            channel.writerLock().lock();
        }
        hasTsc ? handler.logAt(id, tsc) : handler.log(id);
        if (channel.serialized()) {
            channel.writerLock().unlock();
        }
    }
    slot.othersInside.fetch_sub(1, std::memory_order_release);
    return accepted;
}

bool ChannelTable::close(uint64_t handle, CloseReason reason) {
    return closeIfOpen(handle, reason) || rejectInvalid();
}

bool ChannelTable::closeIfOpen(uint64_t handle, CloseReason reason) {
    Slot* slot = find(handle);
    uint32_t generation = generationOf(handle);
    uint32_t expected = generation;
    if (slot == nullptr || generation == 0 ||
        !slot->openGeneration.compare_exchange_strong(expected, 0)) {
        return false;
    }
    heavyBarrier();
    while (slot->writerInside.load(std::memory_order_acquire) != 0 ||
           slot->othersInside.load(std::memory_order_acquire) != 0) {
        std::this_thread::sleep_for(std::chrono::microseconds(20));
    }
    Channel* channel = slot->channel.load(std::memory_order_relaxed);
    channel->finish(reason);
    {
        std::lock_guard<std::mutex> lock(mutex_);
        slot->channel.store(nullptr, std::memory_order_relaxed);
        slot->handler.store(nullptr, std::memory_order_relaxed);
        freeSlots_.push_back(static_cast<uint32_t>(handle));
        --openChannels_;
    }
    delete channel;
    return true;
}

void ChannelTable::closeAll(CloseReason reason) {
    std::vector<uint64_t> handles;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        for (uint32_t index = 0; index < usedSlots_; ++index) {
            uint32_t generation = find(index)->openGeneration.load(std::memory_order_acquire);
            if (generation != 0) {
                handles.push_back((static_cast<uint64_t>(generation) << 32) | index);
            }
        }
    }
    for (uint64_t handle : handles) {
        closeIfOpen(handle, reason);
    }
}

void ChannelTable::abandonAfterFork() {
    for (uint32_t index = 0; index < usedSlots_; ++index) {
        find(index)->openGeneration.store(0, std::memory_order_relaxed);
    }
    openChannels_ = 0;
}

uint64_t ChannelTable::openChannels() {
    std::lock_guard<std::mutex> lock(mutex_);
    return openChannels_;
}

}  // namespace cloudprofiler
