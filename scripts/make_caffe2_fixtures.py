#!/usr/bin/python3
"""Small Caffe2 weights files for the Caffe2 reader tests (tests/unit/models/caffe2_blob_reader_test.cpp).

Run with Debian's python3 (python3-numpy):  /usr/bin/python3 scripts/make_caffe2_fixtures.py
Writes tests/data/caffe2/*.pkl (a few KB in all), reproducible byte for byte.

Facebook's files (i3d_baseline_32x2_IN_pretrain_400k.pkl and the like) are Python 2 cPickle
protocol 2 dumps of {"blobs": {name: numpy array}}. Python 3 pickles bytes differently, so the
"Python 2" files here go through Python2Pickler, which writes bytes as Python 2 wrote its str
(SHORT_BINSTRING / BINSTRING); everything else, NumPy's own __reduce__ included, is Python's
pickle. Each of them is loaded back with pickle.load(f, encoding="latin1"), the way Python 3
code (RTFM's conversion among it) reads the real files, and compared with what was saved.

  arrays.pkl         every supported dtype: f4 [2, 3] = arange(6) / 4, f8 [] = 2.5,
                     f2 [3] = arange(3) / 2, i8 [1] = 400000 ("model_iter"), i4 [2] = [-7, 9],
                     u1 [4] = arange(4) * 60, b1 [3] = [True, False, True], and "lr" f4 [1] = 0.01
                     under a unicode name (Caffe2's unicode_literals)
  fortran.pkl        c = arange(24).reshape(2, 3, 4) (f4) in C order, f = the same values in
                     Fortran order (np.asfortranarray), m = arange(6).reshape(2, 3) Fortran order
  no_wrapper.pkl     {"w": arange(3) (f4)}: blobs at the top level, no "blobs" key
  complex.pkl        one complex64 blob ("c8"), unsupported
  big_endian.pkl     one ">f4" blob, unsupported
  structured.pkl     one blob of dtype [("a", "<f4"), ("b", "<i4")], unsupported
  object.pkl         one object array ("O"), which pickles Python objects instead of bytes
  python3_protocol2.pkl  {"blobs": {"w": arange(3)}} dumped by Python 3 with protocol 2
                     (bytes as _codecs.encode calls)
  python3_protocol4.pkl  the same with protocol 4 (bytes as SHORT_BINBYTES)
  malicious.pkl      {"blobs": os.system("echo pwned")}: GLOBAL + REDUCE of a forbidden global
"""
import io
import os
import pickle
import struct

import numpy as np

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
OUT = os.path.join(ROOT, "tests", "data", "caffe2")


class Python2Pickler(pickle._Pickler):
    """pickle.py's pickler, with bytes written as Python 2 wrote str."""

    dispatch = pickle._Pickler.dispatch.copy()

    def save_python2_str(self, obj):
        if len(obj) < 256:
            self.write(pickle.SHORT_BINSTRING + bytes([len(obj)]) + obj)
        else:
            self.write(pickle.BINSTRING + struct.pack("<i", len(obj)) + obj)
        self.memoize(obj)

    dispatch[bytes] = save_python2_str


def python2_pickle(obj):
    stream = io.BytesIO()
    Python2Pickler(stream, protocol=2).dump(obj)
    return stream.getvalue()


def same(a, b):
    if isinstance(a, dict):
        return isinstance(b, dict) and a.keys() == b.keys() and all(same(a[k], b[k]) for k in a)
    return a.dtype == b.dtype and a.shape == b.shape and np.array_equal(a, b)


def write(name, data, expected=None):
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(data)
    if expected is not None:
        loaded = pickle.loads(data, encoding="latin1")
        # Python 2 str keys come back as str under encoding="latin1".
        normalise = lambda d: {(k.decode("latin1") if isinstance(k, bytes) else k):
                               (normalise(v) if isinstance(v, dict) else v) for k, v in d.items()}
        assert same(normalise(loaded), normalise(expected)), name


def main():
    os.makedirs(OUT, exist_ok=True)
    f4 = lambda values: np.asarray(values, dtype="<f4")

    arrays = {
        b"f4": np.arange(6, dtype="<f4").reshape(2, 3) / np.float32(4),
        b"f8": np.array(2.5, dtype="<f8"),
        b"f2": np.arange(3, dtype="<f2") / np.float16(2),
        b"model_iter": np.array([400000], dtype="<i8"),
        b"i4": np.array([-7, 9], dtype="<i4"),
        b"u1": np.arange(4, dtype="u1") * np.uint8(60),
        b"b1": np.array([True, False, True]),
        "lr": f4([0.01]),
    }
    write("arrays.pkl", python2_pickle({b"blobs": arrays}), {b"blobs": arrays})

    cube = np.arange(24, dtype="<f4").reshape(2, 3, 4)
    fortran = {b"c": cube, b"f": np.asfortranarray(cube),
               b"m": np.asfortranarray(np.arange(6, dtype="<f4").reshape(2, 3))}
    assert fortran[b"f"].flags.f_contiguous and not fortran[b"f"].flags.c_contiguous
    write("fortran.pkl", python2_pickle({b"blobs": fortran}), {b"blobs": fortran})

    plain = {b"w": np.arange(3, dtype="<f4")}
    write("no_wrapper.pkl", python2_pickle(plain), plain)

    unsupported = {
        "complex.pkl": np.arange(2, dtype="<c8"),
        "big_endian.pkl": np.arange(2, dtype=">f4"),
        "structured.pkl": np.zeros(2, dtype=[("a", "<f4"), ("b", "<i4")]),
        "object.pkl": np.array([1, "two"], dtype=object),
    }
    for name, array in unsupported.items():
        write(name, python2_pickle({b"blobs": {b"conv1_w": array}}))

    python3 = {"blobs": {"w": np.arange(3, dtype="<f4")}}
    write("python3_protocol2.pkl", pickle.dumps(python3, protocol=2), python3)
    write("python3_protocol4.pkl", pickle.dumps(python3, protocol=4), python3)

    evil = b"\x80\x02}q\x00U\x05blobsq\x01cos\nsystem\nq\x02U\x0aecho pwnedq\x03\x85q\x04Rq\x05s."
    write("malicious.pkl", evil)

    total = sum(os.path.getsize(os.path.join(OUT, name)) for name in os.listdir(OUT))
    print(f"wrote {len(os.listdir(OUT))} files, {total} bytes, to {OUT}")


if __name__ == "__main__":
    main()
