#include "core/analysis/network_interfaces.h"

namespace vigil::analysis {

std::string backboneName(BackboneKind kind)
{
    return kind == BackboneKind::I3dResNet50 ? "i3d-r50" : "resnet50";
}

} // namespace vigil::analysis
