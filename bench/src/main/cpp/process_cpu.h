// CPU time consumed by this process and by each of its threads, in nanoseconds.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace cloudprofiler::bench {

struct ThreadCpu {
    uint32_t threadId = 0;
    std::string name;
    int64_t cpuNs = 0;
};

// All threads together, from the scheduler's accounting (ns resolution, not clock ticks).
int64_t processCpuNs();

// Every live thread with its name (the core names its threads cp-compress-N, cp-writer,
// cp-sampler) and CPU time so far.
std::vector<ThreadCpu> threadCpuTimes();

struct ContextSwitches {
    int64_t voluntary = 0;
    int64_t involuntary = 0;
};
ContextSwitches contextSwitches();

}  // namespace cloudprofiler::bench
