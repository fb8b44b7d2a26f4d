// Finds the log files the core wrote for a channel of this process:
// $CP_LOG_DIR/<node>/<channel name>.<pid>.<serial>.cplog (docs/log-format.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace cloudprofiler::bench {

// This process's files of `channelName` (one per time the channel was opened).
std::vector<std::string> channelLogFiles(const std::string& channelName);

uint64_t fileBytes(const std::vector<std::string>& files);

// Deletes $CP_LOG_DIR/<node>/<operator>, so repeated runs do not pile up gigabytes of logs.
void removeOperatorLogs(const std::string& operatorName);

}  // namespace cloudprofiler::bench
