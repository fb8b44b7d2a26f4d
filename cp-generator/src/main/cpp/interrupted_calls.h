// Signals (a sampling profiler's, the JVM's own) land on any thread, and libzmq hands their
// EINTR to the caller even from calls that never wait; cppzmq turns it into an exception.
// libzmq reports it before a send, receive, connect or bind has done anything, so such a call
// is simply made again. Not for calls with a timeout (poll, a receive with a receive timeout):
// made again, they would start their timeout afresh.
#pragma once

#include <cerrno>
#include <zmq.hpp>

namespace cloudprofiler::generator {

// Whether `error` only says that a signal interrupted the call.
inline bool isInterrupted(const zmq::error_t& error) {
    return error.num() == EINTR;
}

// Makes `call` (a cppzmq send, receive, connect or bind) again for as long as a signal
// interrupts it; returns its result.
template <typename Call>
auto retryInterrupted(Call&& call) -> decltype(call()) {
    for (;;) {
        try {
            return call();
        } catch (const zmq::error_t& e) {
            if (!isInterrupted(e)) {
                throw;
            }
        }
    }
}

}  // namespace cloudprofiler::generator
