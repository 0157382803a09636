#pragma once
// State dicts written as torch.save writes them, for tests that need full-size files (about
// 100 MB, too big to commit): the zip format of torch >= 1.6 through LibTorch's own
// PyTorchStreamWriter (the writer torch.save uses), or the stream format of torch < 1.6 (five
// pickles in a row, then each storage as its element count and raw bytes). data.pkl holds
// _rebuild_tensor_v2(persistent id, offset, size, stride, requires_grad, OrderedDict()) per
// tensor, one storage per tensor, inside an OrderedDict() (nn.Module.state_dict()) or a plain
// dict (RTFM's converted I3D file). scripts/make_state_dict_fixtures.py makes the small real ones.

#include "tests/support/pickle_writer.h"

#include <caffe2/serialize/inline_container.h>
#include <torch/torch.h>

#include <algorithm>
#include <fstream>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace vigil::test {

enum class TorchFileFormat { Zip, Legacy };
enum class TopLevel { OrderedDict, PlainDict };

inline const char* storageTypeName(torch::ScalarType type)
{
    switch (type) {
    case torch::kFloat:
        return "FloatStorage";
    case torch::kDouble:
        return "DoubleStorage";
    case torch::kLong:
        return "LongStorage";
    default:
        throw std::invalid_argument("torch_file_writer: unsupported dtype");
    }
}

inline std::string dataPickle(const std::vector<std::pair<std::string, torch::Tensor>>& dict,
    TopLevel topLevel, TorchFileFormat format)
{
    PickleWriter pickle;
    if (topLevel == TopLevel::OrderedDict)
        pickle.global("collections", "OrderedDict").emptyTuple().reduce();
    else
        pickle.emptyDict();
    for (size_t i = 0; i < dict.size(); ++i) {
        const auto& tensor = dict[i].second;
        if (i % 1000 == 0)
            pickle.mark();
        pickle.text(dict[i].first).global("torch._utils", "_rebuild_tensor_v2").mark();
        pickle.mark().text("storage").global("torch", storageTypeName(tensor.scalar_type()));
        pickle.text(std::to_string(i)).text("cpu").integer(tensor.numel());
        if (format == TorchFileFormat::Legacy)
            pickle.none(); // view_metadata
        pickle.tuple().persistentId().integer(0);
        for (const auto& list : { tensor.sizes(), tensor.strides() }) {
            pickle.mark();
            for (const auto value : list)
                pickle.integer(value);
            pickle.tuple();
        }
        pickle.boolean(false).global("collections", "OrderedDict").emptyTuple().reduce();
        pickle.tuple().reduce();
        if (i % 1000 == 999 || i + 1 == dict.size())
            pickle.setItems();
    }
    return pickle.stop().bytes();
}

inline std::string bytesOf(const torch::Tensor& tensor)
{
    const auto contiguous = tensor.contiguous();
    return std::string(static_cast<const char*>(contiguous.data_ptr()), contiguous.nbytes());
}

inline std::string legacyHeader()
{
    std::string bytes("\x80\x02\x8a\x0a\x6c\xfc\x9c\x46\xf9\x20\x6a\xa8\x50\x19.", 15); // magic
    bytes += PickleWriter().integer(1001).stop().bytes(); // protocol version
    PickleWriter info;
    info.emptyDict().mark().text("protocol_version").integer(1001);
    info.text("little_endian").boolean(true).text("type_sizes").emptyDict();
    info.mark().text("short").integer(2).text("int").integer(4).text("long").integer(4);
    info.setItems().setItems();
    return bytes + info.stop().bytes();
}

inline void writeTorchFile(const std::string& path,
    const std::vector<std::pair<std::string, torch::Tensor>>& dict, TopLevel topLevel,
    TorchFileFormat format)
{
    const auto pickle = dataPickle(dict, topLevel, format);
    if (format == TorchFileFormat::Zip) {
        caffe2::serialize::PyTorchStreamWriter writer(path);
        writer.writeRecord("data.pkl", pickle.data(), pickle.size());
        for (size_t i = 0; i < dict.size(); ++i) {
            const auto data = bytesOf(dict[i].second);
            writer.writeRecord("data/" + std::to_string(i), data.data(), data.size());
        }
        writer.writeEndOfFile();
        return;
    }
    std::ofstream file(path, std::ios::binary);
    file << legacyHeader() << pickle;
    // torch.save lists the storage keys sorted as strings and writes the storages in that order.
    std::vector<std::string> keys;
    for (size_t i = 0; i < dict.size(); ++i)
        keys.push_back(std::to_string(i));
    std::sort(keys.begin(), keys.end());
    PickleWriter keyList;
    keyList.emptyList();
    for (const auto& key : keys)
        keyList.text(key).append();
    file << keyList.stop().bytes();
    for (const auto& key : keys) {
        const auto& tensor = dict[std::stoul(key)].second;
        const auto numel = static_cast<uint64_t>(tensor.numel());
        file.write(reinterpret_cast<const char*>(&numel), sizeof numel);
        file << bytesOf(tensor);
    }
    if (!file)
        throw std::runtime_error("torch_file_writer: cannot write " + path);
}

} // namespace vigil::test
