// NULL: accepts and counts calls, records nothing — the cost of instrumentation alone.
#pragma once

#include "../api/call_counter.h"
#include "../handler.h"

namespace cloudprofiler {

class NullHandler final : public Handler {
public:
    void log(int64_t) override { calls_.increment(); }
    void logAt(int64_t, uint64_t) override { calls_.increment(); }
    CallCounter* callCounter() override { return &calls_; }
    void finish() override {}
    HandlerStats stats() const override {
        HandlerStats stats;
        stats.accepted = stats.filtered = calls_.get();
        return stats;
    }

private:
    CallCounter calls_;  // the channel serialises multi-writer use
};

}  // namespace cloudprofiler
