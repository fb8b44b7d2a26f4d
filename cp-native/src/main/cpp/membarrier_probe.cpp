#include "membarrier_probe.h"

#include <linux/membarrier.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace cloudprofiler {

uint32_t membarrierCommands() {
    long supported = syscall(SYS_membarrier, MEMBARRIER_CMD_QUERY, 0, 0);
    return supported > 0 ? static_cast<uint32_t>(supported) : 0;
}

}  // namespace cloudprofiler
