#pragma once
// The committed preprocessing goldens (scripts/make_preprocess_goldens.py), shared by the
// resize, frame, snippet and preset tests. The first three are defined in pil_resize_test.cpp.

#include <opencv2/core.hpp>

#include <cstring>
#include <string>
#include <vector>

namespace vigil::preprocess::golden {

cv::Mat hashedImage(int width, int height);
std::vector<char> readGolden(const std::string& name);
std::vector<int> gridIndices(int size, int step);

// A golden of float32 values.
inline std::vector<float> readFloats(const std::string& name)
{
    const std::vector<char> bytes = readGolden(name);
    std::vector<float> values(bytes.size() / sizeof(float));
    std::memcpy(values.data(), bytes.data(), values.size() * sizeof(float));
    return values;
}

} // namespace vigil::preprocess::golden
