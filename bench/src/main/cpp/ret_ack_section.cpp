// What a return-trip ack costs (docs/log-format.md, "Return trip"): signing and checking its
// MAC, beside version 1's layout (the token's hash in clear, which any reader could copy) as the
// baseline in the same run, and RET_END's whole logTS, which signs and sends an ack per call.
#include <cstdio>
#include <cstring>

#include "call_timer.h"
#include "cloudprofiler.h"
#include "handlers/ret_ack_datagram.h"
#include "log_files.h"
#include "report_format.h"
#include "sections.h"
#include "sync/udp_socket.h"

namespace cloudprofiler::bench {
namespace {

const char* const kOperator = "bench-native-ret-acks";
constexpr uint32_t kLoopback = 0x7F000001;

void printCost(const char* label, const CallCost& cost) {
    std::printf("  %-48s median %7.2f ns   mean %7.2f ns   p90 %7.2f   p99 %7.2f\n", label,
                cost.medianNs, cost.meanNs, cost.p90Ns, cost.p99Ns);
    std::fflush(stdout);
}

// Version 1's ack, as the baseline: the fields written, and on receipt the hash compared.
void writeVersionOneAck(int64_t id, uint64_t tokenHash, uint8_t (&datagram)[kRetAckBytes]) {
    uint64_t header = kRetAckMagic | (uint64_t{1} << 32);
    std::memcpy(datagram, &header, 8);
    std::memcpy(datagram + 8, &tokenHash, 8);
    std::memcpy(datagram + 16, &id, 8);
}

}  // namespace

int runRetAcks(const BenchOptions& options) {
    CallTimer timer(static_cast<int>(options.integer("batches", 2000)),
                    static_cast<int>(options.integer("calls-per-batch", 1000)));
    printSectionTitle("RET acks: the MAC per ack, and RET_END's logTS (sign and send)");
    std::printf("   %d batches of %d calls timed with rdtscp; per-call figures are batch time /"
                " %d\n\n",
                timer.batches(), timer.callsPerBatch(), timer.callsPerBatch());
    RetAckKey key = RetAckKey::fromSecret("bench token");
    uint8_t datagram[kRetAckBytes];
    int64_t id = 0;
    uint64_t sink = 0;
    const uint64_t tokenHash = 0x9e3779b97f4a7c15ULL;
    printCost("version 1: write the ack (hash in clear)", timer.measure([&] {
                  writeVersionOneAck(id++, tokenHash, datagram);
                  sink += datagram[16];
              }));
    printCost("version 1: check the hash, read the id", timer.measure([&] {
                  uint64_t hash = 0;
                  std::memcpy(&hash, datagram + 8, 8);
                  int64_t read = 0;
                  std::memcpy(&read, datagram + 16, 8);
                  sink += hash == tokenHash ? static_cast<uint64_t>(read) : 0;
                  datagram[16] ^= 1;
              }));
    printCost("version 2: encode and sign (SipHash-2-4)", timer.measure([&] {
                  encodeRetAck(id++, key, datagram);
                  sink += datagram[16];
              }));
    encodeRetAck(42, key, datagram);
    printCost("version 2: verify and decode", timer.measure([&] {
                  int64_t read = 0;
                  sink += decodeRetAck(datagram, kRetAckBytes, key, read) == RetAckStatus::kOk
                              ? static_cast<uint64_t>(read)
                              : 0;
              }));

    // RET_END to a socket nobody reads: the kernel drops what its buffer cannot hold, and the
    // send itself, the part of a call that leaves the process, is what is timed.
    sync::UdpSocket receiver(sync::Address{kLoopback, 0});
    std::string name = std::string(kOperator) + "/end/in";
    ChannelHandle end = openChannel(name, Codec::kZstd, HandlerType::kRetEnd);
    parameterize(end, "startAddress", kLoopback);
    parameterize(end, "port", receiver.local().port);
    int64_t tupleId = 0;
    printCost("RET_END logTS (sign, sendto loopback, record)",
              timer.measure([&] { logTS(end, tupleId++); }));
    ChannelStats stats;
    channelStats(end, &stats);
    closeChannel(end);
    if (stats.acks.sendFailures != 0) {
        std::printf("  %-48s (%s acks not sent)\n", "",
                    formatCount(stats.acks.sendFailures).c_str());
    }
    removeOperatorLogs(kOperator);
    volatile uint64_t keep = sink;
    (void)keep;
    return 0;
}

}  // namespace cloudprofiler::bench
