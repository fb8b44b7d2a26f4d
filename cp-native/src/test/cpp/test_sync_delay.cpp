#include "test_sync_delay.h"

#include <cerrno>
#include <cstdlib>

#include "profiler_error.h"

namespace cloudprofiler::sync {
namespace {

bool parseNanoseconds(const std::string& text, int64_t& out) {
    if (text.empty() || text[0] == '-' || text[0] == '+') {
        return false;
    }
    char* end = nullptr;
    errno = 0;
    long long value = std::strtoll(text.c_str(), &end, 10);
    if (*end != '\0' || errno == ERANGE || value > 10'000'000'000LL) {
        return false;
    }
    out = value;
    return true;
}

}  // namespace

ResponseDelay TestSyncDelay::parse(const std::string& text) {
    ResponseDelay delay;
    size_t colon = text.find(':');
    if (colon == std::string::npos || !parseNanoseconds(text.substr(0, colon), delay.forwardNs) ||
        !parseNanoseconds(text.substr(colon + 1), delay.backNs)) {
        throw ProfilerError(ProfilerError::Kind::kEnvironment,
                            "CP_TEST_SYNC_DELAY_NS=" + text +
                                " is not valid: expected <fwd ns>:<back ns>, two integers from 0"
                                " to 10000000000 (a test-only hook; unset it outside tests)");
    }
    return delay;
}

ResponseDelay TestSyncDelay::fromEnvironment() {
    const char* text = std::getenv("CP_TEST_SYNC_DELAY_NS");
    if (text == nullptr || *text == '\0') {
        return ResponseDelay();
    }
    try {
        return parse(text);
    } catch (const ProfilerError& error) {
        ResponseDelay refused;
        refused.refusal = error.what();
        return refused;
    }
}

}  // namespace cloudprofiler::sync
