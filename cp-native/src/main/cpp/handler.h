// What a channel does with each call. One implementation per handler type, in handlers/.
//
// Threading: log()/logAt() come from the channel's single writer thread, or from any thread for
// multi-writer channels (the channel serialises them unless the handler is multi-writer by
// nature). finish() comes once, after the last log() has returned. stats() from any thread.
#pragma once

#include <cstdint>

#include "api/call_counter.h"

namespace cloudprofiler {

// The acks of the return-trip handlers (RET_START, RET_END); zero for every other handler. Kept
// out of the log trailer, whose layout is fixed: docs/log-format.md says where each one shows.
struct AckStats {
    uint64_t matched = 0;       // RET_START: acks that found their waiting start
    uint64_t unknown = 0;       // RET_START: well-formed acks for an id with no waiting start
    uint64_t malformed = 0;     // RET_START: datagrams of the wrong size, magic or reserved bytes
    uint64_t wrongVersion = 0;  // RET_START: acks of another version (another release's RET_END)
    uint64_t unauthenticated = 0;  // RET_START: acks whose MAC fails (another CP_RET_TOKEN,
                                   // forged or altered)
    uint64_t unacked = 0;       // RET_START: starts written without an ack (ack_tsc = -1)
    uint64_t sendFailures = 0;  // RET_END: acks not sent (refused by the kernel, or no port)
};

struct HandlerStats {
    uint64_t accepted = 0;
    uint64_t filtered = 0;
    uint64_t recorded = 0;
    uint64_t dropped = 0;
    uint64_t stalls = 0;
    uint64_t stallNs = 0;
    AckStats acks;
};

class Handler {
public:
    virtual ~Handler() = default;

    // Records (or counts, or filters) a call, reading the clock itself if it records one.
    virtual void log(int64_t id) = 0;
    // As log(), with a timestamp the caller took earlier.
    virtual void logAt(int64_t id, uint64_t tsc) = 0;
    // As log(), returning the TSC the call was recorded with, or 0 if the handler recorded
    // none (it filters the call, or keeps no times), so that a caller can log related calls at
    // the same time (a fan-out's outputs, docs/design.md "Tuple lineage").
    virtual uint64_t logStamped(int64_t id) {
        log(id);
        return 0;
    }
    // Writes out everything buffered; the file's trailer follows.
    virtual void finish() = 0;
    virtual HandlerStats stats() const = 0;

    // Validated parameter values, set before the first call.
    virtual void applyParameters(const int64_t* /*parameters*/) {}
    // Called on the owning writer thread before its first call.
    virtual void onWriterThread() {}
    // The counter of a handler that only counts its calls (NULL, SPC, CPU), to which a caller
    // may attach a cell it counts in itself; nullptr for a handler that records calls.
    virtual CallCounter* callCounter() { return nullptr; }
};

}  // namespace cloudprofiler
