// x86_64 TSC access. rdtscp waits for earlier instructions to finish, so a timestamp is not
// taken before the work it follows.
#pragma once

#include <x86intrin.h>

#include <cstdint>

namespace cloudprofiler {

inline uint64_t readRdtscp() {
    unsigned int processorId;
    return __rdtscp(&processorId);
}

}  // namespace cloudprofiler
