// The datagrams of the clock-sync protocol (docs/sync-protocol.md). Every datagram
// starts with one 20-byte header; decode() checks every length and field instead of trusting
// the sender, because anyone on the network can send anything to a sync port.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace cloudprofiler::sync {

constexpr uint32_t kMagic = 0x59535043;  // bytes "CPSY"
constexpr uint8_t kProtocolVersion = 1;
constexpr size_t kHeaderBytes = 20;
// Larger datagrams are dropped and counted: no message of the protocol comes close.
constexpr size_t kMaxDatagramBytes = 1400;
constexpr uint32_t kRowsPerDatagram = 50;
constexpr size_t kMaxNodeIdBytes = 128;
constexpr size_t kMaxSweepSizes = 16;
constexpr size_t kMaxProblemBytes = 400;

enum class MessageType : uint8_t {
    kRegister = 1,    // agent → server: node id, TSC Hz
    kRegistered = 2,  // server → agent
    kHeartbeat = 3,   // server → agent
    kHeartbeatAck = 4,
    kExpect = 5,  // server → responder: answer pings promptly for a while
    kExpectAck = 6,
    kMeasure = 7,   // server → initiator: run exchanges with a peer
    kMeasured = 8,  // initiator → server: summary and min exchange
    kFetch = 9,     // server → initiator: send kept exchanges from a row on
    kRows = 10,
    kShutdown = 11,  // server → agent: exit
    kBye = 12,
    kPing = 13,  // initiator → responder, one exchange
    kPong = 14,  // responder → initiator, with the responder's clock reading
    kSweep = 15,  // server → initiator: time TCP transfers of several sizes to a peer
    kSwept = 16,  // initiator → server: the fastest transfer per size
    kRefused = 17,  // server → agent: registration refused, with the reason
};

struct Exchange {
    uint64_t s = 0;  // initiator, before sending
    uint64_t b = 0;  // responder, on receipt
    uint64_t r = 0;  // initiator, after the reply
};

struct SweepPoint {
    uint32_t payloadBytes = 0;
    uint32_t completed = 0;  // repetitions that finished
    uint64_t minTicks = 0;   // initiator clock
};

// One decoded datagram. Only the fields of `type` are meaningful.
struct Message {
    static Message of(MessageType type) {
        Message message;
        message.type = type;
        return message;
    }

    MessageType type = MessageType::kHeartbeat;
    uint32_t requestId = 0;  // a reply carries its request's id
    // kRegister
    std::string nodeId;
    uint64_t tscHz = 0;
    // kExpect, kMeasure, kSweep (repetitions per size)
    uint32_t count = 0;
    uint32_t timeoutMs = 0;
    // kMeasure, kSweep
    uint32_t peerAddress = 0;  // IPv4, host byte order
    uint16_t peerPort = 0;
    bool keepAll = false;
    // kMeasured
    uint32_t completed = 0;
    uint32_t lost = 0;
    Exchange min;
    uint32_t kept = 0;
    // kFetch, kRows
    uint32_t firstRow = 0;
    std::vector<Exchange> rows;
    // kPing, kPong
    uint32_t sequence = 0;
    uint64_t responderTsc = 0;
    // kSweep, kSwept, kRefused
    std::vector<uint32_t> sizes;
    std::vector<SweepPoint> points;
    std::string problem;  // printable ASCII only: decode() refuses anything else
};

enum class DecodeStatus { kOk, kMalformed, kWrongToken };

// 0 for no token; otherwise a 64-bit FNV-1a hash carried in every datagram. It keeps strangers
// and other clusters out; it is not authentication against someone who can read the traffic.
uint64_t hashToken(const std::string& token);

std::vector<uint8_t> encode(const Message& message, uint64_t tokenHash);
DecodeStatus decode(const uint8_t* data, size_t length, uint64_t tokenHash, Message& out);

}  // namespace cloudprofiler::sync
