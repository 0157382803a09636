#pragma once
// The Explain panel's lesson: the paper's forward line by line on the window with the crops as
// the batch, and the student's eight questions answered on it (core/analysis/attention_lesson.h,
// the same text `vigil explain --code` prints). Links: "#code", "#q1" … "#q8" inside the page,
// "guide:<id>" for the matching part of docs/explain.md. Pure; GUI thread or any thread.

#include "core/analysis/attention_lesson.h"

#include <QHash>
#include <QString>

namespace vigil::ui {

class PageWriter;

// The index at the top of the page: links to the code and to each question.
QString lessonIndexHtml(const analysis::Lesson& lesson, const PageWriter& writer);
// The code and the answers, each with its anchor; extraHtml[id] follows answer id's paragraphs
// (the Explain panel's sweep chart under question 7).
QString lessonHtml(const analysis::Lesson& lesson, const PageWriter& writer,
    const QHash<QString, QString>& extraHtml = {});

} // namespace vigil::ui
