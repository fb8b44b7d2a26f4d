#include "warnings.h"

#include <cstdio>
#include <mutex>
#include <set>

namespace cloudprofiler {
namespace {

struct WarningState {
    std::mutex mutex;
    std::set<std::string> keys;
    std::vector<std::string> messages;
};

// Never destroyed: threads may still report while the process exits.
WarningState& state() {
    static WarningState* instance = new WarningState();
    return *instance;
}

}  // namespace

void Warnings::report(const std::string& key, const std::string& message) {
    WarningState& warnings = state();
    std::lock_guard<std::mutex> lock(warnings.mutex);
    if (!warnings.keys.insert(key).second) {
        return;
    }
    std::fprintf(stderr, "cloudprofiler: %s\n", message.c_str());
    if (warnings.messages.size() < kMaxKept) {
        warnings.messages.push_back(message);
    }
}

std::vector<std::string> Warnings::all() {
    WarningState& warnings = state();
    std::lock_guard<std::mutex> lock(warnings.mutex);
    return warnings.messages;
}

}  // namespace cloudprofiler
