#include "core/preprocess/jpeg_round_trip.h"

#include "core/common/error.h"

#include <opencv2/imgcodecs.hpp>
#include <opencv2/imgproc.hpp>

#include <vector>

namespace vigil::preprocess {

cv::Mat jpegRoundTrip(const cv::Mat& rgb)
{
    // The splitter's frames are OpenCV's BGR; a JPEG holds YCbCr, so the channel order must be
    // right before the encode or the chroma would swap.
    cv::Mat bgr;
    cv::cvtColor(rgb, bgr, cv::COLOR_RGB2BGR);
    std::vector<uchar> bytes;
    if (!cv::imencode(".jpg", bgr, bytes, { cv::IMWRITE_JPEG_QUALITY, kUrdmuJpegQuality }))
        throw Error("cannot encode a frame as JPEG for the urdmu-jpeg preset");
    const cv::Mat decoded = cv::imdecode(bytes, cv::IMREAD_COLOR);
    if (decoded.empty() || decoded.size() != rgb.size())
        throw Error("cannot decode the urdmu-jpeg preset's JPEG of a frame");
    cv::Mat out;
    cv::cvtColor(decoded, out, cv::COLOR_BGR2RGB);
    return out;
}

} // namespace vigil::preprocess
