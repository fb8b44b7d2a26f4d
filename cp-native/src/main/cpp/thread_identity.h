// A small number per thread, never reused, for channel ownership and counter striping. Read
// from initial-exec TLS: one instruction on the hot path.
#pragma once

#include <cstdint>

namespace cloudprofiler {

extern thread_local uint32_t tCurrentThreadNumber __attribute__((tls_model("initial-exec")));

// Assigns the calling thread its number; slow path of currentThreadNumber().
uint32_t assignThreadNumber();

// 0 until the thread first needs a number; see currentThreadNumber().
inline uint32_t peekThreadNumber() { return tCurrentThreadNumber; }

inline uint32_t currentThreadNumber() {
    uint32_t number = tCurrentThreadNumber;
    return number != 0 ? number : assignThreadNumber();
}

// The kernel's id of the calling thread.
uint32_t osThreadId();

}  // namespace cloudprofiler
