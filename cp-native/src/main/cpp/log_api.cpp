#include "api/log_api.h"

#include "cloudprofiler.h"

namespace cloudprofiler {
namespace {

uint64_t readTscEntry() { return readTsc(); }

bool logTSAtEntry(uint64_t channel, int64_t id, uint64_t tsc) { return logTS(channel, id, tsc); }

const CpLogApi kLogApi{kCpLogApiVersion, readTscEntry, logTSAtEntry};

}  // namespace

const CpLogApi* logApi() { return &kLogApi; }

}  // namespace cloudprofiler
