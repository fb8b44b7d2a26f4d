// Builds the handler of a new channel.
#pragma once

#include <memory>

#include "handler.h"
#include "handler_type.h"
#include "periodic_sampler.h"
#include "record_buffer.h"

namespace cloudprofiler {

std::unique_ptr<Handler> makeHandler(HandlerType type, LogFile& file, Codec codec,
                                     const RecordBuffer::Services& services,
                                     PeriodicSampler& sampler, const int64_t* parameters);

}  // namespace cloudprofiler
