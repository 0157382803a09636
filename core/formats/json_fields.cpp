#include "core/formats/detail/json_fields.h"

#include "core/common/printable.h"
#include "core/common/text.h"

#include <stdexcept>

namespace vigil::formats::detail {
namespace {

using nlohmann::json;

bool isUnreserved(unsigned char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-'
        || c == '.' || c == '_' || c == '~' || c == '/';
}

std::string percentEncoded(const std::string& bytes)
{
    static constexpr char kHex[] = "0123456789ABCDEF";
    std::string text;
    for (const char byte : bytes) {
        const auto c = static_cast<unsigned char>(byte);
        if (isUnreserved(c)) {
            text += byte;
        } else {
            text += '%';
            text += kHex[c >> 4];
            text += kHex[c & 15];
        }
    }
    return text;
}

std::string percentDecoded(const std::string& text)
{
    std::string bytes;
    for (size_t i = 0; i < text.size(); ++i) {
        if (text[i] != '%') {
            bytes += text[i];
            continue;
        }
        const int high = i + 2 < text.size() ? hexDigitValue(text[i + 1]) : -1;
        const int low = i + 2 < text.size() ? hexDigitValue(text[i + 2]) : -1;
        if (high < 0 || low < 0)
            throw std::invalid_argument("a name's bytes are not percent-encoded");
        bytes += static_cast<char>(high * 16 + low);
        i += 2;
    }
    return bytes;
}

// The length of the UTF-8 sequence starting at `text[i]`, or 0 when it is not a valid one.
size_t sequenceLength(const std::string& text, size_t i)
{
    return static_cast<unsigned char>(text[i]) < 0x80 ? 1 : utf8SequenceLength(text, i);
}

} // namespace

void putFormat(json& document, const char* format, int version)
{
    document["format"] = format;
    document["version"] = version;
}

void checkFormat(const json& document, const char* format, int version)
{
    if (!document.is_object())
        throw std::invalid_argument("not a JSON object");
    if (document.contains("format")
        && (!document["format"].is_string() || document["format"].get<std::string>() != format))
        throw std::invalid_argument(std::string("its format is not ") + format);
    if (!document.contains("version"))
        return;
    if (!document["version"].is_number_integer())
        throw std::invalid_argument("its version is not a number");
    if (document["version"].get<int64_t>() > version)
        throw std::invalid_argument("written by a newer Vigil (" + std::string(format) + " version "
            + std::to_string(document["version"].get<int64_t>()) + "; this one reads up to "
            + std::to_string(version) + ")");
}

std::string dumped(const json& document, int indent)
{
    return document.dump(indent, ' ', false, json::error_handler_t::replace);
}

bool isValidUtf8(const std::string& text)
{
    for (size_t i = 0; i < text.size();) {
        const size_t length = sequenceLength(text, i);
        if (length == 0)
            return false;
        i += length;
    }
    return true;
}

void putName(json& object, const std::string& key, const std::string& name)
{
    object[key] = name; // dumped() shows invalid bytes as U+FFFD here
    if (!isValidUtf8(name))
        object[key + "_bytes"] = percentEncoded(name);
}

std::string nameIn(const json& object, const std::string& key)
{
    const auto exact = object.find(key + "_bytes");
    if (exact != object.end() && exact->is_string())
        return percentDecoded(exact->get<std::string>());
    return object.at(key).get<std::string>();
}

} // namespace vigil::formats::detail
