// MPC: multi-writer periodic counter. Threads add to different cache lines (by thread number)
// so that writers on different cores do not fight over one counter.
#pragma once

#include <atomic>

#include "../thread_record.h"
#include "periodic_handler.h"

namespace cloudprofiler {

class MpcHandler final : public PeriodicHandler {
public:
    using PeriodicHandler::PeriodicHandler;

    void log(int64_t) override { increment(); }
    void logAt(int64_t, uint64_t) override { increment(); }

protected:
    uint64_t count() const override {
        uint64_t total = 0;
        for (const Stripe& stripe : stripes_) {
            total += stripe.value.load(std::memory_order_relaxed);
        }
        return total;
    }
    void fillSample(int64_t* row, uint64_t tsc) override {
        row[0] = static_cast<int64_t>(tsc);
        row[1] = static_cast<int64_t>(count());
    }

private:
    static constexpr int kStripes = 16;
    struct alignas(64) Stripe {
        std::atomic<uint64_t> value{0};
    };

    void increment() {
        ThreadRecord* me = tThreadRecord;  // set: the table claimed it before this call
        uint32_t stripe = me != nullptr ? me->number % kStripes : 0;
        stripes_[stripe].value.fetch_add(1, std::memory_order_relaxed);
    }

    Stripe stripes_[kStripes];
};

}  // namespace cloudprofiler
