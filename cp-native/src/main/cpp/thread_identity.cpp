#include "thread_identity.h"

#include <sys/syscall.h>
#include <unistd.h>

#include <atomic>

namespace cloudprofiler {

thread_local uint32_t tCurrentThreadNumber __attribute__((tls_model("initial-exec"))) = 0;

uint32_t assignThreadNumber() {
    static std::atomic<uint32_t> next{1};
    tCurrentThreadNumber = next.fetch_add(1, std::memory_order_relaxed);
    return tCurrentThreadNumber;
}

uint32_t osThreadId() { return static_cast<uint32_t>(syscall(SYS_gettid)); }

}  // namespace cloudprofiler
