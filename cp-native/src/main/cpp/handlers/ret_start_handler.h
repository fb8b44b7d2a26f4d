// RET_START, the start point of the paper's return-trip (ReT) baseline: a call notes the tuple's
// start TSC; the end point (RET_END) acks the tuple over UDP, and this channel's ack thread reads
// the TSC again as the ack arrives and writes (id, tsc, ack_tsc), so RTT = ack_tsc - tsc.
//
// Threads: the writer only pushes (id, tsc) onto a wait-free single-producer ring, so it never
// waits for the ack thread, which may be descheduled at any moment (a spin lock shared with it
// could stall the writer for a whole time slice). The ack thread alone moves starts from the
// ring into the pending window and alone writes records; the closer takes both over after it
// has joined the ack thread. Parameters are applied before the first call, as for every handler.
#pragma once

#include <atomic>
#include <memory>
#include <string>
#include <thread>

#include "../api/single_writer_counter.h"
#include "../handler.h"
#include "../record_buffer.h"
#include "../spsc_ring.h"
#include "../sync/udp_socket.h"
#include "../tsc_clock.h"
#include "ret_ack_datagram.h"
#include "ret_pending_starts.h"

namespace cloudprofiler {

class RetStartHandler final : public Handler {
public:
    RetStartHandler(LogFile& file, Codec codec, const RecordBuffer::Services& services,
                    const int64_t* parameters);
    // A handler whose channel failed to open is destroyed without finish(): stop the thread.
    ~RetStartHandler() override;

    void log(int64_t id) override { logAt(id, TscClock::read()); }
    uint64_t logStamped(int64_t id) override {
        uint64_t tsc = TscClock::read();
        logAt(id, tsc);
        return tsc;
    }
    void logAt(int64_t id, uint64_t tsc) override {
        accepted_.increment();
        if (__builtin_expect(socket_ == nullptr || !starts_->push({id, tsc}), 0)) {
            dropStart();
        }
    }
    // Stops the ack thread and releases the port, then writes the starts still waiting with
    // ack_tsc = -1.
    void finish() override;
    // Binds the ack port (throws ProfilerError naming it if it cannot) and starts the ack thread.
    void applyParameters(const int64_t* parameters) override;
    HandlerStats stats() const override;

private:
    using Start = RetPendingStarts::Start;

    void bind(const sync::Address& address);
    void startReceiving();
    void stopReceiving();
    void receiveLoop();
    void handleDatagram(const uint8_t* datagram, size_t length, const sync::Address& from,
                        uint64_t ackTsc);
    // Moves the starts the writer noted since the last call into the pending window.
    void takeNewStarts();
    // Writes one record; a record that cannot be written (out of memory) is counted as dropped.
    void record(int64_t id, uint64_t tsc, int64_t ackTsc) noexcept;
    void recordUnacked(const Start& start) noexcept;
    void dropStart();
    // Counts a rejected datagram; the first of each kind is also reported.
    void reject(SingleWriterCounter& counter, const char* kind, const std::string& reason,
                const sync::Address& from);
    const std::string& channel() const;

    LogFile& file_;
    RecordBuffer buffer_;
    const RetAckKey key_;
    std::unique_ptr<SpscRing<Start>> starts_;
    std::unique_ptr<RetPendingStarts> pending_;
    std::unique_ptr<sync::UdpSocket> socket_;  // null until a port is set
    sync::Address boundTo_;
    std::thread receiver_;
    std::atomic<bool> stopping_{false};

    // The writer's.
    SingleWriterCounter accepted_;
    SingleWriterCounter startsDropped_;
    bool warnedDrop_ = false;
    // The ack thread's, then the closer's.
    SingleWriterCounter recordsLost_;
    SingleWriterCounter matched_;
    SingleWriterCounter unknown_;
    SingleWriterCounter malformed_;
    SingleWriterCounter wrongVersion_;
    SingleWriterCounter unauthenticated_;
    SingleWriterCounter unacked_;
};

}  // namespace cloudprofiler
