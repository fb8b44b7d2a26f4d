// Signals (a sampling profiler's, the JVM's own) land on any thread, and libzmq hands their
// EINTR to the caller even from calls that never wait; cppzmq turns it into an exception. A
// call that was interrupted did nothing, so it is simply made again.
#pragma once

#include <cerrno>
#include <zmq.hpp>

namespace cloudprofiler::generator {

// Makes `call` (a cppzmq call) again for as long as a signal interrupts it; returns its result.
template <typename Call>
auto retryInterrupted(Call&& call) -> decltype(call()) {
    for (;;) {
        try {
            return call();
        } catch (const zmq::error_t& e) {
            if (e.num() != EINTR) {
                throw;
            }
        }
    }
}

}  // namespace cloudprofiler::generator
