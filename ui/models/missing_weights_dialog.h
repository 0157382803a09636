#pragma once
// MissingWeightsDialog: asked at the first analysis when the networks' weights are not
// installed. Offers to download the published weights, to import a file the user already has,
// or to continue with seeded random demo weights, and says plainly what each means. GUI thread.

#include <QDialog>

namespace vigil::ui {

class MissingWeightsDialog : public QDialog {
    Q_OBJECT
public:
    enum class Choice { Download, Import, Demo, Cancel };

    // missingText: what is missing, in words ("the attention classifier and the backbone").
    MissingWeightsDialog(
        const QString& missingText, const QString& modelsFolder, QWidget* parent = nullptr);

    Choice choice() const { return choice_; }

private:
    void choose(Choice choice);

    Choice choice_ = Choice::Cancel;
};

} // namespace vigil::ui
