#pragma once
// A frame as PNG bytes, for thumbnails (FFmpeg's PNG encoder, so core/media needs no OpenCV
// image codecs). Any thread; throws MediaError.

#include <opencv2/core.hpp>

#include <cstdint>
#include <vector>

namespace vigil::media {

// rgb: CV_8UC3 in RGB order (VideoFrame::rgb).
std::vector<uint8_t> encodePng(const cv::Mat& rgb);

} // namespace vigil::media
