// One reporting interval of a run: a whole second, or what is left of one at the end.
#pragma once

#include <cstdint>

namespace cloudprofiler::generator {

struct SecondStats {
    uint64_t second = 0;     // 1, 2, … counted from the run's start
    int64_t intervalNs = 0;  // about 1e9, or what is left of a second for the last interval
    bool last = false;       // the run's last interval, ended by its last bucket
    double targetTuplesPerSecond = 0;
    uint64_t emittedTuples = 0;  // sent + dropped
    uint64_t sentTuples = 0;
    uint64_t droppedTuples = 0;
    // Schedule lag of the buckets emitted in the interval (one sample per bucket).
    uint64_t lagSamples = 0;
    uint64_t lagP50Ns = 0;
    uint64_t lagP99Ns = 0;
    uint64_t lagMaxNs = 0;

    double achievedTuplesPerSecond() const {
        return intervalNs > 0 ? static_cast<double>(sentTuples) * 1e9 / intervalNs : 0;
    }
};

}  // namespace cloudprofiler::generator
