#include "transfer_sweep.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>

#include "../api/profiler_error.h"
#include "../background_thread.h"
#include "../tsc_clock.h"

namespace cloudprofiler::sync {
namespace {

constexpr int kPollMs = 100;

sockaddr_in toSockaddr(const Address& address) {
    sockaddr_in in{};
    in.sin_family = AF_INET;
    in.sin_addr.s_addr = htonl(address.ip);
    in.sin_port = htons(address.port);
    return in;
}

int64_t nowNs() { return readClockNs(CLOCK_MONOTONIC_RAW); }

// Waits until `fd` is ready for `events`; false at the deadline (CLOCK_MONOTONIC_RAW ns) or
// when `stopping` is set.
bool waitFor(int fd, short events, int64_t deadlineNs, const std::atomic<bool>* stopping) {
    while (true) {
        if (stopping != nullptr && stopping->load()) {
            return false;
        }
        int64_t leftNs = deadlineNs - nowNs();
        if (leftNs <= 0) {
            return false;
        }
        pollfd ready{fd, events, 0};
        int slice = static_cast<int>(std::min<int64_t>(kPollMs, leftNs / 1'000'000 + 1));
        int result = poll(&ready, 1, slice);
        if (result > 0) {
            return true;
        }
        if (result < 0 && errno != EINTR) {
            return false;
        }
    }
}

// All of `data`, or false at the deadline: a peer that trickles bytes cannot hold us longer.
bool sendAll(int fd, const uint8_t* data, size_t length, int64_t deadlineNs,
             const std::atomic<bool>* stopping) {
    while (length > 0) {
        ssize_t sent = send(fd, data, length, MSG_NOSIGNAL | MSG_DONTWAIT);
        if (sent > 0) {
            data += sent;
            length -= static_cast<size_t>(sent);
        } else if (sent < 0 && (errno == EAGAIN || errno == EINTR)) {
            if (!waitFor(fd, POLLOUT, deadlineNs, stopping)) {
                return false;
            }
        } else {
            return false;
        }
    }
    return true;
}

bool receiveAll(int fd, uint8_t* data, size_t length, int64_t deadlineNs,
                const std::atomic<bool>* stopping) {
    while (length > 0) {
        ssize_t got = recv(fd, data, length, MSG_DONTWAIT);
        if (got > 0) {
            data += got;
            length -= static_cast<size_t>(got);
        } else if (got < 0 && (errno == EAGAIN || errno == EINTR)) {
            if (!waitFor(fd, POLLIN, deadlineNs, stopping)) {
                return false;
            }
        } else {
            return false;  // closed or failed
        }
    }
    return true;
}

int connectTo(const Address& peer, int timeoutMs, const std::atomic<bool>* stopping,
              std::string& problem) {
    int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
    if (fd < 0) {
        problem = std::string("cannot create a TCP socket: ") + std::strerror(errno);
        return -1;
    }
    sockaddr_in in = toSockaddr(peer);
    int result = connect(fd, reinterpret_cast<sockaddr*>(&in), sizeof in);
    int error = 0;
    if (result != 0 && errno == EINPROGRESS &&
        waitFor(fd, POLLOUT, nowNs() + int64_t{timeoutMs} * 1'000'000, stopping)) {
        socklen_t length = sizeof error;
        getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length);
        result = error == 0 ? 0 : -1;
    } else if (result != 0) {
        error = errno == EINPROGRESS ? ETIMEDOUT : errno;
    }
    if (result != 0) {
        problem = "cannot connect to the sweep responder at " + peer.toString() + ": " +
                  std::strerror(error);
        close(fd);
        return -1;
    }
    int on = 1;
    setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
    return fd;
}

}  // namespace

SweepOutcome runTransferSweep(const Address& peer, const std::vector<uint32_t>& sizes,
                              uint32_t repetitions, int timeoutMs, const SyncKey& key,
                              const std::atomic<bool>& stopping) {
    SweepOutcome outcome;
    int fd = connectTo(peer, timeoutMs, &stopping, outcome.problem);
    if (fd < 0) {
        return outcome;
    }
    int64_t timeoutNs = int64_t{timeoutMs} * 1'000'000;
    // The responder's fresh challenge, answered with its MAC: proves the key without showing
    // anything derived from it, and a recorded answer fits no later challenge.
    uint8_t challenge[kSweepChallengeBytes];
    uint8_t answer[kMacBytes];
    bool accepted =
        receiveAll(fd, challenge, sizeof challenge, nowNs() + timeoutNs, &stopping);
    if (accepted) {
        key.sign(challenge, sizeof challenge, answer);
        accepted = sendAll(fd, answer, sizeof answer, nowNs() + timeoutNs, &stopping);
    }
    if (!accepted) {
        outcome.problem = "the sweep responder at " + peer.toString() + " did not accept us";
        close(fd);
        return outcome;
    }
    uint32_t largest = sizes.empty() ? 0 : *std::max_element(sizes.begin(), sizes.end());
    std::vector<uint8_t> frame(4 + largest, 0x5A);
    for (uint32_t size : sizes) {
        SweepPoint point;
        point.payloadBytes = size;
        point.minTicks = UINT64_MAX;
        for (uint32_t rep = 0; rep < repetitions && outcome.problem.empty() && !stopping.load();
             ++rep) {
            for (int i = 0; i < 4; ++i) {
                frame[i] = static_cast<uint8_t>(size >> (8 * i));
            }
            uint8_t ack = 0;
            uint64_t start = TscClock::read();
            int64_t deadline = nowNs() + timeoutNs;  // for the whole transfer, not per wait
            if (!sendAll(fd, frame.data(), 4 + size, deadline, &stopping) ||
                !receiveAll(fd, &ack, 1, deadline, &stopping)) {
                outcome.problem = "the transfer of " + std::to_string(size) + " bytes to " +
                                  peer.toString() + " failed or timed out";
                break;
            }
            uint64_t ticks = TscClock::read() - start;
            point.minTicks = std::min(point.minTicks, ticks);
            ++point.completed;
        }
        if (point.completed == 0) {
            point.minTicks = 0;
        }
        outcome.points.push_back(point);
    }
    close(fd);
    return outcome;
}

SweepResponder::SweepResponder(const Address& address, const SyncKey& key) : key_(key) {
    listener_ = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    int on = 1;
    sockaddr_in in = toSockaddr(address);
    if (listener_ < 0 ||
        setsockopt(listener_, SOL_SOCKET, SO_REUSEADDR, &on, sizeof on) != 0 ||
        bind(listener_, reinterpret_cast<sockaddr*>(&in), sizeof in) != 0 ||
        listen(listener_, 4) != 0) {
        int error = errno;
        if (listener_ >= 0) {
            close(listener_);
        }
        throw ProfilerError(ProfilerError::Kind::kEnvironment,
                            "cannot listen on TCP " + address.toString() +
                                " for transfer sweeps: " + std::strerror(error) +
                                "; the agent uses the same port number for UDP and TCP, so"
                                " choose a port free for both");
    }
    thread_ = startBackgroundThread("cp-sync-sweep", [this] { serve(); });
}

SweepResponder::~SweepResponder() {
    stopping_.store(true);
    if (thread_.joinable()) {
        thread_.join();
    }
    close(listener_);
}

void SweepResponder::serve() {
    while (!stopping_.load()) {
        if (!waitFor(listener_, POLLIN, nowNs() + kPollMs * 1'000'000LL, &stopping_)) {
            continue;
        }
        int connection = accept4(listener_, nullptr, nullptr, SOCK_CLOEXEC);
        if (connection < 0) {
            continue;
        }
        int on = 1;
        setsockopt(connection, IPPROTO_TCP, TCP_NODELAY, &on, sizeof on);
        serveConnection(connection);
        close(connection);
    }
}

void SweepResponder::serveConnection(int connection) {
    // Absolute deadlines, so that a client trickling bytes holds the responder (one connection
    // at a time) for a bounded while.
    constexpr int64_t kFrameTimeoutNs = 10'000'000'000;
    uint8_t challenge[kSweepChallengeBytes];
    uint8_t answer[kMacBytes];
    randomBytes(challenge, sizeof challenge);
    int64_t answerDeadline = nowNs() + 1'000'000'000;
    if (!sendAll(connection, challenge, sizeof challenge, answerDeadline, &stopping_) ||
        !receiveAll(connection, answer, sizeof answer, answerDeadline, &stopping_) ||
        !key_.verify(challenge, sizeof challenge, answer)) {
        badFrames_.fetch_add(1);
        return;  // not one of our agents, or another secret
    }
    std::vector<uint8_t> payload;
    while (!stopping_.load()) {
        uint8_t header[4];
        int64_t deadline = nowNs() + kFrameTimeoutNs;
        if (!receiveAll(connection, header, 4, deadline, &stopping_)) {
            return;  // the initiator is done (or gone)
        }
        uint32_t length = static_cast<uint32_t>(header[0]) | (header[1] << 8) |
                          (header[2] << 16) | (static_cast<uint32_t>(header[3]) << 24);
        if (length > kMaxSweepPayloadBytes) {
            badFrames_.fetch_add(1);
            return;  // not a sweep: drop the connection rather than allocate
        }
        payload.resize(length);
        uint8_t ack = 1;
        if (!receiveAll(connection, payload.data(), length, deadline, &stopping_) ||
            !sendAll(connection, &ack, 1, deadline, &stopping_)) {
            return;
        }
        framesAnswered_.fetch_add(1);
    }
}

}  // namespace cloudprofiler::sync
