// Times a call in batches with the TSC and reports the per-call cost of the batches: the median
// batch is the figure the targets are stated in, the mean includes the rare slow batches (a
// block handed over, a preemption).
#pragma once

#include <algorithm>
#include <cstdint>
#include <numeric>
#include <vector>

#include "cloudprofiler.h"
#include "report_format.h"

namespace cloudprofiler::bench {

struct CallCost {
    double medianNs = 0;
    double meanNs = 0;
    double p90Ns = 0;
    double p99Ns = 0;
    double maxNs = 0;
};

class CallTimer {
public:
    CallTimer(int batches, int callsPerBatch)
        : batches_(batches), callsPerBatch_(callsPerBatch) {}

    int batches() const { return batches_; }
    int callsPerBatch() const { return callsPerBatch_; }

    // Runs `call` (warm-up first) and returns its cost per call. One clock read pair per batch
    // of thousands of calls, so the timer's own cost (~50 ns) is lost in the noise.
    template <typename Call>
    CallCost measure(Call&& call) const {
        for (int batch = 0; batch < batches_ / 10; ++batch) {
            for (int i = 0; i < callsPerBatch_; ++i) {
                call();
            }
        }
        std::vector<uint64_t> batchTicks(static_cast<size_t>(batches_));
        for (int batch = 0; batch < batches_; ++batch) {
            uint64_t startTsc = readTsc();
            for (int i = 0; i < callsPerBatch_; ++i) {
                call();
            }
            batchTicks[static_cast<size_t>(batch)] = readTsc() - startTsc;
        }
        return summarize(batchTicks);
    }

private:
    CallCost summarize(std::vector<uint64_t>& batchTicks) const {
        std::sort(batchTicks.begin(), batchTicks.end());
        auto perCallNs = [&](double ticks) { return ticksToNs(ticks) / callsPerBatch_; };
        auto percentile = [&](double fraction) {
            size_t index = static_cast<size_t>(fraction * static_cast<double>(batchTicks.size()));
            index = std::min(index, batchTicks.size() - 1);
            return perCallNs(static_cast<double>(batchTicks[index]));
        };
        CallCost cost;
        cost.medianNs = percentile(0.5);
        cost.p90Ns = percentile(0.9);
        cost.p99Ns = percentile(0.99);
        cost.maxNs = perCallNs(static_cast<double>(batchTicks.back()));
        double totalTicks = std::accumulate(batchTicks.begin(), batchTicks.end(), 0.0);
        cost.meanNs = perCallNs(totalTicks / static_cast<double>(batchTicks.size()));
        return cost;
    }

    const int batches_;
    const int callsPerBatch_;
};

}  // namespace cloudprofiler::bench
