// Base of the periodic counters (SPC, MPC, CPU): writers count, the sampler thread writes one
// record per period (plus one at open and one at close), each block written at once so a killed
// process loses at most one period.
#pragma once

#include "../handler.h"
#include "../periodic_sampler.h"
#include "../record_buffer.h"
#include "../tsc_clock.h"

namespace cloudprofiler {

class PeriodicHandler : public Handler {
public:
    PeriodicHandler(LogFile& file, Codec codec, int columns,
                    const RecordBuffer::Services& services, PeriodicSampler& sampler)
        : buffer_(RecordBuffer::Mode::kDirect, file, codec, columns, services), sampler_(sampler) {}

    // A handler whose channel failed to open is destroyed without finish(): leave the sampler.
    ~PeriodicHandler() override { sampler_.remove(this); }

    // Registers with the sampler; called once the object is fully built.
    void start(int64_t periodNs) { sampler_.add(this, periodNs); }

    // Sampler thread, or the closer after remove(): appends and writes one record.
    void sample() {
        int64_t* row = buffer_.nextRow();
        fillSample(row, TscClock::read());
        buffer_.commit();
        buffer_.flush();
    }

    void finish() override {
        sampler_.remove(this);
        sample();
    }
    void applyParameters(const int64_t* parameters) override {
        sampler_.setPeriod(this, parameters[0]);
    }
    HandlerStats stats() const override {
        HandlerStats stats;
        stats.accepted = count();
        stats.recorded = buffer_.recorded();
        return stats;
    }

protected:
    virtual uint64_t count() const = 0;
    // Fills one record: tsc, the cumulative count, and any further columns.
    virtual void fillSample(int64_t* row, uint64_t tsc) = 0;

private:
    RecordBuffer buffer_;
    PeriodicSampler& sampler_;
};

}  // namespace cloudprofiler
