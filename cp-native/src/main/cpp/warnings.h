// Problems the core notices at run time (write errors, misuse, exhausted memory): printed to
// stderr once per kind, and kept so the Java API and the CLI can show them.
#pragma once

#include <string>
#include <vector>

namespace cloudprofiler {

class Warnings {
public:
    // Reports `message` unless a warning with the same `key` was reported before.
    static void report(const std::string& key, const std::string& message);
    // Every distinct warning so far, oldest first (at most kMaxKept).
    static std::vector<std::string> all();

    static constexpr size_t kMaxKept = 100;
};

}  // namespace cloudprofiler
