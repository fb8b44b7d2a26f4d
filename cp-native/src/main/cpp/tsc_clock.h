// The profiler's clock: the TSC read with rdtscp where it is invariant, CLOCK_MONOTONIC_RAW
// elsewhere. Which one is in use is fixed at start-up and written into every log header.
#pragma once

#include <cstdint>
#include <ctime>
#include <string>

#if defined(__x86_64__)
#include "tsc_clock_x86_64.h"
#endif

namespace cloudprofiler {

enum class ClockSource : uint8_t { kRdtscp = 0, kMonotonicRaw = 1 };

// The profiler clock next to the OS clocks, read as close together as possible.
struct ClockPair {
    uint64_t tsc = 0;
    int64_t monotonicRawNs = 0;
    int64_t realtimeNs = 0;
};

inline int64_t readClockNs(clockid_t id) {
    timespec ts{};
    clock_gettime(id, &ts);
    return static_cast<int64_t>(ts.tv_sec) * 1'000'000'000LL + ts.tv_nsec;
}

class TscClock {
public:
    // Chooses the source and estimates its frequency (takes about 20 ms, once per process).
    static void init();

    static ClockSource source() { return source_; }
    static uint64_t hz() { return hz_; }
    // Whether /proc/cpuinfo lists both constant_tsc and nonstop_tsc.
    static bool invariantTscAdvertised();

    static inline uint64_t read() {
#if defined(__x86_64__)
        if (__builtin_expect(source_ == ClockSource::kRdtscp, 1)) {
            return readRdtscp();
        }
#endif
        return static_cast<uint64_t>(readClockNs(CLOCK_MONOTONIC_RAW));
    }

    // A clock pair whose TSC is taken in the middle of the narrowest of a few attempts.
    static ClockPair readPair();

private:
    static ClockSource source_;
    static uint64_t hz_;
};

}  // namespace cloudprofiler
