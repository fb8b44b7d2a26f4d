// RET_END, the end point of the return-trip baseline: records (id, tsc) like ID and sends the
// start node (RET_START) an ack for the id. The send never blocks the caller: a datagram the
// kernel refuses (buffer full, no route) is counted, and its tuple shows as unacked at the start.
#pragma once

#include "../api/single_writer_counter.h"
#include "../handler.h"
#include "../record_buffer.h"
#include "../sync/udp_socket.h"
#include "../tsc_clock.h"
#include "id_record.h"
#include "ret_ack_datagram.h"

namespace cloudprofiler {

class RetEndHandler final : public Handler {
public:
    // Throws ProfilerError if no UDP socket can be had.
    RetEndHandler(LogFile& file, Codec codec, const RecordBuffer::Services& services,
                  const int64_t* parameters);

    void log(int64_t id) override { logAt(id, TscClock::read()); }
    uint64_t logStamped(int64_t id) override {
        uint64_t tsc = TscClock::read();
        logAt(id, tsc);
        return tsc;
    }
    void logAt(int64_t id, uint64_t tsc) override {
        sendAck(id);  // first: the ack's departure is what the start node's RTT measures
        int64_t* row = buffer_.nextRow();
        writeIdRecord(row, id, tsc);
        buffer_.commit();
    }
    void finish() override;
    void applyParameters(const int64_t* parameters) override;
    HandlerStats stats() const override;

private:
    void sendAck(int64_t id);
    void countSendFailure(int error);

    LogFile& file_;
    // Pipelined, so that writing a full block never delays the acks that follow.
    RecordBuffer buffer_;
    sync::UdpSocket socket_;
    sync::Address startNode_;
    const RetAckKey key_;
    SingleWriterCounter sendFailures_;
    bool warnedSendFailure_ = false;
};

}  // namespace cloudprofiler
