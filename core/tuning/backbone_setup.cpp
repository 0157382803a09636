#include "core/tuning/backbone_setup.h"

#include "core/common/plural.h"

namespace vigil::tuning {

std::string toString(Layout layout)
{
    switch (layout) {
    case Layout::Contiguous:
        return "contiguous";
    case Layout::ChannelsLast:
        return "channels-last";
    case Layout::Blocked:
        return "blocked";
    }
    return "blocked";
}

std::optional<Layout> layoutFromString(std::string_view word)
{
    for (Layout layout : { Layout::Contiguous, Layout::ChannelsLast, Layout::Blocked })
        if (word == toString(layout))
            return layout;
    return std::nullopt;
}

std::string describe(const BackboneSetup& setup)
{
    return toString(setup.layout) + ", " + counted(setup.snippetsPerPass, "snippet") + " per pass, "
        + counted(setup.threads, "thread");
}

} // namespace vigil::tuning
