// CPU: per period, the calls and the writer thread's CPU time, i.e. the CPU cost per tuple of
// one task. The sampler reads the writer's CPU clock from outside, so calls stay cheap.
#pragma once

#include <pthread.h>
#include <time.h>

#include <atomic>

#include "../api/call_counter.h"
#include "periodic_handler.h"

namespace cloudprofiler {

class CpuHandler final : public PeriodicHandler {
public:
    using PeriodicHandler::PeriodicHandler;

    void log(int64_t) override { count_.increment(); }
    void logAt(int64_t, uint64_t) override { count_.increment(); }
    CallCounter* callCounter() override { return &count_; }
    void onWriterThread() override {
        clockid_t clock;
        if (pthread_getcpuclockid(pthread_self(), &clock) == 0) {
            writerClock_.store(clock, std::memory_order_relaxed);
            hasWriterClock_.store(true, std::memory_order_release);
        }
    }

protected:
    uint64_t count() const override { return count_.get(); }
    void fillSample(int64_t* row, uint64_t tsc) override {
        row[0] = static_cast<int64_t>(tsc);
        row[1] = static_cast<int64_t>(count());
        row[2] = writerCpuNs();
    }

private:
    // -1 while no writer is known or once its thread has exited.
    int64_t writerCpuNs() const {
        if (!hasWriterClock_.load(std::memory_order_acquire)) {
            return -1;
        }
        timespec ts{};
        if (clock_gettime(writerClock_.load(std::memory_order_relaxed), &ts) != 0) {
            return -1;
        }
        return static_cast<int64_t>(ts.tv_sec) * 1'000'000'000LL + ts.tv_nsec;
    }

    CallCounter count_;
    std::atomic<clockid_t> writerClock_{0};
    std::atomic<bool> hasWriterClock_{false};
};

}  // namespace cloudprofiler
