// The one answer a sync server gives an agent of the previous release (sync protocol version 1),
// so that its user reads why it cannot join instead of a bare time-out: version 1's REFUSED,
// which such an agent prints when it gives up ("the sync server at <address> refused this agent:
// <problem>"). Version 1 had no MAC: its datagrams carried the FNV-1a hash of the token in
// clear, and the answer echoes the hash the agent sent, so it reveals nothing of this server's
// secret. It carries no request and no data of the session; agents of version 2 drop it
// (another version), and only a version-1 REGISTER is answered.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

namespace cloudprofiler::sync {

constexpr uint8_t kVersionOne = 1;

// Version 1's REFUSED answering `datagram` if that is a version-1 REGISTER (its header: magic,
// version 1, type 1, reserved 0, u64 token hash, u32 request id; then at least its body's
// lengths), with `problem` (printable ASCII, cut to 400 bytes as version 1 allows); else empty.
std::vector<uint8_t> versionOneRefusal(const uint8_t* datagram, size_t length,
                                       const std::string& problem);

}  // namespace cloudprofiler::sync
