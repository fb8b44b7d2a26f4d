#include "udp_socket.h"

#include <arpa/inet.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>

#include "../api/profiler_error.h"

namespace cloudprofiler::sync {
namespace {

sockaddr_in toSockaddr(const Address& address) {
    sockaddr_in in{};
    in.sin_family = AF_INET;
    in.sin_addr.s_addr = htonl(address.ip);
    in.sin_port = htons(address.port);
    return in;
}

Address fromSockaddr(const sockaddr_in& in) {
    return Address{ntohl(in.sin_addr.s_addr), ntohs(in.sin_port)};
}

}  // namespace

std::string Address::toString() const { return ipString() + ":" + std::to_string(port); }

std::string Address::ipString() const {
    char text[INET_ADDRSTRLEN] = {};
    in_addr in{};
    in.s_addr = htonl(ip);
    inet_ntop(AF_INET, &in, text, sizeof text);
    return std::string(text);
}

Address Address::resolve(const std::string& host, uint16_t port) {
    addrinfo hints{};
    hints.ai_family = AF_INET;
    hints.ai_socktype = SOCK_DGRAM;
    addrinfo* found = nullptr;
    int status = getaddrinfo(host.c_str(), nullptr, &hints, &found);
    if (status != 0 || found == nullptr) {
        throw ProfilerError(ProfilerError::Kind::kInvalidArgument,
                            "cannot resolve '" + host + "' to an IPv4 address: " +
                                gai_strerror(status));
    }
    Address address = fromSockaddr(*reinterpret_cast<sockaddr_in*>(found->ai_addr));
    freeaddrinfo(found);
    address.port = port;
    return address;
}

UdpSocket::UdpSocket(const Address& address) {
    fd_ = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd_ < 0) {
        throw ProfilerError(ProfilerError::Kind::kEnvironment,
                            std::string("cannot create a UDP socket: ") + std::strerror(errno));
    }
    sockaddr_in in = toSockaddr(address);
    if (bind(fd_, reinterpret_cast<sockaddr*>(&in), sizeof in) != 0) {
        int error = errno;
        close(fd_);
        fd_ = -1;
        std::string fix = error == EADDRINUSE
                              ? "another process uses that port: stop it or choose another port"
                              : "check that the address belongs to this host (see --bind)";
        throw ProfilerError(ProfilerError::Kind::kEnvironment,
                            "cannot bind UDP " + address.toString() + ": " +
                                std::strerror(error) + "; " + fix);
    }
    socklen_t length = sizeof in;
    getsockname(fd_, reinterpret_cast<sockaddr*>(&in), &length);
    local_ = fromSockaddr(in);
}

UdpSocket::~UdpSocket() {
    if (fd_ >= 0) {
        close(fd_);
    }
}

void UdpSocket::requestReceiveBuffer(int bytes) {
    setsockopt(fd_, SOL_SOCKET, SO_RCVBUF, &bytes, sizeof bytes);
}

bool UdpSocket::send(const uint8_t* data, size_t length, const Address& to) {
    sockaddr_in in = toSockaddr(to);
    ssize_t sent;
    do {
        sent = sendto(fd_, data, length, MSG_DONTWAIT | MSG_NOSIGNAL,
                      reinterpret_cast<sockaddr*>(&in), sizeof in);
    } while (sent < 0 && errno == EINTR);
    return sent == static_cast<ssize_t>(length);
}

bool UdpSocket::awaitReadable(int timeoutMs) const {
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeoutMs);
    int remainingMs = timeoutMs;
    while (true) {
        pollfd waiting{fd_, POLLIN, 0};
        int ready = poll(&waiting, 1, remainingMs);
        if (ready > 0) {
            return true;
        }
        if (ready == 0 || errno != EINTR) {
            return false;
        }
        // A signal (the JVM's, a profiler's) ends poll early: wait on for what is left of the
        // timeout, or an exchange whose reply is on its way would be counted as lost.
        auto left = std::chrono::ceil<std::chrono::milliseconds>(
            deadline - std::chrono::steady_clock::now());
        if (left.count() <= 0) {
            return false;
        }
        remainingMs = static_cast<int>(left.count());
    }
}

UdpSocket::Received UdpSocket::receive(uint8_t* buffer, size_t capacity, int timeoutMs,
                                       size_t& length, Address& from) {
    if (timeoutMs > 0 && !awaitReadable(timeoutMs)) {
        return Received::kNothing;
    }
    sockaddr_in in{};
    socklen_t addressLength = sizeof in;
    // MSG_TRUNC makes the kernel report the datagram's real length, so an oversized one is
    // recognised (and discarded whole) rather than parsed from its first bytes.
    ssize_t got = recvfrom(fd_, buffer, capacity, MSG_DONTWAIT | MSG_TRUNC,
                           reinterpret_cast<sockaddr*>(&in), &addressLength);
    if (got < 0) {
        return Received::kNothing;
    }
    from = fromSockaddr(in);
    length = static_cast<size_t>(got);
    return length > capacity ? Received::kOversized : Received::kDatagram;
}

uint32_t UdpSocket::localAddressFor(const Address& peer) {
    int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        return 0;
    }
    sockaddr_in in = toSockaddr(peer);
    uint32_t local = 0;
    // Connecting a UDP socket sends nothing; it only asks the routing table.
    if (connect(fd, reinterpret_cast<sockaddr*>(&in), sizeof in) == 0) {
        sockaddr_in mine{};
        socklen_t length = sizeof mine;
        if (getsockname(fd, reinterpret_cast<sockaddr*>(&mine), &length) == 0) {
            local = ntohl(mine.sin_addr.s_addr);
        }
    }
    close(fd);
    return local;
}

}  // namespace cloudprofiler::sync
