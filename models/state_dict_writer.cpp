#include "models/state_dict_writer.h"

#include "core/common/error.h"

#include <caffe2/serialize/inline_container.h>

#include <atomic>
#include <cstdio>
#include <filesystem>
#include <map>
#include <system_error>

#include <unistd.h>

namespace vigil::models {
namespace {

namespace fs = std::filesystem;

// The opcodes of pickle protocol 2 that data.pkl needs, memoized as CPython's pickler does
// (BINPUT after each object it memoizes; a repeated global is fetched back with BINGET).
class DataPickle {
public:
    DataPickle() { bytes_ += "\x80\x02"; }

    DataPickle& text(const std::string& value) // BINUNICODE
    {
        bytes_ += 'X';
        littleEndian(value.size(), 4);
        bytes_ += value;
        return memoize();
    }
    DataPickle& integer(int64_t value)
    {
        if (value >= 0 && value < 256) {
            bytes_ += 'K';
            littleEndian(static_cast<uint64_t>(value), 1);
        } else if (value >= 0 && value < 65536) {
            bytes_ += 'M';
            littleEndian(static_cast<uint64_t>(value), 2);
        } else if (value >= INT32_MIN && value <= INT32_MAX) {
            bytes_ += 'J';
            littleEndian(static_cast<uint64_t>(value), 4);
        } else { // LONG1, eight bytes
            bytes_ += "\x8a\x08";
            littleEndian(static_cast<uint64_t>(value), 8);
        }
        return *this;
    }
    DataPickle& global(const std::string& module, const std::string& name)
    {
        const std::string key = module + "." + name;
        const auto found = globals_.find(key);
        if (found != globals_.end())
            return memoGet(found->second);
        bytes_ += 'c' + module + "\n" + name + "\n";
        globals_[key] = memoCount_;
        return memoize();
    }
    DataPickle& op(char code, bool isMemoized = false)
    {
        bytes_ += code;
        return isMemoized ? memoize() : *this;
    }
    std::string finish() { return bytes_ + '.'; }

private:
    void littleEndian(uint64_t value, size_t width)
    {
        for (size_t i = 0; i < width; ++i)
            bytes_ += static_cast<char>((value >> (8 * i)) & 0xff);
    }
    DataPickle& memoize()
    {
        if (memoCount_ < 256) {
            bytes_ += 'q';
            littleEndian(memoCount_, 1);
        } else {
            bytes_ += 'r';
            littleEndian(memoCount_, 4);
        }
        ++memoCount_;
        return *this;
    }
    DataPickle& memoGet(uint64_t index)
    {
        if (index < 256) {
            bytes_ += 'h';
            littleEndian(index, 1);
        } else {
            bytes_ += 'j';
            littleEndian(index, 4);
        }
        return *this;
    }

    std::string bytes_;
    uint64_t memoCount_ = 0;
    std::map<std::string, uint64_t> globals_;
};

const char* storageType(
    const torch::Tensor& tensor, const std::string& path, const std::string& name)
{
    switch (tensor.scalar_type()) {
    case torch::kFloat:
        return "FloatStorage";
    case torch::kDouble:
        return "DoubleStorage";
    case torch::kLong:
        return "LongStorage";
    default:
        throw IoError(path + ": cannot save tensor '" + name + "' of type "
            + std::string(c10::toString(tensor.scalar_type())));
    }
}

void tuple(DataPickle& pickle, c10::IntArrayRef values)
{
    pickle.op('(');
    for (int64_t value : values)
        pickle.integer(value);
    pickle.op('t', true);
}

// torch.save's data.pkl for an OrderedDict of tensors, storage i holding tensor i.
std::string dataPickle(const StateDict& dict, const std::string& path)
{
    DataPickle pickle;
    pickle.global("collections", "OrderedDict").op(')').op('R', true);
    for (size_t i = 0; i < dict.size(); ++i) {
        const auto& [name, tensor] = dict[i];
        if (i % 1000 == 0)
            pickle.op('('); // SETITEMS goes in batches of 1000, as CPython's
        pickle.text(name).global("torch._utils", "_rebuild_tensor_v2").op('(');
        pickle.op('(').text("storage").global("torch", storageType(tensor, path, name));
        pickle.text(std::to_string(i)).text("cpu").integer(tensor.numel()).op('t', true);
        pickle.op('Q').integer(0);
        tuple(pickle, tensor.sizes());
        tuple(pickle, tensor.strides());
        pickle.op('\x89').global("collections", "OrderedDict").op(')').op('R', true);
        pickle.op('t', true).op('R', true);
        if (i % 1000 == 999 || i + 1 == dict.size())
            pickle.op('u');
    }
    return pickle.finish();
}

void writeArchive(const std::string& file, const StateDict& dict, const std::string& path)
{
    const std::string pickle = dataPickle(dict, path);
    caffe2::serialize::PyTorchStreamWriter writer(file);
    writer.writeRecord("data.pkl", pickle.data(), pickle.size());
    for (size_t i = 0; i < dict.size(); ++i) {
        const torch::Tensor contiguous = dict[i].second.contiguous().cpu();
        writer.writeRecord("data/" + std::to_string(i), contiguous.data_ptr(), contiguous.nbytes());
    }
    writer.writeEndOfFile();
}

} // namespace

void writeStateDict(const std::string& path, const StateDict& dict)
{
    // The archive's folder name is the file's stem, so the temporary file keeps the final name,
    // inside a temporary folder on the same file system.
    static std::atomic<int> counter { 0 };
    const fs::path target(path);
    const fs::path folder = target.parent_path().empty() ? fs::path(".") : target.parent_path();
    const fs::path staging
        = folder / (".vigil-" + std::to_string(::getpid()) + "-" + std::to_string(counter++));
    std::error_code error;
    fs::create_directory(staging, error);
    if (error)
        throw IoError(path + ": cannot create a temporary folder beside it: " + error.message());
    const fs::path temporary = staging / target.filename();
    try {
        writeArchive(temporary.string(), dict, path);
        fs::rename(temporary, target, error);
        if (error)
            throw IoError(path + ": cannot write the file: " + error.message());
    } catch (const c10::Error& failure) {
        fs::remove_all(staging, error);
        throw IoError(path + ": cannot write the file: " + failure.what_without_backtrace());
    } catch (...) {
        fs::remove_all(staging, error);
        throw;
    }
    fs::remove_all(staging, error);
}

} // namespace vigil::models
