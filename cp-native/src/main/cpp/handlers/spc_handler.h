// SPC: single-writer periodic counter; a call costs one plain increment.
#pragma once

#include <atomic>

#include "periodic_handler.h"

namespace cloudprofiler {

class SpcHandler final : public PeriodicHandler {
public:
    using PeriodicHandler::PeriodicHandler;

    void log(int64_t) override { increment(); }
    void logAt(int64_t, uint64_t) override { increment(); }

protected:
    uint64_t count() const override { return count_.load(std::memory_order_relaxed); }
    void fillSample(int64_t* row, uint64_t tsc) override {
        row[0] = static_cast<int64_t>(tsc);
        row[1] = static_cast<int64_t>(count());
    }

private:
    void increment() { count_.store(count_.load(std::memory_order_relaxed) + 1, std::memory_order_relaxed); }

    std::atomic<uint64_t> count_{0};
};

}  // namespace cloudprofiler
