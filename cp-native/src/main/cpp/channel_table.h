// Maps channel handles to channels. A handle is (generation << 32 | slot index), never a
// pointer: a closed, stale or made-up handle finds a slot whose generation differs, or none,
// and is rejected and counted.
//
// Safety of close against concurrent writers, without a fence on the hot path: a writer
// announces the handle it is about to use in its own thread record, then checks that the slot
// is still open under that generation; the closer marks the slot closed, runs a process-wide
// memory barrier (membarrier), and waits until no thread record announces that handle. Either
// the closer sees the writer, or the writer sees the slot closed. A writer only ever writes its
// own record, so a stale writer cannot hide another thread from a closer.
//
// A handler swap (swapHandler) uses the same protocol without closing the slot: the slot's
// channel and handler pointers are replaced, the barrier run, and the old channel finished once
// every thread seen inside the handle has left it (the swap marks such a thread's record, which
// the thread's next store clears; a closer reads a marked record as inside). The handle stays
// valid throughout, so the hot path has no branch for it: a writer reaches the old handler or
// the new one, never neither.
#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "channel.h"
#include "profiler_counters.h"
#include "thread_record.h"

namespace cloudprofiler {

// How a logTS call gets its time: the handler reads the clock (kNow), the caller gives it
// (kGiven), or the handler reads it and the call returns what it recorded (kStamped).
enum class TscMode { kNow, kGiven, kStamped };

class ChannelTable {
public:
    static constexpr uint32_t kSlotsPerChunk = 1024;
    static constexpr uint32_t kMaxChunks = 1024;
    static_assert(uint64_t{kSlotsPerChunk} * kMaxChunks <= kMarkedInside,
                  "a handle's slot index must not reach the bit that marks a thread inside");

    explicit ChannelTable(ProfilerCounters& counters);

    // Publishes an open channel and returns its handle. Throws ProfilerError when full.
    uint64_t insert(std::unique_ptr<Channel> channel);

    // Hot path of logTS: the owning thread of an open single-writer channel. Never throws. `tsc`
    // is the caller's time under kGiven; under kStamped it receives the time the handler
    // recorded the call with (left as it is if the call was rejected or recorded no time).
    inline bool log(uint64_t handle, int64_t id, TscMode mode, uint64_t& tsc) noexcept {
        Slot* slot = find(handle);
        ThreadRecord* me = tThreadRecord;
        if (slot == nullptr || me == nullptr ||
            slot->owner.load(std::memory_order_relaxed) != ownerWord(handle, me->number)) {
            return logSlow(slot, handle, id, mode, tsc);
        }
        me->inside.store(handle, std::memory_order_relaxed);
        if (__builtin_expect(writerFenceNeeded, 0)) {
            std::atomic_thread_fence(std::memory_order_seq_cst);
        } else {
            std::atomic_signal_fence(std::memory_order_seq_cst);  // paired with heavyBarrier()
        }
        // Acquire: a handler swapped in must be seen whole (a plain load on x86_64).
        bool accepted = slot->openGeneration.load(std::memory_order_acquire) == generationOf(handle)
                            ? callHandler(*slot->handler.load(std::memory_order_acquire), id,
                                          mode, tsc)
                            : rejectInvalid();
        me->inside.store(0, std::memory_order_release);
        return accepted;
    }

    // Makes the open channel `successor` (opened and parameterized by the caller, whose handle
    // no one else logs to) continue `handle`: from now on calls on `handle` reach the successor's
    // handler and file. Returns once the old handler is flushed and its file closed (close reason
    // kCloseChannel); the successor's handle is no longer valid. The thread that owned the old
    // single-writer channel is the only one that may claim the successor. False, and nothing
    // changes, if either handle is not open or they are the same.
    bool swapHandler(uint64_t handle, uint64_t successor);
    // Flushes and closes; false (counted) if the handle is not open.
    bool close(uint64_t handle, CloseReason reason);
    // Closes every open channel, and returns once closes already under way have finished too.
    void closeAll(CloseReason reason);
    // In the child of a fork(): the parent's channels are marked closed without flushing (their
    // buffers belong to the parent, and the threads that would flush them do not exist here),
    // so inherited handles are rejected and counted. Takes no lock: the child has one thread.
    void abandonAfterFork();

    // Runs `action(channel)` under the table lock if `handle` is open; false if it is not. A
    // close cannot begin while the action runs.
    template <typename Action>
    bool withChannel(uint64_t handle, Action&& action) {
        std::lock_guard<std::mutex> lock(mutex_);
        Slot* slot = find(handle);
        if (slot == nullptr || generationOf(handle) == 0 ||
            slot->openGeneration.load(std::memory_order_acquire) != generationOf(handle)) {
            return false;
        }
        action(*slot->channel.load(std::memory_order_acquire));
        return true;
    }

    uint64_t openChannels();

private:
    static constexpr uint32_t kUnclaimed = 0xFFFFFFFFu;
    static constexpr uint32_t kMultiWriter = 0xFFFFFFFEu;
    // Owner of a slot never opened: generation 0 with a holder no thread number reaches, so
    // even a made-up handle of generation 0 cannot match it.
    static constexpr uint64_t kNeverOpened = 0xFFFFFFFDu;

    // One cache line each: writers of neighbouring channels must not fight over a line.
    struct alignas(64) Slot {
        // generation << 32 | owner thread number, kUnclaimed or kMultiWriter.
        std::atomic<uint64_t> owner{kNeverOpened};
        std::atomic<uint32_t> openGeneration{0};  // 0 while closed
        std::atomic<Handler*> handler{nullptr};
        std::atomic<Channel*> channel{nullptr};
        // After a swap, the thread number that owned the predecessor: only it may claim the
        // successor (0: any thread may).
        std::atomic<uint32_t> reservedFor{0};
        uint32_t lastGeneration = 0;  // under mutex_
    };

    static uint32_t generationOf(uint64_t handle) { return static_cast<uint32_t>(handle >> 32); }
    static uint64_t ownerWord(uint64_t handle, uint32_t holder) {
        return (handle & 0xFFFFFFFF00000000ull) | holder;
    }

    inline Slot* find(uint64_t handle) const {
        uint32_t index = static_cast<uint32_t>(handle);
        if (index >= kSlotsPerChunk * kMaxChunks) {
            return nullptr;
        }
        Slot* chunk = chunks_[index / kSlotsPerChunk].load(std::memory_order_acquire);
        return chunk == nullptr ? nullptr : &chunk[index % kSlotsPerChunk];
    }

    // Runs the handler; an exception (memory exhausted) is counted, reported, never thrown on.
    inline bool callHandler(Handler& handler, int64_t id, TscMode mode, uint64_t& tsc) noexcept {
        try {
            switch (mode) {
                case TscMode::kNow:
                    handler.log(id);
                    break;
                case TscMode::kGiven:
                    handler.logAt(id, tsc);
                    break;
                case TscMode::kStamped:
                    tsc = handler.logStamped(id);
                    break;
            }
            return true;
        } catch (...) {
            return handlerFailed();
        }
    }

    bool rejectInvalid() noexcept {
        counters_.invalidHandles.fetch_add(1, std::memory_order_relaxed);
        return false;
    }
    bool handlerFailed() noexcept;
    bool logSlow(Slot* slot, uint64_t handle, int64_t id, TscMode mode, uint64_t& tsc) noexcept;
    // close() without counting a handle that is not open (shutdown races user closes).
    bool closeIfOpen(uint64_t handle, CloseReason reason);
    // Flushes a channel no writer can reach any more and writes its trailer; a failure is
    // reported, never thrown.
    static void finish(Channel& channel, CloseReason reason);
    // Gives the slot of `handle` back once its channel has left it, and ends the close or swap
    // under way.
    void release(Slot& slot, uint64_t handle);
    static void heavyBarrier();
    // True only where the kernel has no membarrier(2).
    static bool writerFenceNeeded;

    ProfilerCounters& counters_;
    std::mutex mutex_;
    std::condition_variable closed_;
    std::atomic<Slot*> chunks_[kMaxChunks] = {};
    uint32_t usedSlots_ = 0;           // under mutex_
    std::vector<uint32_t> freeSlots_;  // under mutex_
    uint64_t openChannels_ = 0;        // under mutex_
    uint32_t closing_ = 0;             // closes past their claim, not yet done; under mutex_
};

}  // namespace cloudprofiler
