#include "models/state_dict_loader.h"

#include "core/common/error.h"

#include <torch/utils.h>

#include <sstream>
#include <unordered_map>
#include <unordered_set>

namespace vigil::models {
namespace {

std::string shapeText(c10::IntArrayRef sizes)
{
    std::ostringstream text;
    text << '[';
    for (size_t i = 0; i < sizes.size(); ++i)
        text << (i == 0 ? "" : ", ") << sizes[i];
    text << ']';
    return text.str();
}

// The module tensor takes the value's memory where nothing needs converting.
bool isAdoptable(const torch::Tensor& target, const torch::Tensor& value)
{
    return value.scalar_type() == target.scalar_type() && value.device() == target.device()
        && value.is_contiguous() && target.is_contiguous() && value.layout() == target.layout();
}

LoadReport load(
    torch::nn::Module& module, const StateDict& dict, const std::string& source, bool isAdopting)
{
    std::unordered_map<std::string, const torch::Tensor*> byName;
    for (const auto& [name, tensor] : dict)
        byName.emplace(name, &tensor);

    std::vector<std::pair<torch::Tensor, const torch::Tensor*>> copies; // module tensor, value
    std::unordered_set<std::string> used;
    const auto expect = [&](const std::string& name, const torch::Tensor& target) {
        if (!target.defined())
            return;
        const auto found = byName.find(name);
        if (found == byName.end())
            throw ModelError(source + ": missing tensor '" + name + "'");
        if (found->second->sizes() != target.sizes())
            throw ModelError(source + ": tensor '" + name + "' has shape "
                + shapeText(found->second->sizes()) + ", expected " + shapeText(target.sizes()));
        // A NaN or infinite weight would make every score NaN, far from the file that caused it.
        if (found->second->is_floating_point()
            && !torch::isfinite(*found->second).all().item<bool>())
            throw ModelError(source + ": tensor '" + name + "' holds NaN or infinite values");
        copies.emplace_back(target, found->second);
        used.insert(name);
    };
    for (const auto& parameter : module.named_parameters(/*recurse=*/true))
        expect(parameter.key(), parameter.value());
    for (const auto& buffer : module.named_buffers(/*recurse=*/true))
        expect(buffer.key(), buffer.value());

    torch::NoGradGuard noGrad;
    for (auto& [target, value] : copies) {
        if (isAdopting && isAdoptable(target, *value))
            target.set_data(*value);
        else
            target.copy_(*value); // converts dtype and device
    }

    LoadReport report;
    for (const auto& entry : dict) {
        if (used.count(entry.first) == 0)
            report.ignoredKeys.push_back(entry.first);
    }
    return report;
}

} // namespace

StateDict withoutPrefix(StateDict dict, const std::string& prefix)
{
    for (const auto& entry : dict)
        if (entry.first.rfind(prefix, 0) != 0)
            return dict;
    for (auto& entry : dict)
        entry.first.erase(0, prefix.size());
    return dict;
}

LoadReport loadStateDict(
    torch::nn::Module& module, const StateDict& dict, const std::string& source)
{
    return load(module, dict, source, /*isAdopting=*/false);
}

LoadReport loadStateDict(torch::nn::Module& module, StateDict&& dict, const std::string& source)
{
    const StateDict given = std::move(dict);
    return load(module, given, source, /*isAdopting=*/true);
}

StateDict withBatchCounts(const torch::nn::Module& network, StateDict dict)
{
    std::unordered_set<std::string> names;
    for (const auto& entry : dict)
        names.insert(entry.first);
    const std::string counter = ".num_batches_tracked";
    for (const auto& buffer : network.named_buffers(/*recurse=*/true)) {
        const auto& name = buffer.key();
        if (name.size() > counter.size()
            && name.compare(name.size() - counter.size(), counter.size(), counter) == 0
            && names.count(name) == 0)
            dict.emplace_back(name, buffer.value().clone());
    }
    return dict;
}

} // namespace vigil::models
