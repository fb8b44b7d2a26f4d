// The datagrams of the clock-sync protocol (docs/sync-protocol.md). Every datagram starts with
// one 20-byte header and ends with a 32-byte MAC over everything before it; decode() checks the
// MAC first and then every length and field instead of trusting the sender, because anyone on
// the network can send anything to a sync port.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "sync_key.h"

namespace cloudprofiler::sync {

constexpr uint32_t kMagic = 0x59535043;  // bytes "CPSY"
constexpr uint8_t kProtocolVersion = 2;
constexpr size_t kHeaderBytes = 20;
// Larger datagrams are dropped and counted: no message of the protocol comes close.
constexpr size_t kMaxDatagramBytes = 1400;
constexpr uint32_t kRowsPerDatagram = 50;
constexpr size_t kMaxNodeIdBytes = 128;
constexpr size_t kMaxSweepSizes = 16;
constexpr size_t kMaxProblemBytes = 400;
// What an agent does for its server at most (docs/sync-protocol.md, "Bounds"): the server
// never asks for more, and an agent drops and counts a request that does.
constexpr uint32_t kMaxExchanges = 1'000'000;
constexpr uint32_t kMaxExchangeTimeoutMs = 60'000;
constexpr uint32_t kMaxExpectWindowMs = 3'600'000;
constexpr uint32_t kMaxSweepRepetitions = 1000;
constexpr uint32_t kMaxSweepTimeoutMs = 60'000;

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
    kJoin = 18,     // agent → server: proves the registration fresh (echoes its nonce)
    kJoined = 19,   // server → agent: registration complete
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
    // The server's random session nonce; 0 only in kRegister, before the agent knows it.
    uint64_t session = 0;
    uint32_t requestId = 0;  // a reply carries its request's id
    // kRegister, kRegistered, kJoin: the agent's random nonce; kPing, kPong: the measurement's
    uint64_t nonce = 0;
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

// kWrongVersion: the magic of the protocol with another version (an older or newer peer).
// kUnauthenticated: the MAC does not verify (another secret, or altered on the way).
enum class DecodeStatus { kOk, kMalformed, kWrongVersion, kUnauthenticated };

// The datagram of `message`, its MAC under `key` appended.
std::vector<uint8_t> encode(const Message& message, const SyncKey& key);
// Checks length, magic, version and MAC, in that order, then decodes; `out` is meaningful only
// with kOk. `version` receives the version byte when the magic matches (for the message).
DecodeStatus decode(const uint8_t* data, size_t length, const SyncKey& key, Message& out,
                    uint8_t* version = nullptr);

}  // namespace cloudprofiler::sync
