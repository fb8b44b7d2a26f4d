// TEST ONLY: what the test library sets up from the environment when it loads.
//   CP_TEST_CLOCK=<ppm>:<offset>       a skewed, offset clock (test_clock.h)
//   CP_TEST_SYNC_DELAY_NS=<fwd>:<back> a delayed sync responder (test_sync_delay.h)
// A malformed value is refused the way the hook itself says: channels, or sync agents, then
// refuse to start with a message naming the variable.
#pragma once

namespace cloudprofiler {

void installTestHooksFromEnvironment();

}  // namespace cloudprofiler
