// One sender's PUSH socket to one receiver and the counts the end-of-run marker reports.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <zmq.hpp>

#include "connection_monitor.h"

namespace cloudprofiler::generator {

struct ReceiverLink {
    std::string endpoint;
    zmq::socket_t socket;
    // Declared after the socket so that it is destroyed first: it refers to the socket.
    std::unique_ptr<ConnectionMonitor> monitor;
    uint64_t nextSequence = 0;  // per (sender, receiver), dropped buckets included
    uint64_t sentTuples = 0;
    uint64_t sentBuckets = 0;
    uint64_t droppedTuples = 0;
    uint64_t droppedBuckets = 0;
    bool markerDelivered = false;
    uint64_t disconnects = 0;  // taken from the monitor when the socket closes
};

}  // namespace cloudprofiler::generator
