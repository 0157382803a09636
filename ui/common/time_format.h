#pragma once
// How the GUI writes times: "1:05", "1:02:05", or "1:05.4" with tenths, and time left. Any
// thread.

#include <QString>

namespace vigil::ui {

QString formatTime(double seconds, bool withTenths = false);
// "about 1:20 left" from the time taken so far and the share done, 0..1; empty before 5 % is
// done (too early to say) and once it is all done.
QString timeLeftText(double elapsedS, double fraction);

} // namespace vigil::ui
