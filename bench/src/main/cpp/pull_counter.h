// The receiving side of the generator sections: a ZeroMQ PULL socket in a child process (the
// bench binary's pull-counter section) that only counts, so that the generator's process
// and CPU figures are its own.
#pragma once

#include <cstdint>
#include <cstdio>
#include <string>

namespace cloudprofiler::bench {

// What the counter received before it had a marker from every sender.
struct PullCounts {
    uint64_t tuples = 0;
    uint64_t buckets = 0;
    uint64_t markers = 0;
    uint64_t tuplesAnnounced = 0;  // the markers' "tuples sent", summed
    int64_t cpuNs = 0;             // the counter process's CPU time
};

class PullCounterProcess {
public:
    // Starts the child; it binds an ephemeral loopback port and waits for `markers` markers.
    PullCounterProcess(int markers, int receiveHighWaterMark);
    ~PullCounterProcess();

    const std::string& endpoint() const { return endpoint_; }

    // Waits for the child's report and its exit.
    PullCounts await();

private:
    FILE* child_ = nullptr;
    std::string endpoint_;
};

}  // namespace cloudprofiler::bench
