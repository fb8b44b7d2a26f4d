// Serialises the writers of a multi-writer channel whose handler is single-writer. Short
// critical sections, so spin briefly, then yield the core instead of burning it.
#pragma once

#include <sched.h>

#include <atomic>

namespace cloudprofiler {

class SpinLock {
public:
    void lock() {
        for (int spins = 0; locked_.exchange(true, std::memory_order_acquire); ++spins) {
            while (locked_.load(std::memory_order_relaxed)) {
                if (spins++ < 64) {
                    pause();
                } else {
                    sched_yield();
                }
            }
        }
    }
    void unlock() { locked_.store(false, std::memory_order_release); }

private:
    static void pause() {
#if defined(__x86_64__)
        __builtin_ia32_pause();
#endif
    }

    std::atomic<bool> locked_{false};
};

}  // namespace cloudprofiler
