#include "app/explain_lesson_printer.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstdio>
#include <sstream>

namespace vigil::app {
namespace {

constexpr size_t kLineWidth = 100;

// Words of `text` on lines of at most kLineWidth, each starting with `indent`.
std::string wrapped(const std::string& text, const std::string& indent)
{
    std::istringstream words(text);
    std::string word, line = indent, out;
    while (words >> word) {
        if (line.size() > indent.size() && line.size() + 1 + word.size() > kLineWidth) {
            out += line + "\n";
            line = indent;
        }
        line += (line.size() > indent.size() ? " " : "") + word;
    }
    return out + line + "\n";
}

} // namespace

void printLessonText(const analysis::Lesson& lesson, const std::string& heading)
{
    std::printf("%s\n\nThe paper's forward on this window, line by line (the crops are the batch "
                "bs):\n\n",
        heading.c_str());
    size_t codeWidth = 0, shapeWidth = 0;
    for (const analysis::CodeLine& line : lesson.code) {
        codeWidth = std::max(codeWidth, line.code.size());
        shapeWidth = std::max(shapeWidth, line.shape.size());
    }
    for (const analysis::CodeLine& line : lesson.code)
        std::printf("  %-*s  %-*s  %s\n", static_cast<int>(codeWidth), line.code.c_str(),
            static_cast<int>(shapeWidth), line.shape.c_str(), line.note.c_str());
    std::printf("\n  step by step against the module's batched forward: largest |difference| "
                "%.1e\n",
        lesson.largestCropDifference);
    for (const analysis::LessonSection& section : lesson.questions) {
        std::printf("\n%s\n", section.title.c_str());
        for (const std::string& paragraph : section.paragraphs)
            std::printf("%s", wrapped(paragraph, "  ").c_str());
    }
    std::printf("\nThe guide to these questions: docs/explain.md (installed in "
                "share/doc/vigil).\n\nwindow score %.6f (the mean of the batched forward's crop "
                "scores)\n",
        lesson.meanOverCrops);
}

void printLessonJson(const analysis::Lesson& lesson, const std::string& heading)
{
    nlohmann::json code = nlohmann::json::array();
    for (const analysis::CodeLine& line : lesson.code)
        code.push_back({ { "code", line.code }, { "shape", line.shape }, { "note", line.note } });
    nlohmann::json questions = nlohmann::json::array();
    for (const analysis::LessonSection& section : lesson.questions)
        questions.push_back({ { "id", section.id }, { "title", section.title },
            { "paragraphs", section.paragraphs } });
    const nlohmann::json out = { { "window", heading }, { "code", code },
        { "largest_crop_difference", lesson.largestCropDifference },
        { "window_score", lesson.meanOverCrops },
        { "window_score_difference", lesson.windowScoreDifference }, { "questions", questions } };
    std::printf("%s\n", out.dump(1).c_str());
}

} // namespace vigil::app
