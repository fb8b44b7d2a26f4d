// What a sender thread has done so far, for the reporter to read while it runs. Only the sender
// writes; emitted = sent + dropped, so no third counter can disagree with the other two.
#pragma once

#include "lag_histogram.h"
#include "single_writer_counter.h"

namespace cloudprofiler::generator {

struct SenderCounters {
    SingleWriterCounter sentTuples;
    SingleWriterCounter droppedTuples;
    SingleWriterCounter sentBuckets;
    SingleWriterCounter droppedBuckets;
    LagHistogram lag;
};

}  // namespace cloudprofiler::generator
