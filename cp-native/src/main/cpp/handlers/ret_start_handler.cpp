#include "ret_start_handler.h"

#include <optional>

#include "../api/profiler_error.h"
#include "../background_thread.h"
#include "../config.h"
#include "../log_file.h"
#include "../warnings.h"

namespace cloudprofiler {
namespace {

// How long the ack thread waits for a datagram before it looks at the stop flag and the new
// starts again: bounds how long a close waits for it, and how long starts sit in the ring.
constexpr int kReceiveTimeoutMs = 20;
// Room in the kernel for a burst of acks while the ack thread is not running.
constexpr int kReceiveBufferBytes = 4 << 20;
constexpr int64_t kNoAck = -1;

}  // namespace

RetStartHandler::RetStartHandler(LogFile& file, Codec codec, const RecordBuffer::Services& services,
                                 const int64_t* parameters)
    : file_(file),
      // Pipelined: the ack thread must hand full blocks on rather than encode them itself, or
      // acks would wait in the socket meanwhile and their RTTs grow by the encoding time.
      buffer_(RecordBuffer::Mode::kPipelined, file, codec, 3, services),
      key_(RetAckKey::fromSecret(services.config.retToken)),
      starts_(std::make_unique<SpscRing<Start>>(static_cast<uint32_t>(parameters[2]))),
      pending_(std::make_unique<RetPendingStarts>(static_cast<uint32_t>(parameters[2]))) {}

RetStartHandler::~RetStartHandler() {
    stopReceiving();
}

void RetStartHandler::applyParameters(const int64_t* parameters) {
    sync::Address wanted{static_cast<uint32_t>(parameters[1]),
                         static_cast<uint16_t>(parameters[0])};
    auto capacity = static_cast<uint32_t>(parameters[2]);
    stopReceiving();
    try {
        if (wanted.port != 0 && (socket_ == nullptr || wanted != boundTo_)) {
            bind(wanted);
        }
        if (capacity != pending_->capacity()) {
            auto starts = std::make_unique<SpscRing<Start>>(capacity);
            pending_ = std::make_unique<RetPendingStarts>(capacity);
            starts_ = std::move(starts);
        }
    } catch (...) {
        startReceiving();
        throw;
    }
    startReceiving();
}

void RetStartHandler::bind(const sync::Address& address) {
    auto open = [](const sync::Address& at) {
        auto socket = std::make_unique<sync::UdpSocket>(at);
        socket->requestReceiveBuffer(kReceiveBufferBytes);
        return socket;
    };
    bool wasBound = socket_ != nullptr;
    socket_.reset();  // this channel's own earlier binding must not stand in the way
    try {
        socket_ = open(address);
    } catch (const ProfilerError& e) {
        if (wasBound) {
            try {
                socket_ = open(boundTo_);
            } catch (const ProfilerError&) {
                // Left without a receiver: the starts are then dropped, counted and warned of.
            }
        }
        throw ProfilerError(ProfilerError::Kind::kEnvironment,
                            "RET_START channel " + channel() + " cannot receive acks on UDP port " +
                                std::to_string(address.port) + " (" + e.what() +
                                "). Choose a free port with parameterize(PORT, port) and send"
                                " the acks there (RET_END's PORT), or free this one; the bind"
                                " address is RET_START's BIND_ADDRESS.");
    }
    boundTo_ = address;
}

void RetStartHandler::startReceiving() {
    if (socket_ != nullptr) {
        receiver_ = startBackgroundThread("cp-ret-acks", [this] { receiveLoop(); });
    }
}

void RetStartHandler::stopReceiving() {
    if (receiver_.joinable()) {
        stopping_.store(true, std::memory_order_release);
        receiver_.join();
        stopping_.store(false, std::memory_order_relaxed);
    }
}

void RetStartHandler::receiveLoop() {
    uint8_t datagram[kRetAckBytes];
    while (!stopping_.load(std::memory_order_acquire)) {
        size_t length = 0;
        sync::Address from;
        sync::UdpSocket::Received received =
            socket_->receive(datagram, sizeof datagram, kReceiveTimeoutMs, length, from);
        // The ack's arrival: read before anything else is done, so no work inflates the RTT.
        uint64_t ackTsc = TscClock::read();
        try {
            // Every start noted before the ack was sent is in the ring by now.
            takeNewStarts();
            if (received == sync::UdpSocket::Received::kOversized) {
                reject(malformed_, "malformed",
                       "an oversized datagram of " + std::to_string(length) + " bytes", from);
            } else if (received == sync::UdpSocket::Received::kDatagram) {
                handleDatagram(datagram, length, from, ackTsc);
            }
        } catch (...) {
            // Only building a warning's message can throw here (out of memory); counts stand.
        }
    }
}

void RetStartHandler::handleDatagram(const uint8_t* datagram, size_t length,
                                     const sync::Address& from, uint64_t ackTsc) {
    int64_t id = 0;
    uint8_t version = kRetAckVersion;
    switch (decodeRetAck(datagram, length, key_, id, &version)) {
        case RetAckStatus::kMalformed:
            reject(malformed_, "malformed",
                   "a " + std::to_string(length) + "-byte datagram that is not an ack", from);
            return;
        case RetAckStatus::kWrongVersion:
            reject(wrongVersion_, "version",
                   "an ack of version " + std::to_string(version) + " (this node speaks " +
                       std::to_string(kRetAckVersion) +
                       ": run the same cloudprofiler version on the RET_END node)",
                   from);
            return;
        case RetAckStatus::kUnauthenticated:
            reject(unauthenticated_, "unauthenticated",
                   "an ack whose MAC does not verify (another CP_RET_TOKEN, or forged or"
                   " altered)",
                   from);
            return;
        case RetAckStatus::kOk:
            break;
    }
    std::optional<uint64_t> startTsc = pending_->take(id);
    if (!startTsc) {
        unknown_.increment();
        if (unknown_.get() == 1) {
            Warnings::report("ret-unknown:" + file_.path(),
                             "RET_START channel " + channel() + " got an ack for tuple " +
                                 std::to_string(id) + " from " + from.toString() +
                                 " with no start waiting for it (never started here, acked"
                                 " twice, or given up after `capacity` later starts); such acks"
                                 " are counted as acks.unknown.");
        }
        return;
    }
    matched_.increment();
    record(id, *startTsc, static_cast<int64_t>(ackTsc));
}

void RetStartHandler::takeNewStarts() {
    Start start;
    while (starts_->pop(start)) {
        try {
            pending_->add(start, [this](const Start& out) { recordUnacked(out); });
        } catch (...) {
            recordsLost_.increment();  // out of memory: the start could not be kept
        }
    }
}

void RetStartHandler::record(int64_t id, uint64_t tsc, int64_t ackTsc) noexcept {
    try {
        int64_t* row = buffer_.nextRow();
        row[0] = id;
        row[1] = static_cast<int64_t>(tsc);
        row[2] = ackTsc;
        buffer_.commit();
    } catch (...) {
        recordsLost_.increment();
    }
}

void RetStartHandler::recordUnacked(const Start& start) noexcept {
    unacked_.increment();
    record(start.id, start.tsc, kNoAck);
}

void RetStartHandler::dropStart() {
    startsDropped_.increment();
    if (warnedDrop_) {
        return;
    }
    warnedDrop_ = true;
    try {
        if (socket_ == nullptr) {
            Warnings::report("ret-no-port:" + file_.path(),
                             "RET_START channel " + channel() +
                                 " has no ack port, so its starts are dropped and counted: call"
                                 " parameterize(PORT, port) before the first logTS, and point the"
                                 " end node's RET_END at that port.");
        } else {
            Warnings::report("ret-full:" + file_.path(),
                             "RET_START channel " + channel() + " noted more than " +
                                 std::to_string(starts_->capacity()) +
                                 " starts before its ack thread could take them; the rest are"
                                 " dropped and counted. Raise its capacity (parameter 2).");
        }
    } catch (...) {
        // Out of memory: the count stands without the message.
    }
}

void RetStartHandler::reject(SingleWriterCounter& counter, const char* kind,
                             const std::string& reason, const sync::Address& from) {
    counter.increment();
    if (counter.get() == 1) {
        Warnings::report(std::string("ret-") + kind + ":" + file_.path(),
                         "RET_START channel " + channel() + " rejected " + reason + " from " +
                             from.toString() + "; such datagrams are counted in its acks stats.");
    }
}

void RetStartHandler::finish() {
    stopReceiving();
    socket_.reset();  // free the port at once, for the next run
    takeNewStarts();
    pending_->takeAll([this](const Start& start) { recordUnacked(start); });
    buffer_.flush();
    HandlerStats totals = stats();
    bool rejected = totals.acks.unknown + totals.acks.malformed + totals.acks.wrongVersion +
                        totals.acks.unauthenticated >
                    0;
    bool noAckAtAll = totals.acks.matched == 0 && totals.acks.unacked > 0;
    if (totals.dropped == 0 && !rejected && !noAckAtAll) {
        return;  // a few unacked starts at the end of a run are normal: tuples still in flight
    }
    // These counts are not in the trailer (its layout is fixed); say them once, at the end.
    Warnings::report("ret-summary:" + file_.path(),
                     "RET_START channel " + channel() +
                         " closed: " + std::to_string(totals.acks.matched) + " acked, " +
                         std::to_string(totals.acks.unacked) + " unacked, " +
                         std::to_string(totals.dropped) + " dropped starts; rejected " +
                         std::to_string(totals.acks.unknown) + " unknown, " +
                         std::to_string(totals.acks.malformed) + " malformed, " +
                         std::to_string(totals.acks.wrongVersion) + " of another version and " +
                         std::to_string(totals.acks.unauthenticated) + " unauthenticated acks.");
}

HandlerStats RetStartHandler::stats() const {
    HandlerStats stats;
    stats.recorded = buffer_.recorded();
    stats.dropped = startsDropped_.get() + recordsLost_.get() + buffer_.dropped();
    stats.accepted = accepted_.get();
    stats.stalls = buffer_.stalls();
    stats.stallNs = buffer_.stallNs();
    stats.acks.matched = matched_.get();
    stats.acks.unknown = unknown_.get();
    stats.acks.malformed = malformed_.get();
    stats.acks.wrongVersion = wrongVersion_.get();
    stats.acks.unauthenticated = unauthenticated_.get();
    stats.acks.unacked = unacked_.get();
    return stats;
}

const std::string& RetStartHandler::channel() const {
    return file_.header().channel;
}

}  // namespace cloudprofiler
