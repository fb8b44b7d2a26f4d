// Helpers shared by the C++ tests: finding a channel's log file and decoding it, and a free UDP
// port for the return-trip handlers.
#pragma once

#include <dirent.h>
#include <unistd.h>

#include <string>

#include "cloudprofiler.h"
#include "log_decoder.h"
#include "sync/udp_socket.h"

namespace cloudprofiler::testing {

// The one log file of channel `name` written by this process (channel names are unique per
// test); empty if there is none.
inline std::string findLog(const std::string& name) {
    std::string path = logDirectory() + "/" + name;
    std::string directory = path.substr(0, path.rfind('/'));
    std::string prefix = path.substr(path.rfind('/') + 1) + "." + std::to_string(getpid()) + ".";
    std::string found;
    if (DIR* dir = opendir(directory.c_str())) {
        while (dirent* entry = readdir(dir)) {
            std::string file = entry->d_name;
            if (file.rfind(prefix, 0) == 0) {
                found = directory + "/" + file;
            }
        }
        closedir(dir);
    }
    return found;
}

inline DecodedLog decodeChannel(const std::string& name) { return decodeLogFile(findLog(name)); }

constexpr uint32_t kLoopback = 0x7F000001;

// A loopback UDP port that was free a moment ago (the kernel's pick, released at once).
inline uint16_t freeUdpPort() { return sync::UdpSocket(sync::Address{kLoopback, 0}).local().port; }

}  // namespace cloudprofiler::testing
