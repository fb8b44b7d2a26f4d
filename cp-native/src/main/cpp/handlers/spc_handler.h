// SPC: single-writer periodic counter; a call costs one plain increment.
#pragma once

#include "../api/call_counter.h"
#include "periodic_handler.h"

namespace cloudprofiler {

class SpcHandler final : public PeriodicHandler {
public:
    using PeriodicHandler::PeriodicHandler;

    void log(int64_t) override { count_.increment(); }
    void logAt(int64_t, uint64_t) override { count_.increment(); }
    CallCounter* callCounter() override { return &count_; }

protected:
    uint64_t count() const override { return count_.get(); }
    void fillSample(int64_t* row, uint64_t tsc) override {
        row[0] = static_cast<int64_t>(tsc);
        row[1] = static_cast<int64_t>(count());
    }

private:
    CallCounter count_;
};

}  // namespace cloudprofiler
