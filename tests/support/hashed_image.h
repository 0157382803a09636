#pragma once
// scripts/make_preprocess_goldens.py's hashedImage(), bit for bit: noisy 4x4 blocks on a
// checkerboard, a wrapping gradient elsewhere. The goldens store outputs only; tests make the
// inputs with this. The scripts seed an image by its size (width * 1000 + height), plus the
// frame index for a clip.

#include <opencv2/core.hpp>

#include <cstdint>

namespace vigil::test {

inline cv::Mat hashedImage(int width, int height, uint32_t seed)
{
    cv::Mat image(height, width, CV_8UC3);
    for (int y = 0; y < height; ++y) {
        for (int x = 0; x < width; ++x) {
            for (int c = 0; c < 3; ++c) {
                auto h = static_cast<uint32_t>((y * width + x) * 3 + c) * 0x9E3779B9u + seed;
                h ^= h >> 16;
                h *= 0x7FEB352Du;
                h ^= h >> 15;
                h *= 0x846CA68Bu;
                h ^= h >> 16;
                const bool isNoise = (x / 4 + y / 4) % 2 == 0;
                const int gradient = (x * 5 + y * 3 + c * 40) & 255;
                image.at<cv::Vec3b>(y, x)[c] = static_cast<uchar>(isNoise ? (h & 255u) : gradient);
            }
        }
    }
    return image;
}

} // namespace vigil::test
