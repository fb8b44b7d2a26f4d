// The network transfer-time sweep (the DRUPE model): over TCP, as the engines send tuples, an
// agent sends payloads of growing sizes to a peer's SweepResponder and times each from the
// first byte written to the peer's one-byte acknowledgement. The fastest of several
// repetitions per size is kept; the fit t = p + q·size + r·size² happens in Java.
#pragma once

#include <atomic>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "sync_message.h"
#include "udp_socket.h"

namespace cloudprofiler::sync {

constexpr uint32_t kMaxSweepPayloadBytes = 16u << 20;
constexpr size_t kSweepChallengeBytes = 32;

struct SweepOutcome {
    std::vector<SweepPoint> points;
    std::string problem;  // empty if every size completed at least once
};

// Runs the sweep against `peer` (its responder listens on the same ip:port as its UDP socket).
// A transfer (payload out, acknowledgement back) taking longer than `timeoutMs` ends it; so
// does `stopping`.
SweepOutcome runTransferSweep(const Address& peer, const std::vector<uint32_t>& sizes,
                              uint32_t repetitions, int timeoutMs, const SyncKey& key,
                              const std::atomic<bool>& stopping);

// Answers sweeps on a TCP port: a connection starts with the responder's random 32-byte
// challenge, answered with its MAC under `key` (SyncKey::Purpose::kSweepChallenge), then
// carries [u32 length][payload] frames, each acknowledged with one byte. Its own thread, one
// connection at a time; stops promptly when destroyed.
class SweepResponder {
public:
    // Listens on `address`; throws ProfilerError naming it if it cannot.
    SweepResponder(const Address& address, const SyncKey& key);
    ~SweepResponder();
    SweepResponder(const SweepResponder&) = delete;
    SweepResponder& operator=(const SweepResponder&) = delete;

    uint64_t framesAnswered() const { return framesAnswered_.load(); }
    uint64_t badFrames() const { return badFrames_.load(); }

private:
    void serve();
    void serveConnection(int connection);

    SyncKey key_;
    int listener_ = -1;
    std::atomic<bool> stopping_{false};
    std::atomic<uint64_t> framesAnswered_{0};
    std::atomic<uint64_t> badFrames_{0};
    std::thread thread_;
};

}  // namespace cloudprofiler::sync
