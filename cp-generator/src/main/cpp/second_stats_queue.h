// Hands the reporter's per-second records to whoever polls for them (the JNI layer), once per
// second, so a plain mutex is cheap enough.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>

#include "second_stats.h"

namespace cloudprofiler::generator {

class SecondStatsQueue {
public:
    enum class Poll { kRecord, kTimeout, kEnded };

    void push(const SecondStats& stats) {
        std::lock_guard<std::mutex> lock(mutex_);
        // A day of records at the most: nobody polling must not grow memory without bound.
        if (records_.size() == kMaxRecords) {
            records_.pop_front();
        }
        records_.push_back(stats);
        changed_.notify_all();
    }

    // No record follows.
    void close() {
        std::lock_guard<std::mutex> lock(mutex_);
        closed_ = true;
        changed_.notify_all();
    }

    Poll poll(std::chrono::milliseconds timeout, SecondStats* out) {
        std::unique_lock<std::mutex> lock(mutex_);
        changed_.wait_for(lock, timeout, [this] { return !records_.empty() || closed_; });
        if (!records_.empty()) {
            *out = records_.front();
            records_.pop_front();
            return Poll::kRecord;
        }
        return closed_ ? Poll::kEnded : Poll::kTimeout;
    }

    // True once the last record has been taken: every later poll returns kEnded.
    bool ended() {
        std::lock_guard<std::mutex> lock(mutex_);
        return closed_ && records_.empty();
    }

private:
    static constexpr size_t kMaxRecords = 86'400;

    std::mutex mutex_;
    std::condition_variable changed_;
    std::deque<SecondStats> records_;
    bool closed_ = false;
};

}  // namespace cloudprofiler::generator
