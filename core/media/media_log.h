#pragma once
// How much FFmpeg itself prints. Vigil reports media problems in its own words (one line per
// file): FFmpeg's lines about a video being decoded are counted into that decoder's warnings
// (VideoDecoder::warnings) and printed only when Warnings or Verbose is asked for. Any thread;
// usually called once, before decoding.

namespace vigil::media {

enum class MediaLogLevel { Quiet, Warnings, Verbose };

void setMediaLogLevel(MediaLogLevel level);

} // namespace vigil::media
