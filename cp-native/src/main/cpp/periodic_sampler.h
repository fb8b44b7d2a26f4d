// One thread that takes the samples of every periodic handler (SPC, MPC, CPU) when they are
// due, and sleeps in between: writers only bump a counter, never read the clock for it.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <mutex>
#include <thread>
#include <vector>

namespace cloudprofiler {

class PeriodicHandler;

class PeriodicSampler {
public:
    ~PeriodicSampler();

    // Takes a first sample now, then one every `periodNs`.
    void add(PeriodicHandler* handler, int64_t periodNs);
    void setPeriod(PeriodicHandler* handler, int64_t periodNs);
    // After this returns the handler is not being sampled and will not be again.
    void remove(PeriodicHandler* handler);
    void stop();

private:
    using Clock = std::chrono::steady_clock;
    struct Entry {
        PeriodicHandler* handler;
        std::chrono::nanoseconds period;
        Clock::time_point due;
    };

    void run();

    std::mutex mutex_;
    std::condition_variable wake_;
    std::vector<Entry> entries_;
    bool stopping_ = false;
    std::thread thread_;
};

}  // namespace cloudprofiler
