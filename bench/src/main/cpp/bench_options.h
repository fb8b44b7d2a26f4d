// The command line of the native bench: a section name, then `--name value` pairs.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace cloudprofiler::bench {

class BenchOptions {
public:
    // Throws std::invalid_argument for a stray word or a flag without a value.
    BenchOptions(int argc, char** argv, int first);

    int64_t integer(const std::string& name, int64_t fallback) const;
    double number(const std::string& name, double fallback) const;
    // A comma-separated list of numbers, e.g. `--rates 1e6,2e6`.
    std::vector<double> numbers(const std::string& name, const std::vector<double>& fallback) const;

private:
    std::map<std::string, std::string> values_;
};

}  // namespace cloudprofiler::bench
