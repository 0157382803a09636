#pragma once
// A full-size I3D-ResNet-50 weights file in the Python 2 pickle format of Facebook's Caffe2
// release (the manifest's i3d-r50-kinetics, which has no published checksum): zero convolutions
// and identity batch norms, plus the blobs a trained Caffe2 model carries and Vigil must skip.

#include "tests/support/caffe2_pickle.h"
#include "tests/support/i3d_caffe2_layout.h"

#include <fstream>
#include <string>
#include <vector>

namespace vigil::test {

inline void writeI3dCaffe2File(const std::string& path)
{
    NumPyBlobs blobs;
    for (const auto& [name, shape] : i3dCaffe2BlobShapes()) {
        int64_t count = 1;
        for (const auto size : shape)
            count *= size;
        const bool isScale = name.size() > 5
            && (name.substr(name.size() - 2) == "_s" || name.substr(name.size() - 4) == "_riv");
        const std::vector<float> values(static_cast<size_t>(count), isScale ? 1.0f : 0.0f);
        blobs.emplace_back(name,
            NumPyArray { "f4", "<", shape,
                std::string(reinterpret_cast<const char*>(values.data()), values.size() * 4) });
    }
    blobs.emplace_back("conv1_w_momentum", blobs.front().second);
    blobs.emplace_back("lr", NumPyArray { "f4", "<", { 1 }, std::string(4, '\0') });
    blobs.emplace_back("model_iter", NumPyArray { "i8", "<", { 1 }, std::string(8, '\0') });
    std::ofstream(path, std::ios::binary) << caffe2Pickle(blobs);
}

} // namespace vigil::test
