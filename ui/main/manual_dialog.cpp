#include "ui/main/manual_dialog.h"

#include <QAbstractTextDocumentLayout>
#include <QDesktopServices>
#include <QFile>
#include <QHBoxLayout>
#include <QListWidget>
#include <QScrollBar>
#include <QTextBlock>
#include <QTextBrowser>
#include <QUrl>

namespace vigil::ui {
namespace {

// Where ui/CMakeLists.txt puts the guides.
const QString kPrefix = QStringLiteral(":/manual/");

} // namespace

QList<QPair<QString, QString>> manualGuides()
{
    return {
        { QStringLiteral("explain.md"), ManualDialog::tr("How the classifier attends (students)") },
        { QStringLiteral("desktop-app.md"), ManualDialog::tr("The desktop app") },
        { QStringLiteral("cli.md"), ManualDialog::tr("The command line") },
        { QStringLiteral("training.md"), ManualDialog::tr("Training and evaluation") },
        { QStringLiteral("PROTOCOL.md"), ManualDialog::tr("The model protocol") },
    };
}

ManualDialog::ManualDialog(QWidget* parent)
    : QDialog(parent)
    , list_(new QListWidget(this))
    , browser_(new QTextBrowser(this))
{
    setObjectName(QStringLiteral("manualDialog"));
    setWindowTitle(tr("Vigil manual"));
    auto* layout = new QHBoxLayout(this);
    layout->addWidget(list_);
    layout->addWidget(browser_, 1);
    list_->setMaximumWidth(240);
    for (const auto& [file, title] : manualGuides()) {
        auto* item = new QListWidgetItem(title, list_);
        item->setData(Qt::UserRole, file);
    }
    browser_->setOpenLinks(false);
    connect(list_, &QListWidget::currentItemChanged, this, [this](QListWidgetItem* item) {
        if (item && item->data(Qt::UserRole).toString() != current_)
            showGuide(item->data(Qt::UserRole).toString());
    });
    connect(browser_, &QTextBrowser::anchorClicked, this, [this](const QUrl& url) {
        if (url.scheme().startsWith(QLatin1String("http")))
            QDesktopServices::openUrl(url);
        else if (!url.path().isEmpty())
            showGuide(url.path().section(QLatin1Char('/'), -1));
    });
    resize(900, 640);
}

bool ManualDialog::showGuide(const QString& file, const QString& headingStart)
{
    QFile guide(kPrefix + file);
    if (!guide.open(QIODevice::ReadOnly))
        return false;
    current_ = file;
    browser_->setMarkdown(QString::fromUtf8(guide.readAll()));
    for (int row = 0; row < list_->count(); ++row)
        if (list_->item(row)->data(Qt::UserRole).toString() == file) {
            const QSignalBlocker blocker(list_);
            list_->setCurrentRow(row);
        }
    scrollToHeading(headingStart);
    return true;
}

void ManualDialog::scrollToHeading(const QString& headingStart)
{
    browser_->verticalScrollBar()->setValue(0);
    if (headingStart.isEmpty())
        return;
    QTextDocument* document = browser_->document();
    for (QTextBlock block = document->begin(); block.isValid(); block = block.next())
        if (block.blockFormat().headingLevel() > 0 && block.text().startsWith(headingStart)) {
            // The heading at the top of the view; the bounding rectangle lays the page out.
            const QRectF place = document->documentLayout()->blockBoundingRect(block);
            browser_->verticalScrollBar()->setValue(static_cast<int>(place.top()));
            return;
        }
}

QString ManualDialog::text() const
{
    return browser_->toPlainText();
}

} // namespace vigil::ui
