#pragma once
// torchvision's size arithmetic for Resize(int) and CenterCrop, in one place: the ResNet-50
// transform (frame_preprocessor.h) and the rtfm snippet preset (snippet_preprocessor.h) both
// resize a PIL image with Resize(256) and cut 224 x 224 crops from it. Plain functions; any thread.

#include <opencv2/core.hpp>

namespace vigil::preprocess {

// torchvision's _compute_resized_output_size for Resize(shortSide): the shorter side becomes
// shortSide, the longer int(shortSide * long / short), a truncated double division as in Python.
// Throws vigil::Error for a non-positive source size.
cv::Size torchvisionResizedSize(cv::Size source, int shortSide);

// torchvision's center_crop offset along one axis, int(round((size - crop) / 2.0)); Python rounds
// half to even, so 341 - 224 = 117 gives 58, not 59. size must be at least crop.
int torchvisionCentreOffset(int size, int crop);

} // namespace vigil::preprocess
