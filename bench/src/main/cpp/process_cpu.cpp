#include "process_cpu.h"

#include <sys/resource.h>
#include <time.h>

#include <filesystem>
#include <fstream>

namespace cloudprofiler::bench {
namespace {

int64_t clockNs(clockid_t clock) {
    timespec ts{};
    if (clock_gettime(clock, &ts) != 0) {
        return -1;
    }
    return static_cast<int64_t>(ts.tv_sec) * 1'000'000'000LL + ts.tv_nsec;
}

// The CPU clock of thread `threadId` of this process. The kernel encodes per-thread CPU clocks
// as ~tid << 3 | CPUCLOCK_PERTHREAD (4) | CPUCLOCK_SCHED (2); glibc's pthread_getcpuclockid
// builds the same id, but needs a pthread_t, which the core's threads do not hand out.
clockid_t threadCpuClock(uint32_t threadId) {
    return static_cast<clockid_t>((~static_cast<unsigned int>(threadId) << 3) | 6u);
}

}  // namespace

int64_t processCpuNs() { return clockNs(CLOCK_PROCESS_CPUTIME_ID); }

std::vector<ThreadCpu> threadCpuTimes() {
    std::vector<ThreadCpu> threads;
    std::error_code error;
    for (const auto& entry : std::filesystem::directory_iterator("/proc/self/task", error)) {
        ThreadCpu thread;
        thread.threadId = static_cast<uint32_t>(std::stoul(entry.path().filename().string()));
        std::ifstream comm(entry.path() / "comm");
        std::getline(comm, thread.name);
        thread.cpuNs = clockNs(threadCpuClock(thread.threadId));
        threads.push_back(thread);
    }
    return threads;
}

ContextSwitches contextSwitches() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return {usage.ru_nvcsw, usage.ru_nivcsw};
}

}  // namespace cloudprofiler::bench
