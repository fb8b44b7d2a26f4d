// One sender thread: its emission loop on an absolute schedule, dealing buckets round-robin to
// its receivers, then one end-of-run marker to each.
#pragma once

#include <atomic>
#include <cstdint>
#include <vector>

#include "countdown_latch.h"
#include "payload_pool.h"
#include "receiver_link.h"
#include "send_log.h"
#include "sender_counters.h"

namespace cloudprofiler::generator {

struct SenderPlan {
    uint16_t index = 0;
    uint16_t senderCount = 1;
    uint64_t tuples = 0;  // this sender's share; kUnbounded runs until stopped
    uint32_t bucketTuples = 1;
    int64_t firstDueNs = 0;  // CLOCK_MONOTONIC; bucket j is due at firstDueNs + j·interval
    double bucketIntervalNs = 0;
    int64_t idBase = 0;
    int markerTimeoutMs = 0;
    int64_t spinWindowNs = 0;
    SendLog sendLog;

    static constexpr uint64_t kUnbounded = UINT64_MAX;
};

class Sender {
public:
    // The links' sockets are connected; from here on only this sender's thread touches them.
    Sender(const SenderPlan& plan, const PayloadPool& pool, std::vector<ReceiverLink> links,
           const std::atomic<bool>& stopRequested, CountdownLatch& dataDone);

    // The thread's body. Counts the latch down after the last data bucket, then sends the
    // markers and closes the sockets (their linger lets queued buckets leave).
    void run();

    SenderCounters& counters() { return counters_; }
    // Valid once run() has returned.
    const std::vector<ReceiverLink>& links() const { return links_; }
    int64_t lastBucketEndNs() const { return lastBucketEndNs_; }
    bool stoppedEarly() const { return stoppedEarly_; }

private:
    void emitBuckets();
    void sendMarkers();
    // Logs a sent bucket whose first tuple is this sender's `firstTuple`-th (send_log.h).
    void logSend(uint64_t firstTuple, uint32_t tuples, uint64_t sendTsc);

    const SenderPlan plan_;
    const PayloadPool& pool_;
    std::vector<ReceiverLink> links_;
    const std::atomic<bool>& stopRequested_;
    CountdownLatch& dataDone_;
    SenderCounters counters_;
    int64_t lastBucketEndNs_ = 0;
    bool stoppedEarly_ = false;
};

}  // namespace cloudprofiler::generator
