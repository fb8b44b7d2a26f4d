#include "sender.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "bucket_writer.h"
#include "emission_pacer.h"
#include "interrupted_calls.h"
#include "wall_clock.h"

namespace cloudprofiler::generator {

Sender::Sender(const SenderPlan& plan, const PayloadPool& pool, std::vector<ReceiverLink> links,
               const std::atomic<bool>& stopRequested, CountdownLatch& dataDone)
    : plan_(plan),
      pool_(pool),
      links_(std::move(links)),
      stopRequested_(stopRequested),
      dataDone_(dataDone) {}

void Sender::run() {
    EmissionPacer::useFineTimerSlack();
    emitBuckets();
    dataDone_.countDown();
    sendMarkers();
    for (ReceiverLink& link : links_) {
        link.monitor->poll();
        link.disconnects = link.monitor->disconnects();
        link.monitor.reset();
        link.socket.close();
    }
}

void Sender::emitBuckets() {
    EmissionPacer pacer(stopRequested_, plan_.spinWindowNs);
    BucketWriter writer(pool_, plan_.index, plan_.senderCount, plan_.idBase);
    uint64_t remaining = plan_.tuples;
    size_t receiver = 0;
    for (uint64_t bucket = 0; remaining > 0; ++bucket) {
        int64_t dueNs =
            plan_.firstDueNs + std::llround(static_cast<double>(bucket) * plan_.bucketIntervalNs);
        int64_t startNs = pacer.awaitDue(dueNs);
        if (startNs < 0) {
            stoppedEarly_ = plan_.tuples != SenderPlan::kUnbounded;
            break;
        }
        counters_.lag.record(static_cast<uint64_t>(startNs - dueNs));

        uint32_t tuples = static_cast<uint32_t>(std::min<uint64_t>(plan_.bucketTuples, remaining));
        ReceiverLink& link = links_[receiver];
        zmq::message_t message(writer.nextBucketBytes(tuples));
        uint64_t firstTuple = writer.tuplesWritten();
        writer.writeNext(static_cast<uint8_t*>(message.data()), tuples, link.nextSequence++,
                         pool_.stampsEventTime() ? wallClockMs() : 0);
        // Read before the hand-off: once ZeroMQ has the bucket, the spout may take it first.
        uint64_t sendTsc = plan_.sendLog.enabled() ? plan_.sendLog.api->readTsc() : 0;
        // Never wait for room: a full queue means the receivers are not keeping up, and the
        // run must count that as drops rather than silently slow down.
        if (retryInterrupted(
                [&] { return link.socket.send(message, zmq::send_flags::dontwait); })) {
            if (plan_.sendLog.enabled()) {
                logSend(firstTuple, tuples, sendTsc);
            }
            link.sentTuples += tuples;
            ++link.sentBuckets;
            counters_.sentTuples.add(tuples);
            counters_.sentBuckets.increment();
        } else {
            link.droppedTuples += tuples;
            ++link.droppedBuckets;
            counters_.droppedTuples.add(tuples);
            counters_.droppedBuckets.increment();
        }
        if (remaining != SenderPlan::kUnbounded) {
            remaining -= tuples;
        }
        receiver = receiver + 1 == links_.size() ? 0 : receiver + 1;
        lastBucketEndNs_ = EmissionPacer::nowNs();
    }
}

void Sender::logSend(uint64_t firstTuple, uint32_t tuples, uint64_t sendTsc) {
    const int64_t senderCount = plan_.senderCount;
    int64_t firstId = plan_.idBase + static_cast<int64_t>(firstTuple) * senderCount + plan_.index;
    int64_t lastId = firstId + static_cast<int64_t>(tuples - 1) * senderCount;
    plan_.sendLog.api->logTSAt(plan_.sendLog.channel, firstId, sendTsc);
    plan_.sendLog.api->logTSAt(plan_.sendLog.channel, lastId, sendTsc);
}

// All markers share one deadline, so that a sender with many dead receivers still ends within
// one marker timeout.
void Sender::sendMarkers() {
    BucketWriter writer(pool_, plan_.index, plan_.senderCount, plan_.idBase);
    std::vector<zmq::message_t> markers;
    for (ReceiverLink& link : links_) {
        MarkerBody body;
        body.tuplesSent = link.sentTuples;
        body.bucketsSent = link.sentBuckets;
        body.tuplesDropped = link.droppedTuples;
        markers.emplace_back(BucketWriter::kMarkerBytes);
        writer.writeMarker(static_cast<uint8_t*>(markers.back().data()), link.nextSequence++, body);
    }
    auto deadline =
        std::chrono::steady_clock::now() + std::chrono::milliseconds(plan_.markerTimeoutMs);
    for (;;) {
        std::vector<zmq::pollitem_t> waiting;
        for (size_t r = 0; r < links_.size(); ++r) {
            ReceiverLink& link = links_[r];
            if (!link.markerDelivered) {
                link.markerDelivered =
                    retryInterrupted([&] {
                        return link.socket.send(markers[r], zmq::send_flags::dontwait);
                    }).has_value();
            }
            if (!link.markerDelivered) {
                waiting.push_back({link.socket.handle(), 0, ZMQ_POLLOUT, 0});
            }
        }
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (waiting.empty() || left.count() <= 0) {
            break;
        }
        try {
            zmq::poll(waiting, left);
        } catch (const zmq::error_t& e) {
            // Interrupted by a signal: round again, with the time that is left.
            if (!isInterrupted(e)) {
                throw;
            }
        }
    }
}

}  // namespace cloudprofiler::generator
