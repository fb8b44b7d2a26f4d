// Process-wide counters, read by ProfilerStats in Java.
#pragma once

#include <atomic>
#include <cstdint>

namespace cloudprofiler {

struct ProfilerCounters {
    std::atomic<uint64_t> invalidHandles{0};
    std::atomic<uint64_t> bytesWritten{0};
    std::atomic<uint64_t> writeErrors{0};
    std::atomic<uint64_t> droppedRecords{0};
    std::atomic<uint64_t> failedCalls{0};
};

}  // namespace cloudprofiler
