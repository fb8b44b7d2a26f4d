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

// A skew of the profiler's clock that tests install, so that processes of one machine behave
// like nodes with their own clocks while the raw TSC stays the ground truth. The shipped library
// never installs one; the test library does (docs/native.md).
class ClockDistortion {
public:
    virtual ~ClockDistortion() = default;
    // The clock reading at raw value `raw`.
    virtual uint64_t apply(uint64_t raw) const = 0;
    // The largest raw value whose apply() is at most `tsc`.
    virtual uint64_t rawOf(uint64_t tsc) const = 0;
};

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

    // The profiler's timestamp: the raw clock, or its distorted version under a test clock.
    static inline uint64_t read() {
        uint64_t raw = readRaw();
        if (__builtin_expect(testClock_ != nullptr, 0)) {
            return testClock_->apply(raw);
        }
        return raw;
    }

    static inline uint64_t readRaw() {
#if defined(__x86_64__)
        if (__builtin_expect(source_ == ClockSource::kRdtscp, 1)) {
            return readRdtscp();
        }
#endif
        return static_cast<uint64_t>(readClockNs(CLOCK_MONOTONIC_RAW));
    }

    // Whether a test clock distorts read(); the id-family logs then carry the raw value too.
    static bool testClockActive() { return testClock_ != nullptr; }
    static const ClockDistortion& testClock() { return *testClock_; }
    // Why the test clock asked for was refused (empty if none was). Channels and sync agents
    // refuse to start while it is non-empty, so a mistyped hook cannot go unnoticed.
    static const std::string& testClockError() { return testClockErrorStorage(); }

    // For the test library, once, before any channel opens: read() becomes `clock` (which must
    // outlive the process) and hz() is measured again on it, as the log headers give it.
    static void installTestClock(const ClockDistortion* clock);
    static void refuseTestClock(const std::string& why) { testClockErrorStorage() = why; }

    // A clock pair whose TSC is taken in the middle of the narrowest of a few attempts.
    static ClockPair readPair();

private:
    // Ticks per second of read(), against CLOCK_MONOTONIC_RAW over 20 ms.
    static void measureHz();

    static ClockSource source_;
    static uint64_t hz_;
    static const ClockDistortion* testClock_;
    // A function-local static: init() runs during static initialisation of another file.
    static std::string& testClockErrorStorage();
};

}  // namespace cloudprofiler
