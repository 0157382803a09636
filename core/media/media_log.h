#pragma once
// How much FFmpeg itself prints. Vigil reports media problems in its own words (one line per
// file), so the libraries' own stderr chatter is off unless asked for. Call before decoding.

namespace vigil::media {

enum class MediaLogLevel { Quiet, Warnings, Verbose };

void setMediaLogLevel(MediaLogLevel level);

} // namespace vigil::media
