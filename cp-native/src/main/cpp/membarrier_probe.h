// Asks the kernel which membarrier(2) commands it offers, for `cloudprofiler doctor`: the
// channel table fences concurrent writers with them when it closes a channel.
#pragma once

#include <cstdint>

namespace cloudprofiler {

// The MEMBARRIER_CMD_* bits of MEMBARRIER_CMD_QUERY, or 0 where the call is missing or
// blocked (old kernel, seccomp).
uint32_t membarrierCommands();

}  // namespace cloudprofiler
