#pragma once
// Reads the NumPy arrays of a Caffe2 weights file without Python: the Python 2 pickle of
// {"blobs": {name: numpy array}} that Facebook's video-nonlocal-net and Detectron wrote, e.g.
// i3d_baseline_32x2_IN_pretrain_400k.pkl. The pickle is interpreted by readPickle with only the
// NumPy globals allowed, never executed; every array's byte count is checked against its shape
// and dtype before a tensor is made. Throws vigil::ModelError naming the file and the offset or
// blob. A pure function: any thread may call it.

#include <torch/types.h>

#include <string>
#include <utility>
#include <vector>

namespace vigil::models {

// Every blob in file order, under its Caffe2 name: on the CPU, contiguous (Fortran-ordered arrays
// are transposed back), in its own dtype (float32 weights; float64 or integer bookkeeping such as
// "lr"). Python int and float blobs (e.g. "model_iter") become 0-dim int64 and float64 tensors.
// The blobs are the top level's "blobs" dictionary (its other keys are skipped), or the top level
// itself when it has none. Only little-endian numeric dtypes are accepted: f2 f4 f8 i1 i2 i4 i8
// u1 b1; anything else, Python 3's pickled bytes included, is a ModelError.
std::vector<std::pair<std::string, torch::Tensor>> readCaffe2Blobs(const std::string& path);

} // namespace vigil::models
