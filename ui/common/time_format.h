#pragma once
// How the GUI writes times: "1:05", "1:02:05", or "1:05.4" with tenths. Any thread.

#include <QString>

namespace vigil::ui {

QString formatTime(double seconds, bool withTenths = false);

} // namespace vigil::ui
