#include "log_files.h"

#include <unistd.h>

#include <filesystem>

#include "cloudprofiler.h"

namespace cloudprofiler::bench {

namespace fs = std::filesystem;

std::vector<std::string> channelLogFiles(const std::string& channelName) {
    fs::path channelPath = fs::path(logDirectory()) / channelName;
    std::string prefix = channelPath.filename().string() + "." + std::to_string(getpid()) + ".";
    std::vector<std::string> files;
    std::error_code error;
    for (const fs::directory_entry& entry :
         fs::directory_iterator(channelPath.parent_path(), error)) {
        std::string name = entry.path().filename().string();
        if (name.rfind(prefix, 0) == 0 && entry.path().extension() == ".cplog") {
            files.push_back(entry.path().string());
        }
    }
    return files;
}

uint64_t fileBytes(const std::vector<std::string>& files) {
    uint64_t total = 0;
    for (const std::string& file : files) {
        total += fs::file_size(file);
    }
    return total;
}

void removeOperatorLogs(const std::string& operatorName) {
    std::error_code ignored;
    fs::remove_all(fs::path(logDirectory()) / operatorName, ignored);
}

}  // namespace cloudprofiler::bench
