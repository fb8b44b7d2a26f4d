// The pacer never returns before the due time and gives up on a stop request.
#include "emission_pacer.h"

#include <gtest/gtest.h>

namespace cloudprofiler::generator {
namespace {

TEST(EmissionPacer, returnsOnlyOnceTheDueTimeHasCome) {
    std::atomic<bool> stop{false};
    EmissionPacer pacer(stop, EmissionPacer::kDefaultSpinWindowNs);
    int64_t start = EmissionPacer::nowNs();
    for (int64_t i = 1; i <= 20; ++i) {
        int64_t due = start + i * 100'000;
        EXPECT_GE(pacer.awaitDue(due), due);
    }
    int64_t past = EmissionPacer::nowNs() - 1'000'000'000;
    EXPECT_GE(pacer.awaitDue(past), past);
}

TEST(EmissionPacer, withoutASpinWindowItStillNeverReturnsEarly) {
    std::atomic<bool> stop{false};
    EmissionPacer pacer(stop, 0);
    int64_t start = EmissionPacer::nowNs();
    for (int64_t i = 1; i <= 20; ++i) {
        int64_t due = start + i * 100'000;
        EXPECT_GE(pacer.awaitDue(due), due);
    }
}

TEST(EmissionPacer, aStopRequestEndsTheWait) {
    std::atomic<bool> stop{true};
    EmissionPacer pacer(stop, EmissionPacer::kDefaultSpinWindowNs);
    EXPECT_EQ(pacer.awaitDue(EmissionPacer::nowNs() + 3'600'000'000'000), -1);
}

}  // namespace
}  // namespace cloudprofiler::generator
