#include "periodic_sampler.h"

#include <algorithm>

#include "background_thread.h"
#include "handlers/periodic_handler.h"

namespace cloudprofiler {
namespace {

// The next multiple of `period` after `now`: channels with the same period share due times, so
// the sampler wakes once per period for all of them rather than once for each.
std::chrono::steady_clock::time_point nextOnGrid(std::chrono::steady_clock::time_point now,
                                                 std::chrono::nanoseconds period) {
    auto sinceEpoch = std::chrono::duration_cast<std::chrono::nanoseconds>(now.time_since_epoch());
    return std::chrono::steady_clock::time_point((sinceEpoch / period + 1) * period);
}

}  // namespace

PeriodicSampler::~PeriodicSampler() { stop(); }

void PeriodicSampler::add(PeriodicHandler* handler, int64_t periodNs) {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!thread_.joinable() && !stopping_) {
        thread_ = startBackgroundThread("cp-sampler", [this] { run(); });
    }
    handler->sample();
    std::chrono::nanoseconds period(periodNs);
    entries_.push_back({handler, period, nextOnGrid(Clock::now(), period)});
    wake_.notify_one();
}

void PeriodicSampler::setPeriod(PeriodicHandler* handler, int64_t periodNs) {
    std::lock_guard<std::mutex> lock(mutex_);
    for (Entry& entry : entries_) {
        if (entry.handler == handler) {
            entry.period = std::chrono::nanoseconds(periodNs);
            entry.due = nextOnGrid(Clock::now(), entry.period);
        }
    }
    wake_.notify_one();
}

void PeriodicSampler::remove(PeriodicHandler* handler) {
    std::lock_guard<std::mutex> lock(mutex_);
    entries_.erase(std::remove_if(entries_.begin(), entries_.end(),
                                  [&](const Entry& entry) { return entry.handler == handler; }),
                   entries_.end());
}

void PeriodicSampler::stop() {
    {
        std::lock_guard<std::mutex> lock(mutex_);
        stopping_ = true;
    }
    wake_.notify_one();
    if (thread_.joinable()) {
        thread_.join();
    }
}

void PeriodicSampler::run() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!stopping_) {
        if (entries_.empty()) {
            wake_.wait(lock);
            continue;
        }
        Clock::time_point next = std::min_element(entries_.begin(), entries_.end(),
                                                  [](const Entry& a, const Entry& b) {
                                                      return a.due < b.due;
                                                  })->due;
        wake_.wait_until(lock, next);
        Clock::time_point now = Clock::now();
        for (Entry& entry : entries_) {
            if (entry.due <= now && !stopping_) {
                entry.handler->sample();
                // Stay on the grid; after a long stall, skip the missed periods.
                entry.due = nextOnGrid(now, entry.period);
            }
        }
    }
}

}  // namespace cloudprofiler
