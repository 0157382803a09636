#pragma once
// Writes Python pickles opcode by opcode, as CPython writes them with protocol 2: what
// torch.save puts in data.pkl, and what Python 2's cPickle wrote for Caffe2's NumPy blob files.
// Tests use it to make full-size weight files at test time instead of committing them.
// Memoizes as CPython does (BINPUT, then LONG_BINPUT past index 255), so large files exercise the
// reader's memo the way real ones do. Not thread-safe; one writer per file.

#include <cstdint>
#include <cstring>
#include <map>
#include <string>

namespace vigil::test {

class PickleWriter {
public:
    PickleWriter()
    {
        raw("\x80\x02", 2); // PROTO 2
    }

    // Python 3 str (BINUNICODE). Python 2's unicode pickles the same way.
    PickleWriter& text(const std::string& value)
    {
        op('X');
        le(value.size(), 4);
        bytes_ += value;
        return memoize();
    }

    // Python 2 str, which is bytes: SHORT_BINSTRING below 256 bytes, else BINSTRING.
    PickleWriter& byteString(const std::string& value)
    {
        if (value.size() < 256) {
            op('U');
            le(value.size(), 1);
        } else {
            op('T');
            le(value.size(), 4);
        }
        bytes_ += value;
        return memoize();
    }

    // BININT1, BININT2 or BININT, as pickle.py chooses; LONG1 beyond 32 bits.
    PickleWriter& integer(int64_t value)
    {
        if (value >= 0 && value < 256) {
            op('K');
            le(static_cast<uint64_t>(value), 1);
        } else if (value >= 0 && value < 65536) {
            op('M');
            le(static_cast<uint64_t>(value), 2);
        } else if (value >= INT32_MIN && value <= INT32_MAX) {
            op('J');
            le(static_cast<uint64_t>(value), 4);
        } else { // LONG1 with eight bytes: enough for any int64_t
            op('\x8a');
            le(8, 1);
            le(static_cast<uint64_t>(value), 8);
        }
        return *this;
    }

    PickleWriter& boolean(bool value) { return op(value ? '\x88' : '\x89'); }
    PickleWriter& none() { return op('N'); }
    PickleWriter& mark() { return op('('); }
    PickleWriter& tuple() { return op('t').memoize(); } // items since the last mark()
    PickleWriter& tuple1() { return op('\x85').memoize(); }
    PickleWriter& tuple2() { return op('\x86').memoize(); }
    PickleWriter& tuple3() { return op('\x87').memoize(); }
    PickleWriter& emptyTuple() { return op(')'); }
    PickleWriter& emptyDict() { return op('}').memoize(); }
    PickleWriter& emptyList() { return op(']').memoize(); }
    PickleWriter& setItem() { return op('s'); }
    PickleWriter& setItems() { return op('u'); } // pairs since the last mark()
    PickleWriter& append() { return op('a'); }
    PickleWriter& reduce() { return op('R').memoize(); }
    PickleWriter& build() { return op('b'); }
    PickleWriter& persistentId() { return op('Q'); }
    PickleWriter& stop() { return op('.'); }

    // GLOBAL, memoized by name: the second use of a global is a BINGET, as in CPython.
    PickleWriter& global(const std::string& module, const std::string& name)
    {
        const auto key = "global:" + module + "." + name;
        if (reuse(key))
            return *this;
        op('c');
        bytes_ += module + "\n" + name + "\n";
        memoize();
        shared_[key] = memoCount_ - 1;
        return *this;
    }

    // Pushes the object memoized under `key` and returns true, or returns false when nothing
    // is memoized under it yet; after writing the object, remember(key) memoizes it.
    bool reuse(const std::string& key)
    {
        const auto found = shared_.find(key);
        if (found == shared_.end())
            return false;
        if (found->second < 256) {
            op('h');
            le(found->second, 1);
        } else {
            op('j');
            le(found->second, 4);
        }
        return true;
    }
    void remember(const std::string& key) { shared_[key] = memoCount_ - 1; }

    const std::string& bytes() const { return bytes_; }

private:
    PickleWriter& op(char code)
    {
        bytes_ += code;
        return *this;
    }

    PickleWriter& raw(const char* data, size_t size)
    {
        bytes_.append(data, size);
        return *this;
    }

    void le(uint64_t value, size_t width)
    {
        for (size_t i = 0; i < width; ++i)
            bytes_ += static_cast<char>((value >> (8 * i)) & 0xff);
    }

    PickleWriter& memoize()
    {
        if (memoCount_ < 256) {
            op('q');
            le(memoCount_, 1);
        } else {
            op('r');
            le(memoCount_, 4);
        }
        ++memoCount_;
        return *this;
    }

    std::string bytes_;
    uint64_t memoCount_ = 0;
    std::map<std::string, uint64_t> shared_;
};

} // namespace vigil::test
