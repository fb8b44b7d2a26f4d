#include "channel_table.h"

#include <linux/membarrier.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <thread>

#include "api/profiler_error.h"
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

bool ChannelTable::writerFenceNeeded = false;

ChannelTable::ChannelTable(ProfilerCounters& counters) : counters_(counters) {
    // Without membarrier(2) the closer cannot fence the writers, so they fence themselves.
    writerFenceNeeded = membarrierCommand() == 0;
}

void ChannelTable::heavyBarrier() {
    int command = membarrierCommand();
    if (command == 0 || syscall(SYS_membarrier, command, 0, 0) != 0) {
        // Writers fence themselves when membarrier is missing; a failed call should not happen,
        // but then the same full fence here keeps this side correct.
        std::atomic_thread_fence(std::memory_order_seq_cst);
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
    slot.reservedFor.store(0, std::memory_order_relaxed);
    slot.owner.store(ownerWord(handle, multiWriter ? kMultiWriter : kUnclaimed),
                     std::memory_order_relaxed);
    slot.openGeneration.store(generation, std::memory_order_release);
    ++openChannels_;
    return handle;
}

bool ChannelTable::handlerFailed() noexcept {
    counters_.failedCalls.fetch_add(1, std::memory_order_relaxed);
    try {
        Warnings::report("handler-failure",
                         "a logTS call failed inside its handler (out of memory?) and was"
                         " rejected; such calls are counted as failedCalls in the profiler"
                         " stats. Lower CP_BUFFER_MB or CP_BLOCK_RECORDS, or give the process"
                         " more memory.");
    } catch (...) {
        // Nothing more can be done without memory; the count stands.
    }
    return false;
}

bool ChannelTable::logSlow(Slot* slot, uint64_t handle, int64_t id, TscMode mode,
                           uint64_t& tsc) noexcept {
    uint32_t generation = generationOf(handle);
    ThreadRecord* me = nullptr;
    try {
        me = currentThreadRecord();
    } catch (...) {
        return handlerFailed();
    }
    if (slot == nullptr || me == nullptr || generation == 0) {
        return rejectInvalid();
    }
    uint64_t owner = slot->owner.load(std::memory_order_acquire);
    if (static_cast<uint32_t>(owner >> 32) != generation) {
        return rejectInvalid();
    }
    uint32_t holder = static_cast<uint32_t>(owner);
    bool claimed = false;
    uint32_t reserved = slot->reservedFor.load(std::memory_order_relaxed);
    if (holder == kUnclaimed && reserved != 0 && reserved != me->number) {
        holder = reserved;  // swapped in for its predecessor's writer: rejected as foreign
    }
    if (holder == kUnclaimed) {
        claimed = slot->owner.compare_exchange_strong(owner, ownerWord(handle, me->number));
        if (!claimed) {
            return logSlow(slot, handle, id, mode, tsc);  // another thread claimed it first
        }
        holder = me->number;
    }
    me->inside.store(handle, std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_seq_cst);  // slow path: no need to be cheap
    bool accepted;
    if (slot->openGeneration.load(std::memory_order_acquire) != generation) {
        accepted = rejectInvalid();
    } else {
        Channel& channel = *slot->channel.load(std::memory_order_acquire);
        if (holder == me->number) {
            if (claimed) {
                channel.claimedBy(osThreadId());
            }
            accepted = callHandler(channel.handler(), id, mode, tsc);
        } else if (holder == kMultiWriter) {
            channel.markStarted();
            if (channel.serialized()) {
                channel.writerLock().lock();
                accepted = callHandler(channel.handler(), id, mode, tsc);
                channel.writerLock().unlock();
            } else {
                accepted = callHandler(channel.handler(), id, mode, tsc);
            }
        } else {
            channel.countRejected(me->number);
            accepted = false;
        }
    }
    me->inside.store(0, std::memory_order_release);
    return accepted;
}

bool ChannelTable::close(uint64_t handle, CloseReason reason) {
    return closeIfOpen(handle, reason) || rejectInvalid();
}

bool ChannelTable::closeIfOpen(uint64_t handle, CloseReason reason) {
    Slot* slot = find(handle);
    uint32_t generation = generationOf(handle);
    if (slot == nullptr || generation == 0) {
        return false;
    }
    {
        // Under the lock, so that no withChannel() action is running once the close begins.
        std::lock_guard<std::mutex> lock(mutex_);
        uint32_t expected = generation;
        if (!slot->openGeneration.compare_exchange_strong(expected, 0)) {
            return false;
        }
        ++closing_;
    }
    heavyBarrier();
    while (anyThreadInside(handle)) {
        std::this_thread::sleep_for(std::chrono::microseconds(20));
    }
    Channel* channel = slot->channel.load(std::memory_order_relaxed);
    finish(*channel, reason);
    release(*slot, handle);
    delete channel;
    return true;
}

bool ChannelTable::swapHandler(uint64_t handle, uint64_t successor) {
    Slot* slot = find(handle);
    Slot* from = find(successor);
    if (slot == nullptr || from == nullptr || slot == from || generationOf(handle) == 0 ||
        generationOf(successor) == 0) {
        return false;
    }
    Channel* retired;
    {
        // Under the lock: a close of either handle, or a withChannel() action, is either wholly
        // before the swap or wholly after it.
        std::lock_guard<std::mutex> lock(mutex_);
        uint32_t expected = generationOf(successor);
        if (slot->openGeneration.load(std::memory_order_relaxed) != generationOf(handle) ||
            !from->openGeneration.compare_exchange_strong(expected, 0)) {
            return false;
        }
        Channel* next = from->channel.load(std::memory_order_relaxed);
        retired = slot->channel.load(std::memory_order_relaxed);
        uint32_t holder = static_cast<uint32_t>(slot->owner.load(std::memory_order_relaxed));
        bool heldByThread = holder != kUnclaimed && holder != kMultiWriter;
        slot->reservedFor.store(heldByThread && !next->multiWriter() ? holder : 0,
                                std::memory_order_relaxed);
        slot->channel.store(next, std::memory_order_release);
        slot->handler.store(&next->handler(), std::memory_order_release);
        // Unclaimed, so that the writer's next call claims the successor on its own thread (a
        // CPU handler reads that thread's clock), as a new channel's first call does.
        slot->owner.store(ownerWord(handle, next->multiWriter() ? kMultiWriter : kUnclaimed),
                          std::memory_order_release);
        ++closing_;
    }
    // Either a writer entered before the barrier, and is waited for, or it reads the new handler.
    heavyBarrier();
    waitUntilEachThreadLeft(handle);
    while (anyThreadInside(successor)) {
        std::this_thread::sleep_for(std::chrono::microseconds(20));
    }
    finish(*retired, CloseReason::kCloseChannel);
    release(*from, successor);  // its channel lives on in `slot`
    delete retired;
    return true;
}

void ChannelTable::finish(Channel& channel, CloseReason reason) {
    try {
        channel.finish(reason);
    } catch (const std::exception& e) {
        Warnings::report("close:" + channel.name(),
                         "closing channel " + channel.name() + " failed: " + e.what());
    }
}

void ChannelTable::release(Slot& slot, uint64_t handle) {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        slot.channel.store(nullptr, std::memory_order_relaxed);
        slot.handler.store(nullptr, std::memory_order_relaxed);
        freeSlots_.push_back(static_cast<uint32_t>(handle));
        --openChannels_;
        --closing_;
    }
    closed_.notify_all();
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
    // A close another thread began must end before the caller stops what it relies on.
    std::unique_lock<std::mutex> lock(mutex_);
    closed_.wait(lock, [&] { return closing_ == 0; });
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
