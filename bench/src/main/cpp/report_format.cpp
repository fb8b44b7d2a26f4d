#include "report_format.h"

#include <cstdio>
#include <cstdlib>

#include "cloudprofiler.h"

namespace cloudprofiler::bench {
namespace {

std::string environmentOr(const char* name, const char* fallback) {
    const char* value = std::getenv(name);
    return value == nullptr || *value == '\0' ? fallback : value;
}

}  // namespace

std::string formatCount(uint64_t count) {
    std::string digits = std::to_string(count);
    std::string grouped;
    for (size_t i = 0; i < digits.size(); ++i) {
        if (i > 0 && (digits.size() - i) % 3 == 0) {
            grouped += ',';
        }
        grouped += digits[i];
    }
    return grouped;
}

void printSectionTitle(const std::string& title) {
    std::printf("\n== %s ==\n", title.c_str());
    std::printf("   TSC %.3f GHz; CP_BUFFER_MB=%s CP_ON_FULL=%s CP_COMPRESS_THREADS=%s"
                " CP_ZSTD_LEVEL=%s CP_BLOCK_RECORDS=%s\n",
                static_cast<double>(tscHz()) / 1e9, environmentOr("CP_BUFFER_MB", "64").c_str(),
                environmentOr("CP_ON_FULL", "block").c_str(),
                environmentOr("CP_COMPRESS_THREADS", "default").c_str(),
                environmentOr("CP_ZSTD_LEVEL", "3").c_str(),
                environmentOr("CP_BLOCK_RECORDS", "32768").c_str());
    std::fflush(stdout);
}

double ticksToNs(double ticks) { return ticks * 1e9 / static_cast<double>(tscHz()); }

double nsToTicks(double ns) { return ns * static_cast<double>(tscHz()) / 1e9; }

}  // namespace cloudprofiler::bench
