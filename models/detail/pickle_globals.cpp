#include "models/detail/pickle_globals.h"

#include <algorithm>
#include <array>

namespace vigil::models::detail {
namespace {

constexpr std::array<const char*, 10> kStorageTypes
    = { "FloatStorage", "DoubleStorage", "HalfStorage", "BFloat16Storage", "LongStorage",
          "IntStorage", "ShortStorage", "CharStorage", "ByteStorage", "BoolStorage" };

// What Caffe2's Python 2 pickles of NumPy arrays name: ndarray.__reduce__ gives
// _reconstruct(ndarray, (0,), 'b') plus a BUILD state holding a dtype(...) with its own state;
// NumPy scalars are scalar(dtype, raw bytes).
bool isNumPyGlobal(const PickleGlobal& global)
{
    if (global.module == "numpy")
        return global.name == "ndarray" || global.name == "dtype";
    return global.module == "numpy.core.multiarray"
        && (global.name == "_reconstruct" || global.name == "scalar");
}

} // namespace

bool isStorageType(const PickleGlobal& global)
{
    const auto& names = kStorageTypes;
    return global.module == "torch"
        && std::find(names.begin(), names.end(), global.name) != names.end();
}

bool isAllowed(const PickleGlobal& global, PickleGlobals allowed)
{
    if (allowed == PickleGlobals::NumPyArrays)
        return isNumPyGlobal(global);
    if (global.module == "collections")
        return global.name == "OrderedDict";
    if (global.module == "torch._utils")
        return global.name == "_rebuild_tensor_v2" || global.name == "_rebuild_parameter"
            || global.name == "_rebuild_parameter_with_state";
    return isStorageType(global);
}

} // namespace vigil::models::detail
