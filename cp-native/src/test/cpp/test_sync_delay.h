// TEST ONLY, in the test library (libcloudprofiler_testing.so), never the shipped one.
// CP_TEST_SYNC_DELAY_NS=<fwd>:<back> is the ResponseDelay of the process's sync agents: `fwd` ns
// before the responder reads its clock, `back` ns after.
#pragma once

#include <string>

#include "sync/response_delay.h"

namespace cloudprofiler::sync {

struct TestSyncDelay {
    // The delay CP_TEST_SYNC_DELAY_NS asks for: zero if it is not set, a refusal saying what is
    // wrong if it is malformed.
    static ResponseDelay fromEnvironment();
    // Throws ProfilerError(kEnvironment) if `text` is malformed.
    static ResponseDelay parse(const std::string& text);
};

}  // namespace cloudprofiler::sync
