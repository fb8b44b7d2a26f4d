// Lets threads wait, with a deadline, until a number of others have each said they are done.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <mutex>

namespace cloudprofiler::generator {

class CountdownLatch {
public:
    explicit CountdownLatch(size_t count) : count_(count) {}

    void countDown() {
        std::lock_guard<std::mutex> lock(mutex_);
        if (count_ > 0 && --count_ == 0) {
            reachedZero_.notify_all();
        }
    }

    // True once the count is zero; false if `deadline` came first.
    bool waitUntil(std::chrono::steady_clock::time_point deadline) {
        std::unique_lock<std::mutex> lock(mutex_);
        return reachedZero_.wait_until(lock, deadline, [this] { return count_ == 0; });
    }

private:
    std::mutex mutex_;
    std::condition_variable reachedZero_;
    size_t count_;
};

}  // namespace cloudprofiler::generator
