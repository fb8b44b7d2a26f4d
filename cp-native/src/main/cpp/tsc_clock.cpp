#include "tsc_clock.h"

#include <algorithm>
#include <fstream>
#include <thread>

namespace cloudprofiler {

ClockSource TscClock::source_ = ClockSource::kMonotonicRaw;
uint64_t TscClock::hz_ = 1'000'000'000ULL;
const ClockDistortion* TscClock::testClock_ = nullptr;

std::string& TscClock::testClockErrorStorage() {
    static std::string error;
    return error;
}

bool TscClock::invariantTscAdvertised() {
    std::ifstream cpuinfo("/proc/cpuinfo");
    std::string line;
    while (std::getline(cpuinfo, line)) {
        if (line.rfind("flags", 0) == 0) {
            auto has = [&](const char* flag) {
                std::string padded = std::string(" ") + flag + " ";
                return (line + " ").find(padded) != std::string::npos;
            };
            return has("constant_tsc") && has("nonstop_tsc");
        }
    }
    return false;
}

ClockPair TscClock::readPair() {
    ClockPair best;
    uint64_t narrowest = UINT64_MAX;
    for (int attempt = 0; attempt < 5; ++attempt) {
        uint64_t before = read();
        int64_t monotonic = readClockNs(CLOCK_MONOTONIC_RAW);
        int64_t realtime = readClockNs(CLOCK_REALTIME);
        uint64_t after = read();
        if (after - before < narrowest) {
            narrowest = after - before;
            best.tsc = before + (after - before) / 2;
            best.monotonicRawNs = monotonic;
            best.realtimeNs = realtime;
        }
    }
    return best;
}

void TscClock::installTestClock(const ClockDistortion* clock) {
    testClock_ = clock;
    measureHz();
}

void TscClock::init() {
#if defined(__x86_64__)
    // A TSC that stops or changes rate would make timestamps of different cores disagree.
    source_ = invariantTscAdvertised() ? ClockSource::kRdtscp : ClockSource::kMonotonicRaw;
#endif
    measureHz();
}

void TscClock::measureHz() {
    if (source_ == ClockSource::kMonotonicRaw) {
        hz_ = 1'000'000'000ULL;
        return;
    }
    ClockPair first = readPair();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    ClockPair second = readPair();
    double elapsedNs = static_cast<double>(second.monotonicRawNs - first.monotonicRawNs);
    double ticks = static_cast<double>(second.tsc - first.tsc);
    hz_ = elapsedNs > 0 ? static_cast<uint64_t>(ticks * 1e9 / elapsedNs + 0.5) : 0;
}

}  // namespace cloudprofiler
