// NULL: accepts and counts calls, records nothing — the cost of instrumentation alone.
#pragma once

#include <atomic>

#include "../handler.h"

namespace cloudprofiler {

class NullHandler final : public Handler {
public:
    void log(int64_t) override { count(); }
    void logAt(int64_t, uint64_t) override { count(); }
    void finish() override {}
    HandlerStats stats() const override {
        HandlerStats stats;
        stats.accepted = stats.filtered = calls_.load(std::memory_order_relaxed);
        return stats;
    }

private:
    // Single writer (the channel serialises multi-writer use): a plain increment suffices.
    void count() { calls_.store(calls_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed); }

    std::atomic<uint64_t> calls_{0};
};

}  // namespace cloudprofiler
