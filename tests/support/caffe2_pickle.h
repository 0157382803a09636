#pragma once
// Caffe2 weights files as Python 2 wrote them: cPickle protocol 2 of {"blobs": {name: array}},
// each NumPy array pickled by ndarray.__reduce__ as _reconstruct(ndarray, (0,), 'b') plus the
// BUILD state (1, shape, dtype, is_fortran, raw bytes as a Python 2 str), each dtype as
// dtype('f4', False, True) plus its state (3, '<', None, None, None, -1, -1, 0). The dtype
// object, the two globals and the 'b' are memoized once and fetched again, as cPickle does for
// NumPy's shared instances. scripts/make_caffe2_fixtures.py checks that NumPy reads these bytes.

#include "tests/support/pickle_writer.h"

#include <string>
#include <utility>
#include <vector>

namespace vigil::test {

struct NumPyArray {
    std::string dtype = "f4"; // dtype.str without its byte order: f4, f8, i8, u1, ...
    std::string byteOrder = "<"; // '|' for one-byte types, as NumPy writes them
    std::vector<int64_t> shape;
    std::string data; // the raw bytes, in C order, or Fortran order when isFortran
    bool isFortran = false;
};

using NumPyBlobs = std::vector<std::pair<std::string, NumPyArray>>;

inline void writeNumPyDtype(PickleWriter& pickle, const NumPyArray& array)
{
    const auto key = "dtype:" + array.byteOrder + array.dtype;
    if (pickle.reuse(key))
        return;
    pickle.global("numpy", "dtype").byteString(array.dtype).boolean(false).boolean(true);
    pickle.tuple3().reduce();
    pickle.remember(key);
    pickle.mark().integer(3).byteString(array.byteOrder).none().none().none();
    pickle.integer(-1).integer(-1).integer(0).tuple().build();
}

inline void writeNumPyArray(PickleWriter& pickle, const NumPyArray& array)
{
    pickle.global("numpy.core.multiarray", "_reconstruct");
    pickle.global("numpy", "ndarray").integer(0).tuple1();
    if (!pickle.reuse("b")) {
        pickle.byteString("b");
        pickle.remember("b");
    }
    pickle.tuple3().reduce();
    pickle.mark().integer(1);
    if (array.shape.size() > 3)
        pickle.mark();
    for (const auto size : array.shape)
        pickle.integer(size);
    switch (array.shape.size()) { // protocol 2 writes short tuples without a MARK
    case 0:
        pickle.emptyTuple();
        break;
    case 1:
        pickle.tuple1();
        break;
    case 2:
        pickle.tuple2();
        break;
    case 3:
        pickle.tuple3();
        break;
    default:
        pickle.tuple();
    }
    writeNumPyDtype(pickle, array);
    pickle.boolean(array.isFortran).byteString(array.data).tuple().build();
}

// The whole file. Items go in SETITEMS batches of 1000, as cPickle batches them.
inline std::string caffe2Pickle(const NumPyBlobs& blobs)
{
    PickleWriter pickle;
    pickle.emptyDict().byteString("blobs").emptyDict();
    for (size_t i = 0; i < blobs.size(); ++i) {
        if (i % 1000 == 0)
            pickle.mark();
        pickle.byteString(blobs[i].first);
        writeNumPyArray(pickle, blobs[i].second);
        if (i % 1000 == 999 || i + 1 == blobs.size())
            pickle.setItems();
    }
    return pickle.setItem().stop().bytes();
}

} // namespace vigil::test
