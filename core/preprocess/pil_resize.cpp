#include "core/preprocess/pil_resize.h"

#include "core/common/error.h"

#include <algorithm>
#include <array>
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

// The horizontal pass filters kRows source rows at once: they are first transposed into
// block[(x * 3 + channel) * kRows + row] as int32, so every tap becomes one multiply-add of a
// contiguous vector of 3 * kRows values by one weight, which the compiler vectorises. Integer
// sums are exact in any order, so the bytes stay Pillow's.
constexpr int kRows = 8;
constexpr int kBlockValues = 3 * kRows;

// On x86-64 built for AVX2 and for the baseline, picked at run time (function multiversioning);
// elsewhere the baseline alone. Not under ThreadSanitizer: the picking (an ifunc resolver) runs
// while the program is loaded, before TSan's runtime, and its instrumented entry crashes there.
#if defined(__x86_64__) && defined(__GNUC__) && !defined(__SANITIZE_THREAD__)
#define VIGIL_AVX2_CLONE __attribute__((target_clones("avx2", "default")))
#else
#define VIGIL_AVX2_CLONE
#endif

VIGIL_AVX2_CLONE void filterBlock(
    const int32_t* block, const int32_t* weights, int count, int32_t* sums)
{
    for (int k = 0; k < kBlockValues; ++k)
        sums[k] = kHalf;
    for (int i = 0; i < count; ++i, block += kBlockValues) {
        const int32_t weight = weights[i];
        for (int k = 0; k < kBlockValues; ++k)
            sums[k] += block[k] * weight;
    }
}

VIGIL_AVX2_CLONE void accumulateRow(const uchar* src, int32_t weight, int values, int32_t* sums)
{
    for (int v = 0; v < values; ++v)
        sums[v] += src[v] * weight;
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
    return apply(rgb, cv::Rect(cv::Point(0, 0), dstSize_));
}

cv::Mat PilResizer::apply(const cv::Mat& rgb, cv::Rect region) const
{
    if (rgb.type() != CV_8UC3 || rgb.size() != srcSize_)
        throw Error("PilResizer: expected a " + sizeText(srcSize_) + " CV_8UC3 frame, got "
            + sizeText(rgb.size()) + " of type " + std::to_string(rgb.type()));
    if (region.empty() || (region & cv::Rect(cv::Point(0, 0), dstSize_)) != region)
        throw Error("PilResizer: region " + sizeText(region.size()) + " at ("
            + std::to_string(region.x) + ", " + std::to_string(region.y) + ") is not inside the "
            + sizeText(dstSize_) + " output");
    // Like Pillow, resample horizontally only the source rows the vertical pass reads.
    int rowBegin = region.y;
    int rowEnd = region.y + region.height;
    if (isVerticalNeeded_) {
        rowBegin = vertical_.first[static_cast<size_t>(region.y)];
        rowEnd = 0;
        for (int y = region.y; y < region.y + region.height; ++y)
            rowEnd = std::max(rowEnd,
                vertical_.first[static_cast<size_t>(y)] + vertical_.count[static_cast<size_t>(y)]);
    }
    const cv::Rect columns(region.x, rowBegin, region.width, rowEnd - rowBegin);
    const cv::Mat horizontal
        = isHorizontalNeeded_ ? resampleHorizontal(rgb, columns) : cv::Mat(rgb(columns)).clone();
    if (!isVerticalNeeded_)
        return horizontal;
    return resampleVertical(horizontal, rowBegin, region.y, region.height);
}

// Output columns [area.x, area.x + area.width) of the source rows [area.y, area.y + area.height).
cv::Mat PilResizer::resampleHorizontal(const cv::Mat& rgb, cv::Rect area) const
{
    const auto at = [](int index) { return static_cast<size_t>(index); };
    const int srcBegin = horizontal_.first[at(area.x)];
    int srcEnd = 0;
    for (int x = area.x; x < area.x + area.width; ++x)
        srcEnd = std::max(srcEnd, horizontal_.first[at(x)] + horizontal_.count[at(x)]);
    const int srcValues = 3 * (srcEnd - srcBegin);
    std::vector<int32_t> block(static_cast<size_t>(srcValues) * kRows, 0);
    std::array<int32_t, kBlockValues> sums {};
    cv::Mat out(area.height, area.width, CV_8UC3);
    for (int y0 = 0; y0 < area.height; y0 += kRows) {
        const int rows = std::min(kRows, area.height - y0);
        for (int r = 0; r < rows; ++r) {
            const uchar* src = rgb.ptr<uchar>(area.y + y0 + r) + 3 * srcBegin;
            for (int v = 0; v < srcValues; ++v)
                block[at(v * kRows + r)] = src[v];
        }
        for (int x = 0; x < area.width; ++x) {
            const int outX = area.x + x;
            filterBlock(&block[at((horizontal_.first[at(outX)] - srcBegin) * kBlockValues)],
                &horizontal_.weights[at(outX) * at(horizontal_.taps)], horizontal_.count[at(outX)],
                sums.data());
            for (int r = 0; r < rows; ++r) {
                uchar* dst = out.ptr<uchar>(y0 + r) + 3 * x;
                for (int c = 0; c < 3; ++c)
                    dst[c] = clip8(sums[at(c * kRows + r)]);
            }
        }
    }
    return out;
}

// Output rows [rowBegin, rowBegin + rows) from `rgb`, whose first row is source row rowOffset.
cv::Mat PilResizer::resampleVertical(
    const cv::Mat& rgb, int rowOffset, int rowBegin, int rows) const
{
    const int values = rgb.cols * 3;
    cv::Mat out(rows, rgb.cols, CV_8UC3);
    std::vector<int32_t> sums(static_cast<size_t>(values));
    for (int y = 0; y < rows; ++y) {
        const auto row = static_cast<size_t>(rowBegin + y);
        const int32_t* w = &vertical_.weights[row * static_cast<size_t>(vertical_.taps)];
        const int first = vertical_.first[row] - rowOffset;
        std::fill(sums.begin(), sums.end(), kHalf);
        for (int i = 0; i < vertical_.count[row]; ++i)
            accumulateRow(rgb.ptr<uchar>(first + i), w[i], values, sums.data());
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
