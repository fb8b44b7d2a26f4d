// The calls a counting handler (NULL, SPC, CPU) has accepted: its own single-writer counter,
// plus, once attached, a cell the caller increments itself without calling the core, so that a
// counted call costs the caller a plain store instead of a native call (docs/log-format.md,
// "Counting without a call").
#pragma once

#include <atomic>
#include <cstdint>

#include "single_writer_counter.h"

namespace cloudprofiler {

class CallCounter {
public:
    void increment() { own_.increment(); }

    // Adds what the caller's cell holds from now on. `cell` must outlive the handler (count
    // cells are never freed) and be written by the channel's single writer only.
    void countFrom(const std::atomic<uint64_t>* cell) {
        base_ = cell->load(std::memory_order_acquire);
        cell_.store(cell, std::memory_order_release);
    }

    // Any thread.
    uint64_t get() const {
        const std::atomic<uint64_t>* cell = cell_.load(std::memory_order_acquire);
        uint64_t own = own_.get();
        return cell == nullptr ? own : own + (cell->load(std::memory_order_acquire) - base_);
    }

private:
    SingleWriterCounter own_;
    std::atomic<const std::atomic<uint64_t>*> cell_{nullptr};
    uint64_t base_ = 0;  // written before cell_ is published
};

}  // namespace cloudprofiler
