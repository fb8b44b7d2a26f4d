#include "test_clock.h"

#include <gtest/gtest.h>

#include <random>
#include <stdexcept>

namespace cloudprofiler {
namespace {

TEST(TestClock, ParsesPpmAndOffset) {
    TestClock clock = TestClock::parse("80:5000000000");
    EXPECT_EQ(clock.partsPerBillion(), 80'000);
    EXPECT_EQ(clock.offsetTicks(), 5'000'000'000);
    EXPECT_EQ(TestClock::parse("-50.125:-7").partsPerBillion(), -50'125);
    EXPECT_EQ(TestClock::parse("+0.5:0").partsPerBillion(), 500);
    EXPECT_EQ(TestClock::parse("0:0").offsetTicks(), 0);
}

TEST(TestClock, RejectsMalformedValuesNamingTheVariable) {
    for (const char* bad : {"", "80", "80:", ":5", "8x:1", "1.2345:0", "80:1e9", "1000000:0",
                            "-1000000:0", "80:99999999999999999999", "1..2:0", "-:0"}) {
        try {
            TestClock::parse(bad);
            FAIL() << "accepted '" << bad << "'";
        } catch (const std::invalid_argument& error) {
            EXPECT_NE(std::string(error.what()).find("CP_TEST_CLOCK="), std::string::npos);
        }
    }
}

TEST(TestClock, AppliesSkewWithFloorAndOffset) {
    TestClock fast = TestClock::parse("80:1000");
    EXPECT_EQ(fast.apply(0), 1000u);
    EXPECT_EQ(fast.apply(1'000'000), 1'000'000u + 80u + 1000u);
    EXPECT_EQ(fast.apply(12'499), 12'499u + 0u + 1000u);  // 12499 * 80e-6 = 0.99992 → 0
    TestClock slow = TestClock::parse("-50:0");
    EXPECT_EQ(slow.apply(1'000'000), 1'000'000u - 50u);
    EXPECT_EQ(slow.apply(1), 0u);  // floor(-0.00005) = -1
}

// A fast clock never repeats a value, so the inverse is exact; a slow one shows some values for
// two consecutive raw ticks, and rawOf() then names the later one.
TEST(TestClock, RawOfInvertsApply) {
    std::mt19937_64 random(42);
    for (const char* setting : {"80:5000000000", "-50:-1000000", "0:123", "999.999:0",
                                "-200.5:77777777777"}) {
        TestClock clock = TestClock::parse(setting);
        for (int i = 0; i < 20000; ++i) {
            uint64_t raw = (random() >> 2) + 2'000'000'000'000ULL;
            uint64_t tsc = clock.apply(raw);
            uint64_t inverse = clock.rawOf(tsc);
            ASSERT_EQ(clock.apply(inverse), tsc) << setting;
            if (clock.partsPerBillion() >= 0) {
                ASSERT_EQ(inverse, raw) << setting;
            } else {
                ASSERT_LE(inverse - raw, 1u) << setting;
            }
            // Values between two images map down to the earlier raw value.
            if (clock.apply(raw + 1) > tsc + 1) {
                ASSERT_EQ(clock.rawOf(tsc + 1), raw) << setting;
            }
        }
    }
}

}  // namespace
}  // namespace cloudprofiler
