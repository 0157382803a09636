#include "ui/explain/explain_lesson_page.h"

#include "ui/explain/explain_page_writer.h"

#include <QObject>

namespace vigil::ui {
namespace {

QString escaped(const std::string& text)
{
    return QString::fromStdString(text).toHtmlEscaped();
}

QString codeTable(const analysis::Lesson& lesson, const PageWriter& writer)
{
    QString html = QStringLiteral("<table cellspacing='0' cellpadding='3'>");
    for (const analysis::CodeLine& line : lesson.code)
        html += QStringLiteral("<tr><td style='font-family:monospace;'>%1</td>"
                               "<td style='font-family:monospace;' nowrap>%2</td>"
                               "<td><span style='color:%3; font-size:small;'>%4</span></td></tr>")
                    .arg(escaped(line.code), escaped(line.shape), writer.muted(),
                        escaped(line.note));
    return html + QStringLiteral("</table>");
}

} // namespace

QString lessonIndexHtml(const analysis::Lesson& lesson, const PageWriter& writer)
{
    QStringList links;
    links << QObject::tr("<a href='#code'>the paper's code, line by line</a>");
    for (const analysis::LessonSection& section : lesson.questions)
        links << QStringLiteral("<a href='#%1'>%2</a>")
                     .arg(QString::fromStdString(section.id), escaped(section.title));
    return QStringLiteral("<p style='margin-top:4px;'><b>%1</b> %2<br>%3</p>")
               .arg(QObject::tr("Questions, answered on this window:"),
                   QObject::tr("(<a href='guide:'>the student's guide</a>)"),
                   links.join(QStringLiteral("<br>")))
        + QStringLiteral("<p style='color:%1; margin-top:0;'>%2</p>")
              .arg(writer.muted(),
                  QObject::tr("Every number below is computed on this window's own features."));
}

QString lessonHtml(const analysis::Lesson& lesson, const PageWriter& writer,
    const QHash<QString, QString>& extraHtml)
{
    QString html = QStringLiteral("<a name='code'></a>")
        + writer.heading(QObject::tr("The paper's code, line by line, on this window"));
    html += QStringLiteral("<p style='color:%1; margin-top:0;'>%2</p>")
                .arg(writer.muted(),
                    QObject::tr("The crops are the batch bs; every shape is the real one. The "
                                "step-by-step pass above is one crop of it; against the "
                                "module's own batched forward its scores differ by at most %1.")
                        .arg(lesson.largestCropDifference, 0, 'g', 2));
    html += codeTable(lesson, writer);
    for (const analysis::LessonSection& section : lesson.questions) {
        const QString id = QString::fromStdString(section.id);
        html
            += QStringLiteral("<a name='%1'></a>").arg(id) + writer.heading(escaped(section.title));
        for (const std::string& paragraph : section.paragraphs)
            html += QStringLiteral("<p style='margin-top:2px;'>%1</p>").arg(escaped(paragraph));
        html += extraHtml.value(id);
        html
            += QStringLiteral("<p style='margin-top:0;'><a href='guide:%1'>%2</a> · "
                              "<a href='#top'>%3</a></p>")
                   .arg(id, QObject::tr("more in the guide"), QObject::tr("back to the questions"));
    }
    return html;
}

} // namespace vigil::ui
