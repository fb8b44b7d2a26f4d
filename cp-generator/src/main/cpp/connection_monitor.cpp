#include "connection_monitor.h"

#include <cstring>

#include "interrupted_calls.h"

namespace cloudprofiler::generator {

ConnectionMonitor::ConnectionMonitor(zmq::context_t& context, zmq::socket_t& socket,
                                     const std::string& name)
    : monitored_(socket.handle()), events_(context, zmq::socket_type::pair) {
    std::string address = "inproc://" + name;
    retryInterrupted([&] {
        if (zmq_socket_monitor(monitored_, address.c_str(),
                               ZMQ_EVENT_HANDSHAKE_SUCCEEDED | ZMQ_EVENT_DISCONNECTED) != 0) {
            throw zmq::error_t();
        }
    });
    events_.set(zmq::sockopt::linger, 0);
    // Unbounded: events are read only at start and end, and a full pipe would stall libzmq's
    // I/O thread (a receiver that keeps reconnecting sends two events per connection).
    events_.set(zmq::sockopt::rcvhwm, 0);
    retryInterrupted([&] { events_.connect(address); });
}

ConnectionMonitor::~ConnectionMonitor() {
    // Fails only on a terminated context, which has stopped the events already.
    zmq_socket_monitor(monitored_, nullptr, 0);
}

void ConnectionMonitor::poll() {
    for (;;) {
        zmq::message_t event;
        if (!retryInterrupted([&] { return events_.recv(event, zmq::recv_flags::dontwait); })) {
            return;
        }
        // An event is two frames, delivered together: its number and value, then the peer's
        // address, which is not needed but must be taken off.
        if (event.more()) {
            zmq::message_t address;
            retryInterrupted([&] { return events_.recv(address, zmq::recv_flags::none); });
        }
        uint16_t number = 0;
        if (event.size() >= sizeof number) {
            std::memcpy(&number, event.data(), sizeof number);
        }
        if (number == ZMQ_EVENT_HANDSHAKE_SUCCEEDED) {
            ++handshakes_;
        } else if (number == ZMQ_EVENT_DISCONNECTED) {
            ++disconnects_;
        }
    }
}

}  // namespace cloudprofiler::generator
