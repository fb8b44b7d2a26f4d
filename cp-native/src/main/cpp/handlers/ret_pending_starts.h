// The starts of a RET_START channel waiting for their acks, for one thread at a time (the ack
// thread, then the closer). A window over the last `capacity` starts in the order they were
// noted, with lookup by tuple id: a start still waiting when `capacity` later starts have come
// leaves the window, so a lost ack costs bounded memory and the oldest start is given up first.
#pragma once

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

namespace cloudprofiler {

class RetPendingStarts {
public:
    struct Start {
        int64_t id = 0;
        uint64_t tsc = 0;
    };

    explicit RetPendingStarts(uint32_t capacity);

    uint32_t capacity() const { return static_cast<uint32_t>(slots_.size()); }

    // Adds `start`, passing to `pushedOut` each start it pushes out: a waiting start with the
    // same id (ids should be unique; the ack is then taken for the newer one), and the oldest
    // waiting start if the window is full. `pushedOut` must not throw.
    template <typename Consumer>
    void add(const Start& start, Consumer&& pushedOut) {
        // The index first: it is the one step that may throw (out of memory), and then nothing
        // has changed yet.
        auto [entry, isNew] = index_.try_emplace(start.id, tail_);
        if (!isNew) {
            Slot& earlier = slotOf(entry->second);
            earlier.waiting = false;
            entry->second = tail_;
            skipAnswered();
            pushedOut(earlier.start);
        }
        if (tail_ - head_ == slots_.size()) {
            Slot& oldest = slotOf(head_);  // waiting: skipAnswered() leaves no answered slot first
            oldest.waiting = false;
            index_.erase(oldest.start.id);
            ++head_;
            skipAnswered();
            pushedOut(oldest.start);
        }
        slotOf(tail_) = Slot{start, true};
        ++tail_;
    }

    // Removes the waiting start with this id and returns its tsc.
    std::optional<uint64_t> take(int64_t id);

    // Removes every waiting start, oldest first, passing each to `consumer`.
    template <typename Consumer>
    void takeAll(Consumer&& consumer) {
        for (; head_ != tail_; ++head_) {
            Slot& slot = slotOf(head_);
            if (slot.waiting) {
                slot.waiting = false;
                consumer(slot.start);
            }
        }
        index_.clear();
    }

private:
    struct Slot {
        Start start;
        bool waiting = false;
    };

    Slot& slotOf(uint64_t sequence) { return slots_[sequence % slots_.size()]; }
    // Moves the window's start past slots whose start is no longer waiting.
    void skipAnswered();

    std::vector<Slot> slots_;
    std::unordered_map<int64_t, uint64_t> index_;  // id -> sequence number of its waiting start
    uint64_t head_ = 0;                            // oldest sequence number in the window
    uint64_t tail_ = 0;                            // the next start's sequence number
};

}  // namespace cloudprofiler
