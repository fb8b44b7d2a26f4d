#include "ret_end_handler.h"

#include <cerrno>
#include <cstring>

#include "../config.h"
#include "../log_file.h"
#include "../warnings.h"

namespace cloudprofiler {

RetEndHandler::RetEndHandler(LogFile& file, Codec codec, const RecordBuffer::Services& services,
                             const int64_t* parameters)
    : file_(file),
      buffer_(RecordBuffer::Mode::kPipelined, file, codec, idRecordColumns(file), services),
      socket_(sync::Address{0, 0}),  // any local address and port: acks only leave from it
      key_(RetAckKey::fromSecret(services.config.retToken)) {
    applyParameters(parameters);
}

void RetEndHandler::applyParameters(const int64_t* parameters) {
    startNode_ =
        sync::Address{static_cast<uint32_t>(parameters[0]), static_cast<uint16_t>(parameters[1])};
}

void RetEndHandler::sendAck(int64_t id) {
    if (__builtin_expect(startNode_.port == 0, 0)) {
        countSendFailure(0);
        return;
    }
    uint8_t datagram[kRetAckBytes];
    encodeRetAck(id, key_, datagram);
    if (__builtin_expect(!socket_.send(datagram, sizeof datagram, startNode_), 0)) {
        countSendFailure(errno);
    }
}

void RetEndHandler::countSendFailure(int error) {
    sendFailures_.increment();
    if (warnedSendFailure_) {
        return;
    }
    warnedSendFailure_ = true;
    try {
        const std::string& channel = file_.header().channel;
        Warnings::report(
            "ret-send:" + file_.path(),
            error == 0
                ? "RET_END channel " + channel +
                      " has no port to send its acks to; they are counted as send failures. Call"
                      " parameterize(PORT, port) with the RET_START node's port (and"
                      " parameterize(START_ADDRESS, address) unless it runs on this host) before"
                      " the first logTS."
                : "RET_END channel " + channel + " cannot send acks to " + startNode_.toString() +
                      ": " + std::strerror(error) +
                      "; they are counted as send failures and their tuples show as unacked"
                      " at the start node.");
    } catch (...) {
        // Out of memory: the count stands without the message.
    }
}

void RetEndHandler::finish() {
    buffer_.flush();
    uint64_t failures = sendFailures_.get();
    if (failures > 0) {
        // Not in the trailer (its layout is fixed); said once, at the end.
        Warnings::report("ret-send-summary:" + file_.path(),
                         "RET_END channel " + file_.header().channel +
                             " closed: " + std::to_string(failures) + " of " +
                             std::to_string(stats().accepted) + " acks were not sent.");
    }
}

HandlerStats RetEndHandler::stats() const {
    HandlerStats stats;
    stats.recorded = buffer_.recorded();
    stats.dropped = buffer_.dropped();
    stats.accepted = stats.recorded + stats.dropped;
    stats.stalls = buffer_.stalls();
    stats.stallNs = buffer_.stallNs();
    stats.acks.sendFailures = sendFailures_.get();
    return stats;
}

}  // namespace cloudprofiler
