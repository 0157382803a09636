#pragma once
// The Explain page's "Where each row looks" and "How alike the rows are". Private to
// ui/explain_page. Pure; any thread.

#include "core/analysis/window_explanation.h"
#include "ui/explain/explain_page.h"

namespace vigil::ui {

class PageWriter;

void addRowSections(ExplainPage& page, const PageWriter& writer,
    const analysis::WindowExplanation& e, const ExplainContext& context);

} // namespace vigil::ui
