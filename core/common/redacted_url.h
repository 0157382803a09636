#pragma once
// A stream URL as it may be shown or written: the user and password of `scheme://user:pass@host`
// become `***@`, so credentials never reach a log line, a result file or a window title. Text
// without `://` (a file path, a camera) is returned unchanged. Pure; any thread.

#include <string>
#include <string_view>

namespace vigil {

std::string redactedUrl(std::string_view url);

} // namespace vigil
