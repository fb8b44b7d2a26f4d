// Decodes a whole channel log in memory. For the C++ tests and tools; the streaming reader
// with damage recovery is the Java org.cloudprofiler.log.LogReader.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "log_format.h"

namespace cloudprofiler {

struct DecodedLog {
    LogHeader header;
    // Rows of header.columns.size() values each, in file order.
    std::vector<std::vector<int64_t>> rows;
    uint64_t blocks = 0;
    std::optional<LogTrailer> trailer;
    // Empty for an intact file; otherwise what is wrong, with byte offsets. Decoding stops at
    // the first problem.
    std::vector<std::string> problems;
};

DecodedLog decodeLog(const std::vector<uint8_t>& bytes);
DecodedLog decodeLogFile(const std::string& path);

}  // namespace cloudprofiler
