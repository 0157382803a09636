#include "models/state_dict_reader.h"

#include "core/common/error.h"
#include "core/files/regular_file.h"
#include "models/detail/legacy_torch_file.h"
#include "models/detail/one_line.h"
#include "models/detail/saved_tensors.h"
#include "models/pickle_reader.h"

#include <c10/util/Exception.h>
#include <caffe2/serialize/inline_container.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <memory>
#include <optional>
#include <unistd.h>

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "torch.save stores little-endian data");

namespace vigil::models {
namespace {

constexpr uint32_t kEndOfCentralDirectory = 0x06054b50;
constexpr uint32_t kZip64Locator = 0x07064b50;
constexpr uint32_t kZip64EndOfCentralDirectory = 0x06064b50;
constexpr uint32_t kCentralFileHeader = 0x02014b50;
constexpr size_t kEndRecordSize = 22;
constexpr size_t kMaxZipCommentSize = 0xffff;
constexpr size_t kCentralHeaderSize = 46;

// The pickle torch < 1.6 wrote first: PROTO 2, LONG1 of 10 bytes holding its magic number.
constexpr std::string_view kLegacyMagic {
    "\x80\x02\x8a\x0a\x6c\xfc\x9c\x46\xf9\x20\x6a\xa8\x50\x19", 14
};

ModelError notStateDict(const std::string& path, const std::string& why)
{
    return ModelError(path + ": not a PyTorch state-dict file (" + why + ")");
}

uint64_t littleEndian(const std::string& bytes, size_t offset, size_t width)
{
    uint64_t value = 0;
    for (size_t i = width; i-- > 0;)
        value = (value << 8) | static_cast<uint8_t>(bytes.at(offset + i));
    return value;
}

std::string readAt(const files::RegularFile& file, uint64_t offset, uint64_t count)
{
    std::string bytes(count, '\0');
    file.readAt(offset, bytes.data(), count);
    return bytes;
}

// PyTorchStreamReader reads through the descriptor the screening opened, so the file it reads
// is the regular file that was checked, not whatever the path names by then.
class RegularFileAdapter : public caffe2::serialize::ReadAdapterInterface {
public:
    explicit RegularFileAdapter(const files::RegularFile& file)
        : file_(file)
    {
    }

    size_t size() const override { return file_.sizeBytes(); }

    // A short count, never an exception: miniz, which calls this, is C.
    size_t read(uint64_t position, void* buffer, size_t count, const char*) const override
    {
        size_t done = 0;
        while (done < count) {
            const ssize_t got = ::pread(file_.descriptor(), static_cast<char*>(buffer) + done,
                count - done, static_cast<off_t>(position + done));
            if (got < 0 && errno == EINTR)
                continue;
            if (got <= 0)
                break;
            done += static_cast<size_t>(got);
        }
        return done;
    }

private:
    const files::RegularFile& file_;
};

struct CentralDirectory {
    uint64_t entries = 0;
    uint64_t size = 0;
    uint64_t offset = 0;
};

// Finds the zip end record, and its zip64 extension where there is one. Returns nullopt when
// the file has no end record at all, i.e. is no zip archive.
std::optional<CentralDirectory> findCentralDirectory(
    const std::string& path, const files::RegularFile& file, uint64_t fileSize)
{
    const auto tailSize = std::min<uint64_t>(fileSize, kEndRecordSize + kMaxZipCommentSize + 20);
    const auto tail = readAt(file, fileSize - tailSize, tailSize);
    size_t end = tail.size() < kEndRecordSize ? std::string::npos : tail.size() - kEndRecordSize;
    while (end != std::string::npos && littleEndian(tail, end, 4) != kEndOfCentralDirectory)
        end = end == 0 ? std::string::npos : end - 1;
    if (end == std::string::npos)
        return std::nullopt;
    if (end < 20 || littleEndian(tail, end - 20, 4) != kZip64Locator)
        return CentralDirectory { littleEndian(tail, end + 10, 2), littleEndian(tail, end + 12, 4),
            littleEndian(tail, end + 16, 4) };
    const auto zip64EndOffset = littleEndian(tail, end - 20 + 8, 8);
    if (fileSize < 56 || zip64EndOffset > fileSize - 56)
        throw ModelError(path + ": damaged zip archive (zip64 end record)");
    const auto zip64End = readAt(file, zip64EndOffset, 56);
    if (littleEndian(zip64End, 0, 4) != kZip64EndOfCentralDirectory)
        throw ModelError(path + ": damaged zip archive (zip64 end record)");
    return CentralDirectory { littleEndian(zip64End, 32, 8), littleEndian(zip64End, 40, 8),
        littleEndian(zip64End, 48, 8) };
}

// Checks the archive's central directory before PyTorchStreamReader sees it. torch.save stores
// every record uncompressed; rejecting compressed ones keeps PyTorchStreamReader from
// allocating a record's declared, possibly huge, inflated size. TorchScript archives, which
// compress their code, are named as such.
void checkRecords(
    const std::string& path, const std::string& directory, uint64_t entries, uint64_t fileSize)
{
    std::string packedRecord; // the first compressed record
    std::string folder; // PyTorchStreamReader wants every record in one folder
    bool isTorchScript = false, hasVersion = false;
    for (size_t i = 0, position = 0; i < entries; ++i) {
        if (position + kCentralHeaderSize > directory.size()
            || littleEndian(directory, position, 4) != kCentralFileHeader)
            throw ModelError(path + ": damaged zip archive (central directory)");
        const auto method = littleEndian(directory, position + 10, 2);
        auto inflatedSize = littleEndian(directory, position + 24, 4);
        const auto nameEnd
            = position + kCentralHeaderSize + littleEndian(directory, position + 28, 2);
        const auto extraEnd = nameEnd + littleEndian(directory, position + 30, 2);
        const auto next = extraEnd + littleEndian(directory, position + 32, 2);
        if (next > directory.size())
            throw ModelError(path + ": damaged zip archive (central directory)");
        // A zip64 extra field (id 1) carries the real size when the header says 0xffffffff.
        for (size_t field = nameEnd; inflatedSize == 0xffffffff && field + 12 <= extraEnd;
             field += 4 + littleEndian(directory, field + 2, 2)) {
            if (littleEndian(directory, field, 2) == 1)
                inflatedSize = littleEndian(directory, field + 4, 8);
        }
        const auto name = directory.substr(
            position + kCentralHeaderSize, nameEnd - position - kCentralHeaderSize);
        if (i == 0)
            folder = name.substr(0, name.find('/') + 1);
        if (folder.empty() || name.compare(0, folder.size(), folder) != 0)
            throw notStateDict(path, "the archive's records are not in one folder");
        hasVersion = hasVersion || name == folder + "version";
        isTorchScript = isTorchScript || name == folder + "constants.pkl";
        if ((method != 0 || inflatedSize > fileSize) && packedRecord.empty())
            packedRecord = name;
        position = next;
    }
    if (isTorchScript)
        throw notStateDict(
            path, "a TorchScript archive; expected the zip format written by torch.save");
    if (!hasVersion)
        throw notStateDict(path, "the archive has no version record");
    if (!packedRecord.empty())
        throw notStateDict(path,
            "record '" + packedRecord
                + "' is compressed or oversized; torch.save stores records uncompressed");
}

enum class FileFormat { Zip, Legacy };

// Screens the file before PyTorchStreamReader sees it. Throws IoError when it cannot be read.
FileFormat screenFile(const files::RegularFile& file)
{
    const auto& path = file.path();
    const auto fileSize = file.sizeBytes();
    const auto head = readAt(file, 0, std::min<uint64_t>(fileSize, kLegacyMagic.size()));
    if (head == kLegacyMagic)
        return FileFormat::Legacy;
    const auto directory = findCentralDirectory(path, file, fileSize);
    if (!directory && head.rfind("PK\x03\x04", 0) == 0)
        throw ModelError(path + ": truncated or damaged zip archive (no end-of-archive record)");
    if (!directory)
        throw notStateDict(path, "expected the zip format written by torch.save");
    if (directory->size > fileSize || directory->offset > fileSize - directory->size)
        throw ModelError(path + ": damaged zip archive (central directory out of bounds)");
    checkRecords(
        path, readAt(file, directory->offset, directory->size), directory->entries, fileSize);
    return FileFormat::Zip;
}

StateDict readArchive(const files::RegularFile& file)
{
    const auto& path = file.path();
    const auto fileSize = file.sizeBytes();
    caffe2::serialize::PyTorchStreamReader reader(std::make_shared<RegularFileAdapter>(file));
    if (!reader.hasRecord("data.pkl"))
        throw notStateDict(path, "the archive has no data.pkl");
    if (reader.hasRecord("byteorder")) {
        const auto [data, size] = reader.getRecord("byteorder");
        if (std::string_view(static_cast<const char*>(data.get()), size) != "little")
            throw ModelError(path + ": tensors stored big-endian are unsupported");
    }
    const auto [data, size] = reader.getRecord("data.pkl");
    const auto root = readPickle(
        std::string_view(static_cast<const char*>(data.get()), size), path + ": data.pkl");
    const auto loadRecord = [&](const detail::StorageId& id) {
        const auto record = "data/" + id.key;
        if (!reader.hasRecord(record))
            throw ModelError(path + ": storage '" + record + "' is missing");
        auto [bytes, byteSize] = reader.getRecord(record);
        const auto expected = id.numel * static_cast<int64_t>(c10::elementSize(id.dtype));
        if (static_cast<int64_t>(byteSize) != expected)
            throw ModelError(path + ": storage '" + record + "' holds " + std::to_string(byteSize)
                + " bytes, expected " + std::to_string(expected));
        c10::Storage storage(c10::Storage::use_byte_size_t(), byteSize, std::move(bytes));
        return torch::empty({ 0 }, torch::dtype(id.dtype)).set_(storage, 0, { id.numel }, { 1 });
    };
    return detail::buildStateDict(root, path, fileSize, loadRecord);
}

} // namespace

StateDict readStateDict(const std::string& path)
{
    try {
        // A FIFO or a device would block open() or never end; RegularFile refuses them.
        const files::RegularFile file(path);
        // Said as every other reader says it (an interrupted copy, a full disk).
        if (file.sizeBytes() == 0)
            throw ModelError(path + ": empty file (0 bytes)");
        if (screenFile(file) == FileFormat::Legacy)
            return detail::readLegacyStateDict(file);
        return readArchive(file);
    } catch (const IoError& error) {
        throw ModelError(detail::oneLine(error.what()));
    } catch (const c10::Error& error) {
        const std::string message = error.what_without_backtrace();
        throw ModelError(detail::oneLine(
            path + ": cannot read the archive: " + message.substr(0, message.find('\n'))));
    } catch (const ModelError& error) {
        throw ModelError(detail::oneLine(error.what()));
    }
}

} // namespace vigil::models
