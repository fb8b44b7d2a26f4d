// How the native bench prints its figures: labelled lines, counts with digit groups.
#pragma once

#include <cstdint>
#include <string>

namespace cloudprofiler::bench {

// 10000000 -> "10,000,000".
std::string formatCount(uint64_t count);

// A section title and the settings that shape its figures (buffer budget, full policy, ...).
void printSectionTitle(const std::string& title);

// Converts TSC ticks to nanoseconds with the core's frequency estimate.
double ticksToNs(double ticks);
double nsToTicks(double ns);

}  // namespace cloudprofiler::bench
