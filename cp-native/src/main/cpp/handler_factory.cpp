#include "handler_factory.h"

#include "handlers/cpu_handler.h"
#include "handlers/downsample_rule.h"
#include "handlers/filtering_handler.h"
#include "handlers/first_last_rule.h"
#include "handlers/id_handler.h"
#include "handlers/mpc_handler.h"
#include "handlers/null_handler.h"
#include "handlers/ret_end_handler.h"
#include "handlers/ret_start_handler.h"
#include "handlers/spc_handler.h"
#include "handlers/xoy_rule.h"

namespace cloudprofiler {
namespace {

template <typename Periodic>
std::unique_ptr<Handler> periodic(LogFile& file, Codec codec, int columns,
                                  const RecordBuffer::Services& services,
                                  PeriodicSampler& sampler, int64_t periodNs) {
    auto handler = std::make_unique<Periodic>(file, codec, columns, services, sampler);
    handler->start(periodNs);
    return handler;
}

}  // namespace

std::unique_ptr<Handler> makeHandler(HandlerType type, LogFile& file, Codec codec,
                                     const RecordBuffer::Services& services,
                                     PeriodicSampler& sampler, const int64_t* parameters) {
    using Mode = RecordBuffer::Mode;
    switch (type) {
        case HandlerType::kNull:
            return std::make_unique<NullHandler>();
        case HandlerType::kId:
            return std::make_unique<IdHandler>(Mode::kDirect, file, codec, services);
        case HandlerType::kBufferedId:
            return std::make_unique<IdHandler>(Mode::kPipelined, file, codec, services);
        case HandlerType::kSpc:
            return periodic<SpcHandler>(file, codec, 2, services, sampler, parameters[0]);
        case HandlerType::kMpc:
            return periodic<MpcHandler>(file, codec, 2, services, sampler, parameters[0]);
        case HandlerType::kCpu:
            return periodic<CpuHandler>(file, codec, 3, services, sampler, parameters[0]);
        case HandlerType::kDownsample:
            return std::make_unique<FilteringHandler<DownsampleRule>>(Mode::kPipelined, file,
                                                                      codec, services, parameters);
        case HandlerType::kXoy:
            return std::make_unique<FilteringHandler<XoyRule>>(Mode::kPipelined, file, codec,
                                                               services, parameters);
        case HandlerType::kFirstLast:
            return std::make_unique<FilteringHandler<FirstLastRule>>(Mode::kDirect, file, codec,
                                                                     services, parameters);
        case HandlerType::kRetStart:
            return std::make_unique<RetStartHandler>(file, codec, services, parameters);
        case HandlerType::kRetEnd:
            return std::make_unique<RetEndHandler>(file, codec, services, parameters);
    }
    return nullptr;
}

}  // namespace cloudprofiler
