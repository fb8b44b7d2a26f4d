// TEST ONLY. CP_TEST_SYNC_DELAY_NS=<fwd>:<back> delays a responder's answer to an exchange:
// `fwd` ns before it reads its clock, `back` ns after. This moves the reading inside the
// initiator's [s, r] interval the way an asymmetric network path would (the test kernel has no
// netem), so the ground-truth test can show that the bound still holds.
#pragma once

#include <cstdint>
#include <string>

namespace cloudprofiler::sync {

struct TestSyncDelay {
    int64_t forwardNs = 0;
    int64_t backNs = 0;

    // Reads CP_TEST_SYNC_DELAY_NS; throws ProfilerError(kEnvironment) if it is malformed.
    static TestSyncDelay fromEnvironment();
    static TestSyncDelay parse(const std::string& text);

    // Busy-waits: sleeping would add the scheduler's wake-up time, which is not what the
    // variable asks for.
    static void spin(int64_t nanoseconds);
};

}  // namespace cloudprofiler::sync
