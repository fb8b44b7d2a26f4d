// Test-only JOF stand-in: one ZeroMQ PULL socket bound to an ephemeral loopback port, reading
// buckets with readBucket() in the calling thread.
#pragma once

#include <chrono>
#include <string>
#include <vector>
#include <zmq.hpp>

#include "bucket_reader.h"
#include "generator_options.h"

namespace cloudprofiler::generator::testing {

class TestReceiver {
public:
    // `receiveHighWaterMark` buckets may wait in ZeroMQ's queue before it stops reading the
    // connection (a small one, with a receiver that does not read, forces the sender to drop).
    explicit TestReceiver(int receiveHighWaterMark = 1000);

    const std::string& endpoint() const { return endpoint_; }

    // Receives until `markers` end-of-run markers in all have arrived; false on timeout.
    bool receiveUntilMarkers(size_t markers, std::chrono::milliseconds timeout,
                             bool keepPayloads = false);

    // Everything received, in arrival order.
    const std::vector<ReadBucket>& buckets() const { return buckets_; }

    // Receives one message; false on timeout.
    bool receiveOne(std::chrono::milliseconds timeout, bool keepPayloads = false);

    void close() { socket_.close(); }

private:
    zmq::context_t context_;
    zmq::socket_t socket_;
    std::string endpoint_;
    std::vector<ReadBucket> buckets_;
    size_t markers_ = 0;
};

// A run that must drop: 1 MB buckets (raw 1000-byte payloads) at 4 M tuples/s with a send
// high-water mark of 1, into receivers of high-water mark 1 that read nothing until every
// bucket has been sent or dropped.
GeneratorOptions optionsForcingDrops(std::vector<std::string> endpoints, uint64_t tuples);

}  // namespace cloudprofiler::generator::testing
