#include "version_one_refusal.h"

#include "../byte_buffer.h"
#include "sync_message.h"

namespace cloudprofiler::sync {
namespace {

// Version 1's header: magic u32, version u8, type u8, reserved u16, token hash u64, request u32.
constexpr size_t kVersionOneHeaderBytes = 20;
// A REGISTER's body: u16 node id length, the id (at least one byte), u64 TSC Hz.
constexpr size_t kVersionOneRegisterBodyBytes = 2 + 1 + 8;
constexpr uint8_t kVersionOneRegister = 1;
constexpr uint8_t kVersionOneRefused = 17;

}  // namespace

std::vector<uint8_t> versionOneRefusal(const uint8_t* datagram, size_t length,
                                       const std::string& problem) {
    if (length < kVersionOneHeaderBytes + kVersionOneRegisterBodyBytes ||
        length > kMaxDatagramBytes || ByteBuffer::getU32(datagram) != kMagic ||
        datagram[4] != kVersionOne || datagram[5] != kVersionOneRegister ||
        ByteBuffer::getU16(datagram + 6) != 0) {
        return {};
    }
    std::vector<uint8_t> bytes;
    bytes.reserve(kVersionOneHeaderBytes + 2 + problem.size());
    ByteBuffer out(bytes);
    out.u32(kMagic);
    out.u8(kVersionOne);
    out.u8(kVersionOneRefused);
    out.u16(0);
    // The agent's own token hash and request id: version 1 checks both on every datagram.
    out.u64(ByteBuffer::getU64(datagram + 8));
    out.u32(ByteBuffer::getU32(datagram + 16));
    out.string16(problem.substr(0, kMaxProblemBytes));
    return bytes;
}

}  // namespace cloudprofiler::sync
