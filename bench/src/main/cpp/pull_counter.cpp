#include "pull_counter.h"

#include <unistd.h>

#include <stdexcept>
#include <zmq.hpp>

#include "little_endian.h"
#include "process_cpu.h"
#include "sections.h"
#include "wire_format.h"

namespace cloudprofiler::bench {
namespace {

std::string ownExecutable() {
    char path[4096];
    ssize_t length = readlink("/proc/self/exe", path, sizeof path - 1);
    if (length <= 0) {
        throw std::runtime_error("cannot find this executable through /proc/self/exe");
    }
    return std::string(path, static_cast<size_t>(length));
}

}  // namespace

PullCounterProcess::PullCounterProcess(int markers, int receiveHighWaterMark) {
    std::string command = ownExecutable() + " pull-counter --markers " + std::to_string(markers) +
                          " --rcvhwm " + std::to_string(receiveHighWaterMark);
    child_ = popen(command.c_str(), "r");
    char line[256];
    if (child_ == nullptr || std::fgets(line, sizeof line, child_) == nullptr) {
        throw std::runtime_error("the pull-counter child did not start: " + command);
    }
    endpoint_ = line;
    endpoint_.erase(endpoint_.find_last_not_of("\r\n") + 1);
}

PullCounterProcess::~PullCounterProcess() {
    if (child_ != nullptr) {
        pclose(child_);
    }
}

PullCounts PullCounterProcess::await() {
    PullCounts counts;
    unsigned long long tuples = 0, buckets = 0, markers = 0, announced = 0;
    long long cpuNs = 0;
    if (std::fscanf(child_, "%llu %llu %llu %llu %lld", &tuples, &buckets, &markers, &announced,
                    &cpuNs) != 5) {
        throw std::runtime_error("the pull-counter child ended without its counts");
    }
    pclose(child_);
    child_ = nullptr;
    counts.tuples = tuples;
    counts.buckets = buckets;
    counts.markers = markers;
    counts.tuplesAnnounced = announced;
    counts.cpuNs = cpuNs;
    return counts;
}

// The child's body: counts tuples and buckets from the headers alone. Options: --markers,
// --rcvhwm.
int runPullCounter(const BenchOptions& options) {
    using generator::loadLittleEndian;
    uint64_t markersWanted = static_cast<uint64_t>(options.integer("markers", 1));
    zmq::context_t context(1);
    zmq::socket_t socket(context, zmq::socket_type::pull);
    socket.set(zmq::sockopt::rcvhwm, static_cast<int>(options.integer("rcvhwm", 1000)));
    socket.set(zmq::sockopt::linger, 0);
    socket.bind("tcp://127.0.0.1:*");
    std::printf("%s\n", socket.get(zmq::sockopt::last_endpoint).c_str());
    std::fflush(stdout);
    int64_t cpuBeforeNs = processCpuNs();
    PullCounts counts;
    zmq::message_t message;
    while (counts.markers < markersWanted && socket.recv(message)) {
        const uint8_t* bytes = static_cast<const uint8_t*>(message.data());
        if ((loadLittleEndian<uint16_t>(bytes + 6) & generator::kEndOfRunFlag) != 0) {
            ++counts.markers;
            counts.tuplesAnnounced +=
                loadLittleEndian<uint64_t>(bytes + generator::kBucketHeaderBytes);
            continue;
        }
        counts.tuples += loadLittleEndian<uint32_t>(bytes + 24);
        ++counts.buckets;
    }
    std::printf("%llu %llu %llu %llu %lld\n", static_cast<unsigned long long>(counts.tuples),
                static_cast<unsigned long long>(counts.buckets),
                static_cast<unsigned long long>(counts.markers),
                static_cast<unsigned long long>(counts.tuplesAnnounced),
                static_cast<long long>(processCpuNs() - cpuBeforeNs));
    return 0;
}

}  // namespace cloudprofiler::bench
