// The core's logging entry points as a C table, for native code in another shared library of
// the same process (the generator's sender threads). Such code must log through the loaded
// libcloudprofiler rather than a copy of the core linked into itself: one channel table, one
// flush pipeline, one clock and one shutdown per process, so nothing is written twice or lost
// at exit. The table's address crosses to the other library through Java
// (CloudProfiler.nativeLogApi()); its layout only ever grows, and `version` says what it holds.
// On JDK 22 and later the Java API itself calls through it, by FFM downcall handles
// (org.cloudprofiler.internal.FfmNativeCalls): as a critical downcall requires, no entry throws,
// calls back into the JVM or touches its heap (how long one may wait: docs/native.md, "FFM
// downcalls").
#pragma once

#include <cstdint>

extern "C" {

struct CpLogApi {
    uint32_t version;  // kCpLogApiVersion of the library that filled it
    // The channels' clock, as readTsc() in cloudprofiler.h.
    uint64_t (*readTsc)();
    // As logTS(channel, id, tsc) in cloudprofiler.h: never throws; false (counted) for an
    // invalid handle or a thread that does not own the channel.
    bool (*logTSAt)(uint64_t channel, int64_t id, uint64_t tsc);
    // Since version 2. As logTS(channel, id) and logTSStamped(channel, id) in cloudprofiler.h.
    bool (*logTS)(uint64_t channel, int64_t id);
    uint64_t (*logTSStamped)(uint64_t channel, int64_t id);
};

}  // extern "C"

namespace cloudprofiler {

constexpr uint32_t kCpLogApiVersion = 2;

// The table of this copy of the core; valid for the life of the process.
const CpLogApi* logApi();

}  // namespace cloudprofiler
