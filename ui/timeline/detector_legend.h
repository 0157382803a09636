#pragma once
// DetectorLegend: the timeline's legend of score curves when a result has detectors beside the
// attention classifier: one checkable entry per curve, in its colour and named with its weights
// ("rtfm DEMO"), that hides or shows the curve when clicked, and a note on the agreement strip.
// Hidden for a result without detectors. Entries are curve indices as DetectorCurves numbers
// them (0: the attention classifier). GUI thread only.

#include <QColor>
#include <QStringList>
#include <QWidget>

#include <vector>

class QHBoxLayout;
class QToolButton;

namespace vigil::ui {

class ElidedLabel;

class DetectorLegend : public QWidget {
    Q_OBJECT
public:
    struct Entry {
        QString name; // "rtfm"
        QColor color;
        bool isDemo = false; // seeded weights: the entry says DEMO
        QString about; // what its score means and its published AUC, in the tooltip
    };

    explicit DetectorLegend(QWidget* parent = nullptr);

    static QString labelOf(const Entry& entry); // "rtfm", or "rtfm DEMO" for seeded weights

    // Every entry shown (checked); no entries hides the legend.
    void setEntries(const std::vector<Entry>& entries);
    QStringList labels() const; // the entries' texts, in curve order
    QToolButton* entry(int curve) const;

signals:
    void curveToggled(int curve, bool isShown);

private:
    QHBoxLayout* entriesLayout_;
    ElidedLabel* stripNote_; // elided: the row must not widen the window
    std::vector<QToolButton*> entries_;
};

} // namespace vigil::ui
