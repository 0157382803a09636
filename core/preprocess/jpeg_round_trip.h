#pragma once
// The frames UR-DMU's and PEL4VAD's published Inception-I3D features were made from went through
// JPEG files: UR-DMU's frame splitter (video2frame_split.py) writes each frame with OpenCV's
// cv2.imwrite at its default quality 95 (4:2:0), and i3d_extract.py reads them back with PIL.
// Both use libjpeg's baseline codec with its default integer DCT and fancy upsampling, so an
// encode and decode here gives those frames' pixels. The urdmu-jpeg preset applies it before the
// resize; docs/detectors.md gives its effect on the features.

#include <opencv2/core.hpp>

namespace vigil::preprocess {

inline constexpr int kUrdmuJpegQuality = 95;

// A CV_8UC3 RGB frame as it reads back from a quality-95 JPEG; same size and type. Throws
// vigil::Error if OpenCV cannot encode it.
cv::Mat jpegRoundTrip(const cv::Mat& rgb);

} // namespace vigil::preprocess
