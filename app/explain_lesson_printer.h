#pragma once
// Prints `vigil explain --code`: the lesson (core/analysis/attention_lesson.h) as text, wrapped
// for a terminal, or as JSON. Main thread only; throws nothing of its own.

#include "core/analysis/attention_lesson.h"

#include <string>

namespace vigil::app {

void printLessonText(const analysis::Lesson& lesson, const std::string& heading);
void printLessonJson(const analysis::Lesson& lesson, const std::string& heading);

} // namespace vigil::app
