// Handlers that record some calls and count the rest as filtered. The Rule decides per call
// (DOWNSAMPLE, XOY, FIRST_LAST); the clock is read only for calls that are kept.
#pragma once

#include "../api/single_writer_counter.h"
#include "../handler.h"
#include "../record_buffer.h"
#include "../tsc_clock.h"
#include "id_record.h"

namespace cloudprofiler {

template <typename Rule>
class FilteringHandler final : public Handler {
public:
    FilteringHandler(RecordBuffer::Mode mode, LogFile& file, Codec codec,
                     const RecordBuffer::Services& services, const int64_t* parameters)
        : buffer_(mode, file, codec, idRecordColumns(file), services) {
        rule_.apply(parameters);
    }

    void log(int64_t id) override {
        if (rule_.keep(id)) {
            record(id, TscClock::read());
        } else {
            filtered_.increment();
        }
    }
    uint64_t logStamped(int64_t id) override {
        if (rule_.keep(id)) {
            uint64_t tsc = TscClock::read();
            record(id, tsc);
            return tsc;
        }
        filtered_.increment();
        return 0;
    }
    void logAt(int64_t id, uint64_t tsc) override {
        if (rule_.keep(id)) {
            record(id, tsc);
        } else {
            filtered_.increment();
        }
    }
    void finish() override { buffer_.flush(); }
    void applyParameters(const int64_t* parameters) override { rule_.apply(parameters); }
    HandlerStats stats() const override {
        HandlerStats stats;
        stats.recorded = buffer_.recorded();
        stats.dropped = buffer_.dropped();
        stats.filtered = filtered_.get();
        stats.accepted = stats.recorded + stats.dropped + stats.filtered;
        stats.stalls = buffer_.stalls();
        stats.stallNs = buffer_.stallNs();
        return stats;
    }

private:
    void record(int64_t id, uint64_t tsc) {
        int64_t* row = buffer_.nextRow();
        writeIdRecord(row, id, tsc);
        buffer_.commit();
        if (Rule::kFlushEachRecord) {
            buffer_.flush();
        }
    }
    RecordBuffer buffer_;
    Rule rule_;
    SingleWriterCounter filtered_;
};

}  // namespace cloudprofiler
