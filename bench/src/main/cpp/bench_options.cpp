#include "bench_options.h"

#include <sstream>
#include <stdexcept>

namespace cloudprofiler::bench {

BenchOptions::BenchOptions(int argc, char** argv, int first) {
    for (int i = first; i < argc; i += 2) {
        std::string flag = argv[i];
        if (flag.rfind("--", 0) != 0 || i + 1 >= argc) {
            throw std::invalid_argument("expected --name value, got '" + flag + "'");
        }
        values_[flag.substr(2)] = argv[i + 1];
    }
}

int64_t BenchOptions::integer(const std::string& name, int64_t fallback) const {
    auto found = values_.find(name);
    // Through double, so that 1e7 is accepted as well as 10000000.
    return found == values_.end() ? fallback : static_cast<int64_t>(std::stod(found->second));
}

double BenchOptions::number(const std::string& name, double fallback) const {
    auto found = values_.find(name);
    return found == values_.end() ? fallback : std::stod(found->second);
}

std::vector<double> BenchOptions::numbers(const std::string& name,
                                          const std::vector<double>& fallback) const {
    auto found = values_.find(name);
    if (found == values_.end()) {
        return fallback;
    }
    std::vector<double> result;
    std::stringstream list(found->second);
    std::string item;
    while (std::getline(list, item, ',')) {
        result.push_back(std::stod(item));
    }
    return result;
}

}  // namespace cloudprofiler::bench
