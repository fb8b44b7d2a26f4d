// Where a sender records when it handed its buckets to ZeroMQ, through the profiling core loaded
// in the process (log_api.h): one channel per sender, `generator/<sender>/out`, owned by the
// sender's thread. A sent bucket is two records, its first and its last tuple id, both with the
// TSC read just before the send (so a tuple's send can never be stamped after the spout took
// it); the ids between are those two apart by steps of the sender count (wire-format.md). Two
// records per bucket, not one per tuple: at the generator's top rate one per tuple would ask
// the core for as many records a second as it can write at all. A dropped bucket leaves none.
// docs/generator.md says how the analyzer expands them.
#pragma once

#include <cstdint>

#include "log_api.h"

namespace cloudprofiler::generator {

struct SendLog {
    const CpLogApi* api = nullptr;  // null: the sends are not logged
    uint64_t channel = 0;

    bool enabled() const { return api != nullptr; }
};

}  // namespace cloudprofiler::generator
