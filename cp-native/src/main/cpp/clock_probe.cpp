#include "clock_probe.h"

#include <sys/timex.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include "api/profiler_error.h"
#include "tsc_clock.h"

namespace cloudprofiler {

ClockReadCost measureClockReadCost(int batches, int readsPerBatch) {
    if (batches < 1 || batches > 1000 || readsPerBatch < 1 || readsPerBatch > 10'000'000) {
        throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                            "clock read cost: batches must be 1..1000 and reads per batch "
                            "1..10000000, not " +
                                std::to_string(batches) + " and " + std::to_string(readsPerBatch));
    }
    std::vector<double> ticksPerRead;
    ticksPerRead.reserve(batches);
    uint64_t sink = 0;
    for (int batch = 0; batch < batches; ++batch) {
        uint64_t start = TscClock::read();
        for (int i = 0; i < readsPerBatch; ++i) {
            sink ^= TscClock::read();
        }
        uint64_t end = TscClock::read();
        // start..end spans the loop's reads plus `end` itself: readsPerBatch + 1 reads.
        ticksPerRead.push_back(static_cast<double>(end - start) / (readsPerBatch + 1));
    }
    // Keeps the compiler from treating the reads' results as unused.
    volatile uint64_t keep = sink;
    (void)keep;
    std::sort(ticksPerRead.begin(), ticksPerRead.end());
    double nsPerTick = 1e9 / static_cast<double>(std::max<uint64_t>(TscClock::hz(), 1));
    ClockReadCost cost;
    cost.minNs = ticksPerRead.front() * nsPerTick;
    cost.medianNs = ticksPerRead[ticksPerRead.size() / 2] * nsPerTick;
    return cost;
}

KernelTimeStatus readKernelTimeStatus() {
    timex request{};  // modes = 0: a pure read, allowed without CAP_SYS_TIME
    int state = ntp_adjtime(&request);
    if (state == -1) {
        int error = errno;
        throw ProfilerError(ProfilerError::Kind::kEnvironment,
                            std::string("ntp_adjtime failed: ") + std::strerror(error));
    }
    KernelTimeStatus status;
    status.clockState = state;
    status.statusBits = request.status;
    // The offset is in µs unless the kernel runs its NTP loop in ns (STA_NANO).
    status.offsetNs = (request.status & STA_NANO) ? request.offset : request.offset * 1000;
    status.maxErrorUs = request.maxerror;
    status.estimatedErrorUs = request.esterror;
    return status;
}

}  // namespace cloudprofiler
