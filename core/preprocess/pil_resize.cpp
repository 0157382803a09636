#include "core/preprocess/pil_resize.h"

#include "core/common/error.h"

#include <algorithm>
#include <cassert>
#include <cmath>
#include <string>

namespace vigil::preprocess {
namespace {

// Pillow keeps 8 bits for the result and 2 for overshoot of the filter's negative lobes.
constexpr int kPrecisionBits = 32 - 8 - 2;
constexpr int32_t kHalf = 1 << (kPrecisionBits - 1);
constexpr double kPi = 3.14159265358979323846;

// The filters evaluate exactly as Pillow's do, operation for operation, so the double weights
// and hence their fixed-point roundings agree.
double bilinearFilter(double x)
{
    if (x < 0.0)
        x = -x;
    if (x < 1.0)
        return 1.0 - x;
    return 0.0;
}

double sincFilter(double x)
{
    if (x == 0.0)
        return 1.0;
    x = x * kPi;
    return std::sin(x) / x;
}

double lanczosFilter(double x)
{
    if (-3.0 <= x && x < 3.0)
        return sincFilter(x) * sincFilter(x / 3);
    return 0.0;
}

struct FilterSpec {
    double (*weight)(double);
    double support;
};

FilterSpec specOf(ResampleFilter filter)
{
    switch (filter) {
    case ResampleFilter::Bilinear:
        return { bilinearFilter, 1.0 };
    case ResampleFilter::Lanczos:
        return { lanczosFilter, 3.0 };
    }
    assert(false && "unknown ResampleFilter");
    return { bilinearFilter, 1.0 };
}

// Pillow's precompute_coeffs (box = whole image) followed by normalize_coeffs_8bpc.
PilResizer::AxisTable buildAxis(int inSize, int outSize, FilterSpec spec)
{
    const double scale = static_cast<double>(static_cast<float>(inSize)) / outSize;
    const double filterScale = std::max(scale, 1.0);
    const double support = spec.support * filterScale;
    const double inverseFilterScale = 1.0 / filterScale;

    PilResizer::AxisTable table;
    table.taps = static_cast<int>(std::ceil(support)) * 2 + 1;
    table.first.resize(static_cast<size_t>(outSize));
    table.count.resize(static_cast<size_t>(outSize));
    table.weights.assign(static_cast<size_t>(outSize) * static_cast<size_t>(table.taps), 0);

    std::vector<double> weights(static_cast<size_t>(table.taps));
    for (int out = 0; out < outSize; ++out) {
        const double center = (out + 0.5) * scale;
        const int first = std::max(static_cast<int>(center - support + 0.5), 0);
        const int last = std::min(static_cast<int>(center + support + 0.5), inSize);
        const int count = last - first;
        double sum = 0.0;
        for (int i = 0; i < count; ++i) {
            const double w = spec.weight((i + first - center + 0.5) * inverseFilterScale);
            weights[static_cast<size_t>(i)] = w;
            sum += w;
        }
        int32_t* fixed = &table.weights[static_cast<size_t>(out) * table.taps];
        for (int i = 0; i < count; ++i) {
            double w = weights[static_cast<size_t>(i)];
            if (sum != 0.0)
                w /= sum;
            const double scaled = w * (1 << kPrecisionBits);
            fixed[i] = static_cast<int32_t>(w < 0 ? -0.5 + scaled : 0.5 + scaled);
        }
        table.first[static_cast<size_t>(out)] = first;
        table.count[static_cast<size_t>(out)] = count;
    }
    return table;
}

// Pillow's clip8: drop the fraction bits, then saturate.
inline uchar clip8(int32_t accumulator)
{
    const int32_t value = accumulator >> kPrecisionBits;
    return static_cast<uchar>(std::clamp(value, 0, 255));
}

std::string sizeText(cv::Size size)
{
    return std::to_string(size.width) + "x" + std::to_string(size.height);
}

} // namespace

PilResizer::PilResizer(
    int srcWidth, int srcHeight, int dstWidth, int dstHeight, ResampleFilter filter)
    : srcSize_(srcWidth, srcHeight)
    , dstSize_(dstWidth, dstHeight)
{
    if (srcWidth <= 0 || srcHeight <= 0 || dstWidth <= 0 || dstHeight <= 0)
        throw Error("PilResizer: cannot resize " + sizeText(srcSize_) + " to " + sizeText(dstSize_)
            + "; sizes must be positive");
    const FilterSpec spec = specOf(filter);
    isHorizontalNeeded_ = dstWidth != srcWidth;
    isVerticalNeeded_ = dstHeight != srcHeight;
    horizontal_ = buildAxis(srcWidth, dstWidth, spec);
    vertical_ = buildAxis(srcHeight, dstHeight, spec);
}

cv::Mat PilResizer::apply(const cv::Mat& rgb) const
{
    if (rgb.type() != CV_8UC3 || rgb.size() != srcSize_)
        throw Error("PilResizer: expected a " + sizeText(srcSize_) + " CV_8UC3 frame, got "
            + sizeText(rgb.size()) + " of type " + std::to_string(rgb.type()));
    if (!isHorizontalNeeded_ && !isVerticalNeeded_)
        return rgb.clone();
    if (!isVerticalNeeded_)
        return resampleHorizontal(rgb, 0, srcSize_.height);
    if (!isHorizontalNeeded_)
        return resampleVertical(rgb, 0);
    // Like Pillow, resample horizontally only the source rows the vertical pass reads.
    const int rowBegin = vertical_.first.front();
    const int rowEnd = vertical_.first.back() + vertical_.count.back();
    return resampleVertical(resampleHorizontal(rgb, rowBegin, rowEnd), rowBegin);
}

cv::Mat PilResizer::resampleHorizontal(const cv::Mat& rgb, int rowBegin, int rowEnd) const
{
    const int width = dstSize_.width;
    cv::Mat out(rowEnd - rowBegin, width, CV_8UC3);
    for (int y = rowBegin; y < rowEnd; ++y) {
        const uchar* src = rgb.ptr<uchar>(y);
        uchar* dst = out.ptr<uchar>(y - rowBegin);
        for (int x = 0; x < width; ++x) {
            const int32_t* w = &horizontal_.weights[static_cast<size_t>(x) * horizontal_.taps];
            const uchar* pixel = src + 3 * horizontal_.first[static_cast<size_t>(x)];
            const int count = horizontal_.count[static_cast<size_t>(x)];
            int32_t r = kHalf, g = kHalf, b = kHalf;
            for (int i = 0; i < count; ++i, pixel += 3) {
                r += pixel[0] * w[i];
                g += pixel[1] * w[i];
                b += pixel[2] * w[i];
            }
            dst[3 * x + 0] = clip8(r);
            dst[3 * x + 1] = clip8(g);
            dst[3 * x + 2] = clip8(b);
        }
    }
    return out;
}

cv::Mat PilResizer::resampleVertical(const cv::Mat& rgb, int rowOffset) const
{
    const int values = rgb.cols * 3;
    cv::Mat out(dstSize_.height, rgb.cols, CV_8UC3);
    std::vector<int32_t> sums(static_cast<size_t>(values));
    for (int y = 0; y < dstSize_.height; ++y) {
        const int32_t* w = &vertical_.weights[static_cast<size_t>(y) * vertical_.taps];
        const int first = vertical_.first[static_cast<size_t>(y)] - rowOffset;
        const int count = vertical_.count[static_cast<size_t>(y)];
        std::fill(sums.begin(), sums.end(), kHalf);
        for (int i = 0; i < count; ++i) {
            const uchar* src = rgb.ptr<uchar>(first + i);
            const int32_t weight = w[i];
            for (int v = 0; v < values; ++v)
                sums[static_cast<size_t>(v)] += src[v] * weight;
        }
        uchar* dst = out.ptr<uchar>(y);
        for (int v = 0; v < values; ++v)
            dst[v] = clip8(sums[static_cast<size_t>(v)]);
    }
    return out;
}

cv::Mat resizeLikePil(const cv::Mat& rgb, int width, int height, ResampleFilter filter)
{
    return PilResizer(rgb.cols, rgb.rows, width, height, filter).apply(rgb);
}

} // namespace vigil::preprocess
