#include <gtest/gtest.h>
#include "cloudprofiler.h"
TEST(Smoke, Builds) { EXPECT_GT(cloudprofiler::tscHz(), 0u); }
