// The C++ API of the profiling core (the Java API in org.cloudprofiler.CloudProfiler mirrors
// it). Errors a caller can cause throw ProfilerError; logTS never throws.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <vector>

#include "channel_table.h"
#include "handler_type.h"
#include "log_format.h"
#include "tsc_clock.h"

namespace cloudprofiler {

using ChannelHandle = uint64_t;

struct ProfilerStats {
    uint64_t openChannels = 0;
    uint64_t invalidHandles = 0;
    uint64_t blocksInFlight = 0;
    uint64_t bytesInFlight = 0;
    uint64_t budgetBytes = 0;
    uint64_t bytesWritten = 0;
    uint64_t writeErrors = 0;
    uint64_t droppedRecords = 0;
    uint64_t failedCalls = 0;
};

extern ChannelTable* const gChannelTable;

// Opens a channel (multi-writer if the handler is by nature) and creates its log file.
ChannelHandle openChannel(const std::string& name, Codec format, HandlerType handler);
ChannelHandle openChannel(const std::string& name, Codec format, HandlerType handler,
                          bool multiWriter);

// Sets a handler parameter; allowed until the channel's first call.
void parameterize(ChannelHandle channel, const std::string& parameter, int64_t value);

// Logs `id` with the current TSC; false (counted) for an invalid handle or a foreign thread.
inline bool logTS(ChannelHandle channel, int64_t id) {
    uint64_t unused = 0;
    return gChannelTable->log(channel, id, TscMode::kNow, unused);
}
// Logs `id` with a TSC taken earlier with readTsc().
inline bool logTS(ChannelHandle channel, int64_t id, uint64_t tsc) {
    return gChannelTable->log(channel, id, TscMode::kGiven, tsc);
}
// Logs `id` now, as logTS(channel, id), and returns the TSC the handler recorded it with: 0 if
// it recorded none (a filtered call, a handler that keeps no times) or the call was rejected.
inline uint64_t logTSStamped(ChannelHandle channel, int64_t id) {
    uint64_t tsc = 0;
    gChannelTable->log(channel, id, TscMode::kStamped, tsc);
    return tsc;
}

// A cell the calling thread counts the channel's calls in by itself, with plain stores of the
// running total and no call into the core: for a channel whose handler only counts (NULL, SPC,
// CPU) and which the calling thread owns (it has logged to it). nullptr otherwise (another
// handler, a multi-writer channel, another thread, a handle that is not open). The cell lives
// as long as the process; once the channel is closed, stores into it are simply not counted.
std::atomic<uint64_t>* countCell(ChannelHandle channel);

// Flushes and closes; every accepted record is in the file when this returns.
bool closeChannel(ChannelHandle channel);

// Continues `channel` under the handler and file of `successor`, a channel the caller opened
// (and parameterized) for it and logged nothing to: calls on `channel` reach the successor's
// handler from now on, and the old handler is flushed and its file closed when this returns;
// `successor`'s handle is no longer valid. logTS keeps its cost: the handle does not change.
// False, and nothing changes, if either handle is not open.
bool swapHandler(ChannelHandle channel, ChannelHandle successor);

// False if the handle is not open.
bool channelStats(ChannelHandle channel, ChannelStats* stats);
ProfilerStats profilerStats();

inline uint64_t readTsc() { return TscClock::read(); }
uint64_t tscHz();

// $CP_LOG_DIR/<node>; throws ProfilerError if the configuration is invalid.
std::string logDirectory();

// Closes every channel and stops the helper threads. Runs at exit and from the JVM's shutdown
// hook; later openChannel calls throw, later logTS calls are rejected.
void shutdown();

}  // namespace cloudprofiler
