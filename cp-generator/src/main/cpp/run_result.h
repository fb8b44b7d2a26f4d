// The totals of a finished run, and what went wrong in it, as the user needs to read them.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace cloudprofiler::generator {

// What all senders together sent one receiver.
struct ReceiverTotals {
    std::string endpoint;
    uint64_t sentTuples = 0;
    uint64_t sentBuckets = 0;
    uint64_t droppedTuples = 0;
    uint64_t droppedBuckets = 0;
    uint32_t markersDelivered = 0;    // of the T senders' end-of-run markers
    uint32_t markersUndelivered = 0;  // could not be handed over within the marker timeout
    uint64_t disconnects = 0;         // connections lost during the run, all senders together
};

struct RunResult {
    uint64_t emittedTuples = 0;  // sent + dropped
    uint64_t sentTuples = 0;
    uint64_t droppedTuples = 0;
    uint64_t sentBuckets = 0;
    uint64_t droppedBuckets = 0;
    uint32_t bucketTuples = 0;  // the bucket size the run used (see effectiveBucketTuples)
    // From the run's start to one bucket gap after the end of its last data bucket: the time
    // the schedule gave the tuples (exactly tuples / rate for a run that kept it).
    int64_t elapsedNs = 0;
    bool stoppedEarly = false;  // stop() ended a bounded run before all its tuples
    std::vector<ReceiverTotals> receivers;
    // One sentence per problem (drops, undelivered markers, a receiver that got nothing), each
    // naming the receiver and the fix; empty for a clean run.
    std::vector<std::string> problems;
};

}  // namespace cloudprofiler::generator
