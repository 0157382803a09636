#include "core/common/printable.h"

#include <cstdio>

namespace vigil {
namespace {

void appendEscaped(std::string& safe, unsigned char byte)
{
    char escaped[8];
    std::snprintf(escaped, sizeof escaped, "\\x%02x", byte);
    safe += escaped;
}

} // namespace

size_t utf8SequenceLength(std::string_view text, size_t i)
{
    const auto lead = static_cast<unsigned char>(text[i]);
    const size_t length = lead >= 0xc2 && lead <= 0xdf ? 2
        : lead >= 0xe0 && lead <= 0xef                 ? 3
        : lead >= 0xf0 && lead <= 0xf4                 ? 4
                                                       : 0;
    if (length == 0 || i + length > text.size())
        return 0;
    for (size_t k = 1; k < length; ++k)
        if ((static_cast<unsigned char>(text[i + k]) & 0xc0) != 0x80)
            return 0;
    const auto second = static_cast<unsigned char>(text[i + 1]);
    if ((lead == 0xe0 && second < 0xa0) || (lead == 0xed && second > 0x9f)
        || (lead == 0xf0 && second < 0x90) || (lead == 0xf4 && second > 0x8f))
        return 0;
    return length;
}

std::string printable(std::string_view text)
{
    std::string safe;
    safe.reserve(text.size());
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        const auto byte = static_cast<unsigned char>(c);
        if (c == '\n') {
            safe += "\\n";
        } else if (c == '\r') {
            safe += "\\r";
        } else if (c == '\t') {
            safe += "\\t";
        } else if (c == '\\') {
            safe += "\\\\";
        } else if (byte < 0x20 || byte == 0x7f) {
            appendEscaped(safe, byte);
        } else if (byte < 0x80) {
            safe += c;
        } else if (const size_t length = utf8SequenceLength(text, i); length == 0) {
            appendEscaped(safe, byte); // not UTF-8: shown as the byte it is
        } else if (byte == 0xc2 && static_cast<unsigned char>(text[i + 1]) < 0xa0) {
            // U+0080..U+009F, the C1 controls: U+009B alone is a CSI to many terminals.
            char escaped[8];
            std::snprintf(
                escaped, sizeof escaped, "\\u%04x", static_cast<unsigned char>(text[i + 1]));
            safe += escaped;
            ++i;
        } else {
            safe.append(text.substr(i, length));
            i += length - 1;
        }
    }
    return safe;
}

} // namespace vigil
