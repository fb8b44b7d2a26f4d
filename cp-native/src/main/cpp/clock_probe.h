// Diagnostics of the profiler's clock and of the kernel's time keeping, for
// `cloudprofiler doctor`. Nothing here is on the profiling path.
#pragma once

#include <cstdint>

namespace cloudprofiler {

// What one read of the profiler clock (TscClock::read) costs, in ns.
struct ClockReadCost {
    double minNs = 0;     // the cheapest batch: the cost without interference
    double medianNs = 0;  // a typical batch: the cost with this machine's usual noise
};

// Times `batches` batches of `readsPerBatch` back-to-back clock reads and converts the mean
// cost per read of each batch to ns with TscClock::hz(). Throws ProfilerError for a batch
// count outside 1..1000 or a batch size outside 1..10,000,000.
ClockReadCost measureClockReadCost(int batches, int readsPerBatch);

// The kernel's NTP state as ntp_adjtime(2) reports it (read only: no mode bits are set).
struct KernelTimeStatus {
    int clockState = 0;            // TIME_OK, TIME_INS, ..., TIME_ERROR (5: not synchronized)
    int statusBits = 0;            // STA_* bits; STA_UNSYNC set means no time source disciplines it
    int64_t offsetNs = 0;          // the last measured offset from the time source
    int64_t maxErrorUs = 0;        // the kernel's upper bound on its error
    int64_t estimatedErrorUs = 0;  // the kernel's estimate of its error
};

// Throws ProfilerError (environment) if the kernel refuses the call, naming errno.
KernelTimeStatus readKernelTimeStatus();

}  // namespace cloudprofiler
