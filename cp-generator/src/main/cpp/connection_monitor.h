// Watches one PUSH socket's connection through ZeroMQ's monitor events: ZeroMQ connects
// lazily and silently, so this is how the generator learns whether a receiver is there.
// Owned, like the socket, by one thread at a time. Not cppzmq's monitor_t, which loses an
// event, or fails an assertion, when a signal interrupts it.
#pragma once

#include <cstdint>
#include <string>
#include <zmq.hpp>

namespace cloudprofiler::generator {

class ConnectionMonitor {
public:
    // Starts monitoring `socket`, which must not be connected yet and must outlive this;
    // `name` is unique within `context`, the socket's.
    ConnectionMonitor(zmq::context_t& context, zmq::socket_t& socket, const std::string& name);
    ~ConnectionMonitor();
    ConnectionMonitor(const ConnectionMonitor&) = delete;
    ConnectionMonitor& operator=(const ConnectionMonitor&) = delete;

    // Handles the events that have arrived, without waiting.
    void poll();

    bool connected() const { return handshakes_ > disconnects_; }
    uint64_t handshakes() const { return handshakes_; }
    uint64_t disconnects() const { return disconnects_; }

private:
    void* monitored_;       // the socket's handle
    zmq::socket_t events_;  // the PAIR end that ZeroMQ sends the socket's events to
    uint64_t handshakes_ = 0;
    uint64_t disconnects_ = 0;
};

}  // namespace cloudprofiler::generator
