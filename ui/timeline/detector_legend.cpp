#include "ui/timeline/detector_legend.h"

#include "ui/common/elided_label.h"
#include "ui/plots/color_map.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QLinearGradient>
#include <QPainter>
#include <QPixmap>
#include <QToolButton>

namespace vigil::ui {
namespace {

QIcon lineIcon(const QColor& color)
{
    QPixmap pixmap(16, 10);
    pixmap.fill(Qt::transparent);
    QPainter painter(&pixmap);
    painter.setPen(QPen(color, 2.5));
    painter.drawLine(1, 5, 15, 5);
    return QIcon(pixmap);
}

// The strip's colour map, dark where the curves agree, yellow where they disagree.
QPixmap stripSwatch()
{
    QPixmap pixmap(40, 8);
    QPainter painter(&pixmap);
    for (int x = 0; x < pixmap.width(); ++x)
        painter.fillRect(x, 0, 1, pixmap.height(), viridis(x / (pixmap.width() - 1.0)));
    return pixmap;
}

} // namespace

DetectorLegend::DetectorLegend(QWidget* parent)
    : QWidget(parent)
    , entriesLayout_(new QHBoxLayout)
    , stripNote_(new ElidedLabel({}, this))
{
    auto* layout = new QHBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    entriesLayout_->setSpacing(2);
    layout->addLayout(entriesLayout_);
    layout->addSpacing(12);
    auto* swatch = new QLabel(this);
    swatch->setPixmap(stripSwatch());
    layout->addWidget(swatch);
    stripNote_->setText(tr("strip: how the shown scorers' own decisions split (dark: all agree, "
                           "bright: split evenly; hatched: fewer than two scored)"));
    stripNote_->setForegroundRole(QPalette::PlaceholderText);
    layout->addWidget(stripNote_, 1);
    setObjectName(QStringLiteral("detectorLegend"));
    hide();
}

QString DetectorLegend::labelOf(const Entry& entry)
{
    return entry.isDemo ? tr("%1 DEMO").arg(entry.name) : entry.name;
}

void DetectorLegend::setEntries(const std::vector<Entry>& entries)
{
    for (QToolButton* button : entries_)
        delete button;
    entries_.clear();
    for (const Entry& entry : entries) {
        auto* button = new QToolButton(this);
        const int curve = static_cast<int>(entries_.size());
        button->setText(labelOf(entry));
        button->setIcon(lineIcon(entry.color));
        button->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
        button->setCheckable(true);
        button->setChecked(true);
        button->setAutoRaise(true);
        button->setToolTip(
            tr("Click to hide or show the %1 curve%2")
                .arg(entry.name, entry.isDemo ? tr(" (demo weights: not meaningful)") : QString())
            + (entry.about.isEmpty() ? QString() : QStringLiteral("\n\n") + entry.about));
        connect(button, &QToolButton::toggled, this, [this, button, curve](bool isChecked) {
            QFont font = button->font(); // struck through while hidden: the state reads at once
            font.setStrikeOut(!isChecked);
            button->setFont(font);
            emit curveToggled(curve, isChecked);
        });
        entriesLayout_->addWidget(button);
        entries_.push_back(button);
    }
    setVisible(!entries.empty());
}

QStringList DetectorLegend::labels() const
{
    QStringList texts;
    for (const QToolButton* button : entries_)
        texts << button->text();
    return texts;
}

QToolButton* DetectorLegend::entry(int curve) const
{
    if (curve < 0 || curve >= static_cast<int>(entries_.size()))
        return nullptr;
    return entries_[static_cast<size_t>(curve)];
}

} // namespace vigil::ui
