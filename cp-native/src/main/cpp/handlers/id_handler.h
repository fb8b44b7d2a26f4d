// ID and BUFFERED_ID: every call becomes an (id, tsc) record. ID writes full blocks on the
// calling thread; BUFFERED_ID hands them to the flush pipeline's threads.
#pragma once

#include "../handler.h"
#include "../record_buffer.h"
#include "../tsc_clock.h"
#include "id_record.h"

namespace cloudprofiler {

class IdHandler final : public Handler {
public:
    IdHandler(RecordBuffer::Mode mode, LogFile& file, Codec codec,
              const RecordBuffer::Services& services)
        : buffer_(mode, file, codec, idRecordColumns(file), services) {}

    void log(int64_t id) override { logAt(id, TscClock::read()); }
    uint64_t logStamped(int64_t id) override {
        uint64_t tsc = TscClock::read();
        logAt(id, tsc);
        return tsc;
    }
    void logAt(int64_t id, uint64_t tsc) override {
        int64_t* row = buffer_.nextRow();
        writeIdRecord(row, id, tsc);
        buffer_.commit();
    }
    void finish() override { buffer_.flush(); }
    HandlerStats stats() const override {
        HandlerStats stats;
        stats.recorded = buffer_.recorded();
        stats.dropped = buffer_.dropped();
        stats.accepted = stats.recorded + stats.dropped;
        stats.stalls = buffer_.stalls();
        stats.stallNs = buffer_.stallNs();
        return stats;
    }

private:
    RecordBuffer buffer_;
};

}  // namespace cloudprofiler
