#pragma once
// A dense row-major float32 array with its shape: the value type that carries network inputs,
// features and attention between core and models without exposing LibTorch.

#include <cstdint>
#include <string>
#include <vector>

namespace vigil {

struct FloatArray {
    std::vector<int64_t> shape;
    std::vector<float> values;

    static FloatArray zeros(std::vector<int64_t> shape);
    static int64_t countOf(const std::vector<int64_t>& shape);

    int64_t rank() const { return static_cast<int64_t>(shape.size()); }
    int64_t dim(int64_t axis) const { return shape.at(static_cast<size_t>(axis)); }
    int64_t size() const { return static_cast<int64_t>(values.size()); }
    float* data() { return values.data(); }
    const float* data() const { return values.data(); }
    std::string shapeText() const; // "[49, 1, 2048]"
};

} // namespace vigil
