// Per-thread state the channel table needs: a number for channel ownership, and the handle of
// the channel the thread is logging to right now. Records live in a registry the closer scans,
// so a closer can wait for exactly the threads inside its channel — and a thread can only ever
// write its own record, never another thread's.
#pragma once

#include <atomic>
#include <cstdint>

namespace cloudprofiler {

struct alignas(64) ThreadRecord {
    // Handle of the channel this thread is inside of, 0 when none; kMarkedInside may be set in it
    // by a thread waiting for it to leave.
    std::atomic<uint64_t> inside{0};
    // Unique per claim, never reused; 0 is never a number.
    uint32_t number = 0;
    std::atomic<bool> taken{false};
};

// The calling thread's record, or nullptr before its first call; one TLS load.
extern thread_local ThreadRecord* tThreadRecord __attribute__((tls_model("initial-exec")));

// The calling thread's record, claiming one on its first call (given back when the thread
// exits); nullptr only if a million threads hold records at once.
ThreadRecord* currentThreadRecord();

// A bit no handle has (slot indices stay below it): waitUntilEachThreadLeft sets it in the
// `inside` of a thread it waits for, and the thread's own store when it leaves clears it.
constexpr uint64_t kMarkedInside = 1ull << 31;

// Whether any thread is inside the channel with this exact handle.
bool anyThreadInside(uint64_t handle);

// Returns once each thread that is inside the channel with this handle when called has left it
// at least once, however soon it enters again: for a swap whose barrier makes every later entry
// see the new handler, while writers keep logging on the same handle.
void waitUntilEachThreadLeft(uint64_t handle);

// The kernel's id of the calling thread.
uint32_t osThreadId();

}  // namespace cloudprofiler
