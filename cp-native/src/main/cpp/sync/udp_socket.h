// An IPv4 UDP socket for the sync protocol: bind, send, and receive with a timeout, telling
// oversized datagrams apart so they can be counted instead of read half.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace cloudprofiler::sync {

struct Address {
    uint32_t ip = 0;  // host byte order
    uint16_t port = 0;

    bool operator==(const Address& other) const { return ip == other.ip && port == other.port; }
    bool operator!=(const Address& other) const { return !(*this == other); }
    std::string toString() const;  // ip:port
    std::string ipString() const;  // the dotted quad alone

    // Resolves an IPv4 host name or dotted quad; throws ProfilerError(kInvalidArgument).
    static Address resolve(const std::string& host, uint16_t port);
};

class UdpSocket {
public:
    enum class Received { kDatagram, kOversized, kNothing };

    // Binds `address` (port 0: any free port); throws ProfilerError(kEnvironment) naming the
    // address and the likely fix.
    explicit UdpSocket(const Address& address);
    ~UdpSocket();
    UdpSocket(const UdpSocket&) = delete;
    UdpSocket& operator=(const UdpSocket&) = delete;

    Address local() const { return local_; }

    // Asks for a receive buffer of `bytes`, so bursts wait in the kernel instead of being
    // dropped; the kernel caps it at net.core.rmem_max. Best effort: a refusal changes nothing.
    void requestReceiveBuffer(int bytes);

    // False if the kernel refused the datagram (no route, buffer full): the caller counts it.
    bool send(const uint8_t* data, size_t length, const Address& to);

    // Waits up to `timeoutMs` (0: only what is already there) for one datagram; a signal
    // that interrupts the wait does not shorten it.
    Received receive(uint8_t* buffer, size_t capacity, int timeoutMs, size_t& length,
                     Address& from);

    // The local address the kernel would use to reach `peer`: an agent binds it by default,
    // so that it answers on the interface its server sees, and not on every interface.
    static uint32_t localAddressFor(const Address& peer);

private:
    // Waits until a datagram can be read, for at most `timeoutMs` in all, signals or not.
    bool awaitReadable(int timeoutMs) const;

    int fd_ = -1;
    Address local_;
};

}  // namespace cloudprofiler::sync
