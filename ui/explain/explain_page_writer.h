#pragma once
// The HTML pieces of the Explain page (cards, arrows, headings), in the colours of the palette
// it is shown with. Private to ui/explain_page. GUI thread.

#include "ui/explain/explain_page.h"

#include <QColor>
#include <QPalette>
#include <QString>

namespace vigil::ui {

class PageWriter {
public:
    explicit PageWriter(const QPalette& palette)
        : text_(palette.color(QPalette::Text).name())
        , muted_(palette.color(QPalette::PlaceholderText).name())
        , card_(palette.color(QPalette::AlternateBase).name())
        , accent_(palette.color(QPalette::Highlight).name())
        , accentText_(palette.color(QPalette::HighlightedText).name())
        , frame_(palette.color(QPalette::Mid))
    {
    }

    QColor frame() const { return frame_; }
    const QString& muted() const { return muted_; }

    void addImage(ExplainPage& page, const QString& key, const QImage& image) const
    {
        page.images.insert(key, image);
    }

    // The opening of a step's card: its number, title, shape badge and description.
    QString cardHead(int stepNumber, const QString& title, const QString& shape,
        const QString& description) const
    {
        QString html = QStringLiteral(
            "<table width='100%' cellspacing='0' cellpadding='6' bgcolor='%1'><tr><td>")
                           .arg(card_);
        html += QStringLiteral("<span style='color:%1; font-weight:bold;'>%2</span>&nbsp; "
                               "<b>%3</b> &nbsp;%4<br>")
                    .arg(accent_)
                    .arg(stepNumber)
                    .arg(title, badge(shape));
        return html + QStringLiteral("<span style='color:%1;'>%2</span>").arg(muted_, description);
    }

    // One step of the computation.
    QString card(int stepNumber, const QString& title, const QString& shape,
        const QString& description, const QString& imageKey, const QString& values,
        const QString& axisNote = {}) const
    {
        QString html = cardHead(stepNumber, title, shape, description);
        if (!imageKey.isEmpty())
            html += QStringLiteral("<br><img src='explain:%1'>").arg(imageKey);
        if (!axisNote.isEmpty())
            html += QStringLiteral("<br><span style='color:%1; font-size:small;'>%2</span>")
                        .arg(muted_, axisNote);
        if (!values.isEmpty())
            html += QStringLiteral("<br><span style='font-family:monospace; font-size:small;'>%1"
                                   "</span>")
                        .arg(values);
        html += QStringLiteral("</td></tr></table>");
        return html;
    }

    // A step whose numbers are a table (the softmax worked out), with a note under it.
    QString tableCard(int stepNumber, const QString& title, const QString& shape,
        const QString& description, const QString& tableHtml, const QString& note) const
    {
        QString html = cardHead(stepNumber, title, shape, description);
        html += QStringLiteral("</td></tr><tr><td>%1</td></tr>").arg(tableHtml);
        html += QStringLiteral("<tr><td><span style='color:%1; font-size:small;'>%2</span>"
                               "</td></tr></table>")
                    .arg(muted_, note);
        return html;
    }

    QString arrow(const QString& label = {}) const
    {
        return QStringLiteral("<p align='center' style='margin:0; color:%1;'>↓ %2</p>")
            .arg(muted_, label);
    }

    QString badge(const QString& shape) const
    {
        return QStringLiteral("<span style='font-family:monospace; background-color:%1; "
                              "color:%2;'>&nbsp;%3&nbsp;</span>")
            .arg(accent_, accentText_, shape);
    }

    QString heading(const QString& text) const
    {
        return QStringLiteral("<h3 style='margin-top:14px; margin-bottom:4px;'>%1</h3>").arg(text);
    }

private:
    QString text_;
    QString muted_;
    QString card_;
    QString accent_;
    QString accentText_;
    QColor frame_;
};

} // namespace vigil::ui
