#include "api/log_api.h"

#include "cloudprofiler.h"

namespace cloudprofiler {
namespace {

uint64_t readTscEntry() { return readTsc(); }

bool logTSAtEntry(uint64_t channel, int64_t id, uint64_t tsc) { return logTS(channel, id, tsc); }

bool logTSEntry(uint64_t channel, int64_t id) { return logTS(channel, id); }

uint64_t logTSStampedEntry(uint64_t channel, int64_t id) { return logTSStamped(channel, id); }

const CpLogApi kLogApi{kCpLogApiVersion, readTscEntry, logTSAtEntry, logTSEntry,
                       logTSStampedEntry};

}  // namespace

const CpLogApi* logApi() { return &kLogApi; }

}  // namespace cloudprofiler
