#include "core/files/npy_header.h"

#include "core/common/error.h"

#include <limits>

namespace vigil::files {
namespace {

constexpr size_t kMaxDims = 32; // numpy's own limit (NPY_MAXDIMS) before numpy 2
constexpr size_t kMaxDescrLength = 64;

// Reads the dict left to right; each method consumes one token or fails.
class HeaderParser {
public:
    HeaderParser(std::string_view text, const std::string& path)
        : text_(text)
        , path_(path)
    {
    }

    NpyHeader parse()
    {
        expect('{');
        while (!consume('}')) {
            entry();
            if (!consume(',')) {
                expect('}', "',' or '}'");
                break;
            }
        }
        if (seen_ != (kDescr | kOrder | kShape))
            fail("the header lacks 'descr', 'fortran_order' or 'shape'");
        skipSpace();
        if (position_ != text_.size())
            fail("unexpected text after the header dict");
        return header_;
    }

private:
    [[noreturn]] void fail(const std::string& why) const
    {
        throw IoError(path_ + ": not a readable .npy float array: malformed header: " + why);
    }

    enum Key : unsigned { kDescr = 1, kOrder = 2, kShape = 4 };

    void entry()
    {
        const std::string key = quotedString();
        expect(':');
        Key which = kDescr;
        if (key == "fortran_order")
            which = kOrder;
        else if (key == "shape")
            which = kShape;
        else if (key != "descr")
            fail("unknown key '" + clipped(key) + "'");
        if ((seen_ & which) != 0)
            fail("key '" + key + "' appears twice");
        seen_ |= which;
        if (which == kDescr)
            header_.descr = quotedString();
        else if (which == kOrder)
            header_.isFortranOrder = boolean();
        else
            header_.shape = tuple();
    }

    static std::string clipped(const std::string& text)
    {
        return text.size() <= 32 ? text : text.substr(0, 32) + "...";
    }

    void skipSpace()
    {
        while (position_ < text_.size()
            && (text_[position_] == ' ' || text_[position_] == '\n' || text_[position_] == '\t'
                || text_[position_] == '\r'))
            ++position_;
    }

    bool consume(char wanted)
    {
        skipSpace();
        if (position_ >= text_.size() || text_[position_] != wanted)
            return false;
        ++position_;
        return true;
    }

    void expect(char wanted, const char* what = nullptr)
    {
        if (!consume(wanted))
            fail(std::string("expected ") + (what != nullptr ? what : std::string(1, wanted)));
    }

    // 'text' or "text", without escapes: no key or dtype numpy writes needs one.
    std::string quotedString()
    {
        skipSpace();
        const char quote = position_ < text_.size() ? text_[position_] : '\0';
        if (quote != '\'' && quote != '"')
            fail("expected a quoted string");
        const auto end = text_.find(quote, position_ + 1);
        if (end == std::string_view::npos || end - position_ - 1 > kMaxDescrLength)
            fail("unterminated or overlong string");
        std::string value(text_.substr(position_ + 1, end - position_ - 1));
        if (value.find('\\') != std::string::npos)
            fail("escapes in strings are unsupported");
        position_ = end + 1;
        return value;
    }

    bool word(std::string_view wanted)
    {
        skipSpace();
        if (text_.substr(position_, wanted.size()) != wanted)
            return false;
        position_ += wanted.size();
        return true;
    }

    bool boolean()
    {
        if (word("True"))
            return true;
        if (word("False"))
            return false;
        fail("'fortran_order' is not True or False");
    }

    int64_t integer()
    {
        skipSpace();
        const size_t start = position_;
        int64_t value = 0;
        while (position_ < text_.size() && text_[position_] >= '0' && text_[position_] <= '9') {
            if (__builtin_mul_overflow(value, 10, &value)
                || __builtin_add_overflow(value, text_[position_] - '0', &value))
                fail("a shape extent overflows 64 bits");
            ++position_;
        }
        if (position_ == start)
            fail("a shape extent is not a non-negative integer");
        if (position_ < text_.size() && text_[position_] == 'L') // Python 2's long
            ++position_;
        return value;
    }

    std::vector<int64_t> tuple()
    {
        expect('(');
        std::vector<int64_t> items;
        while (!consume(')')) {
            if (items.size() == kMaxDims)
                fail("more than " + std::to_string(kMaxDims) + " dimensions");
            items.push_back(integer());
            if (!consume(',')) {
                if (items.size() == 1)
                    fail("'shape' is not a tuple (a one-item tuple needs its comma)");
                expect(')', "',' or ')'");
                break;
            }
        }
        return items;
    }

    std::string_view text_;
    const std::string& path_;
    size_t position_ = 0;
    NpyHeader header_;
    unsigned seen_ = 0;
};

} // namespace

NpyHeader parseNpyHeader(std::string_view header, const std::string& path)
{
    return HeaderParser(header, path).parse();
}

} // namespace vigil::files
