#include "test_receiver.h"

namespace cloudprofiler::generator::testing {

TestReceiver::TestReceiver(int receiveHighWaterMark)
    : context_(1), socket_(context_, zmq::socket_type::pull) {
    socket_.set(zmq::sockopt::rcvhwm, receiveHighWaterMark);
    socket_.set(zmq::sockopt::linger, 0);
    socket_.bind("tcp://127.0.0.1:*");
    endpoint_ = socket_.get(zmq::sockopt::last_endpoint);
}

bool TestReceiver::receiveOne(std::chrono::milliseconds timeout, bool keepPayloads) {
    socket_.set(zmq::sockopt::rcvtimeo, static_cast<int>(timeout.count()));
    zmq::message_t message;
    if (!socket_.recv(message)) {
        return false;
    }
    ReadBucket bucket = readBucket(static_cast<const uint8_t*>(message.data()), message.size());
    if (!keepPayloads) {
        for (ReadTuple& tuple : bucket.tuples) {
            tuple.payload.clear();
        }
    }
    markers_ += bucket.isMarker() ? 1 : 0;
    buckets_.push_back(std::move(bucket));
    return true;
}

bool TestReceiver::receiveUntilMarkers(size_t markers, std::chrono::milliseconds timeout,
                                       bool keepPayloads) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (markers_ < markers) {
        auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0 || !receiveOne(left, keepPayloads)) {
            return false;
        }
    }
    return true;
}

GeneratorOptions optionsForcingDrops(std::vector<std::string> endpoints, uint64_t tuples) {
    GeneratorOptions options;
    options.endpoints = std::move(endpoints);
    options.tuplesPerSecond = 4e6;
    options.tupleCount = tuples;
    options.rawPayloadBytes = 1000;  // 1 MB buckets fill the kernel's socket buffers quickly
    options.sendHighWaterMark = 1;
    return options;
}

}  // namespace cloudprofiler::generator::testing
