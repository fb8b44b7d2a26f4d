#include "test_hooks.h"

#include <cstdlib>
#include <stdexcept>

#include "sync/response_delay.h"
#include "test_clock.h"
#include "test_sync_delay.h"
#include "tsc_clock.h"

namespace cloudprofiler {

void installTestHooksFromEnvironment() {
    const char* clock = std::getenv("CP_TEST_CLOCK");
    if (clock != nullptr && *clock != '\0') {
        // Read by every timestamp for the rest of the process.
        static TestClock testClock;
        try {
            testClock = TestClock::parse(clock);
            TscClock::installTestClock(&testClock);
        } catch (const std::invalid_argument& error) {
            TscClock::refuseTestClock(error.what());
        }
    }
    sync::ResponseDelay::ofProcess() = sync::TestSyncDelay::fromEnvironment();
}

}  // namespace cloudprofiler
