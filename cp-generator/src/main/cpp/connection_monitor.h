// Watches one PUSH socket's connection through ZeroMQ's monitor events: ZeroMQ connects
// lazily and silently, so this is how the generator learns whether a receiver is there.
// Owned, like the socket, by one thread at a time.
#pragma once

#include <cstdint>
#include <string>
#include <zmq.hpp>

namespace cloudprofiler::generator {

class ConnectionMonitor : public zmq::monitor_t {
public:
    // Starts monitoring `socket`, which must not be connected yet; `name` is unique within the
    // socket's context.
    ConnectionMonitor(zmq::socket_t& socket, const std::string& name);

    // Handles the events that have arrived, without waiting.
    void poll();

    bool connected() const { return handshakes_ > disconnects_; }
    uint64_t handshakes() const { return handshakes_; }
    uint64_t disconnects() const { return disconnects_; }

    void on_event_handshake_succeeded(const zmq_event_t& event, const char* address) override;
    void on_event_disconnected(const zmq_event_t& event, const char* address) override;

private:
    uint64_t handshakes_ = 0;
    uint64_t disconnects_ = 0;
};

}  // namespace cloudprofiler::generator
