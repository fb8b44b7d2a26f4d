// A bounded queue correct for one producer thread and one consumer thread at a time (either
// role may pass to another thread if the hand-over is ordered, by a lock or a join). push() and
// pop() are wait-free: neither side ever waits for the other, so a descheduled consumer cannot
// hold up the producer's hot path.
#pragma once

#include <atomic>
#include <cstdint>
#include <memory>

namespace cloudprofiler {

template <typename T>
class SpscRing {
public:
    // Holds `capacity` values, rounded up to a power of two so that a slot is a mask away.
    explicit SpscRing(uint32_t capacity)
        : mask_(roundUpToPowerOfTwo(capacity) - 1), slots_(new T[mask_ + 1]) {}

    SpscRing(const SpscRing&) = delete;
    SpscRing& operator=(const SpscRing&) = delete;

    uint64_t capacity() const { return mask_ + 1; }

    // Producer: false if the ring is full.
    bool push(const T& value) {
        uint64_t tail = tail_.load(std::memory_order_relaxed);
        if (tail - producerHead_ > mask_) {
            producerHead_ = head_.load(std::memory_order_acquire);
            if (tail - producerHead_ > mask_) {
                return false;
            }
        }
        slots_[tail & mask_] = value;
        tail_.store(tail + 1, std::memory_order_release);
        return true;
    }

    // Consumer: false if the ring is empty.
    bool pop(T& value) {
        uint64_t head = head_.load(std::memory_order_relaxed);
        if (head == consumerTail_) {
            consumerTail_ = tail_.load(std::memory_order_acquire);
            if (head == consumerTail_) {
                return false;
            }
        }
        value = slots_[head & mask_];
        head_.store(head + 1, std::memory_order_release);
        return true;
    }

private:
    static uint64_t roundUpToPowerOfTwo(uint32_t value) {
        uint64_t power = 1;
        while (power < value) {
            power <<= 1;
        }
        return power;
    }

    // Each side's index and its cached view of the other's on a line of their own, so that the
    // two threads share a cache line only when one has to look at the other's progress.
    alignas(64) std::atomic<uint64_t> tail_{0};
    uint64_t producerHead_ = 0;
    alignas(64) std::atomic<uint64_t> head_{0};
    uint64_t consumerTail_ = 0;
    alignas(64) const uint64_t mask_;
    const std::unique_ptr<T[]> slots_;
};

}  // namespace cloudprofiler
