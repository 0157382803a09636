#include "models/pickle_reader.h"

#include <array>

namespace vigil::models {

using ContainerPtr = std::shared_ptr<PickleContainer>;

std::string PickleValue::kindName() const
{
    static constexpr std::array<const char*, 7> kNames
        = { "None", "bool", "int", "float", "str", "bytes", "global" };
    static constexpr std::array<const char*, 5> kContainerNames
        = { "tuple", "list", "dict", "call", "persistent id" };
    const auto* shared = std::get_if<ContainerPtr>(&value);
    if (shared == nullptr)
        return kNames.at(value.index());
    if ((*shared)->kind == PickleContainerKind::Call)
        return "call to " + (*shared)->callable.qualifiedName();
    return (*shared)->isOrderedDict ? "OrderedDict"
                                    : kContainerNames.at(static_cast<size_t>((*shared)->kind));
}

} // namespace vigil::models
