#include "connection_monitor.h"

namespace cloudprofiler::generator {

ConnectionMonitor::ConnectionMonitor(zmq::socket_t& socket, const std::string& name) {
    init(socket, "inproc://" + name, ZMQ_EVENT_HANDSHAKE_SUCCEEDED | ZMQ_EVENT_DISCONNECTED);
}

void ConnectionMonitor::poll() {
    while (check_event(0)) {
    }
}

void ConnectionMonitor::on_event_handshake_succeeded(const zmq_event_t&, const char*) {
    ++handshakes_;
}

void ConnectionMonitor::on_event_disconnected(const zmq_event_t&, const char*) {
    ++disconnects_;
}

}  // namespace cloudprofiler::generator
