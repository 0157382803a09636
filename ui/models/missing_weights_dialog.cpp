#include "ui/models/missing_weights_dialog.h"

#include <QCommandLinkButton>
#include <QDialogButtonBox>
#include <QLabel>
#include <QVBoxLayout>

namespace vigil::ui {

MissingWeightsDialog::MissingWeightsDialog(
    const QString& missingText, const QString& modelsFolder, QWidget* parent)
    : QDialog(parent)
{
    setWindowTitle(tr("Vigil: weights needed"));
    auto* layout = new QVBoxLayout(this);
    auto* heading = new QLabel(tr("<b>Vigil needs network weights to analyse a video.</b>"), this);
    auto* detail = new QLabel(tr("Not installed: %1.<br>Installed weights live in <tt>%2</tt>.")
                                  .arg(missingText.toHtmlEscaped(), modelsFolder.toHtmlEscaped()),
        this);
    detail->setWordWrap(true);
    detail->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(heading);
    layout->addWidget(detail);

    auto addChoice = [&](const QString& title, const QString& description, Choice choice) {
        auto* button = new QCommandLinkButton(title, description, this);
        connect(button, &QCommandLinkButton::clicked, this, [this, choice] { choose(choice); });
        layout->addWidget(button);
        return button;
    };
    QCommandLinkButton* download = addChoice(tr("Download the published weights"),
        tr("Fetches the paper's attention classifier and the backbone from their public homes, "
           "checks their SHA-256 and installs them (resumable)."),
        Choice::Download);
    addChoice(tr("Import a weights file…"),
        tr("Installs a file you already have (a PyTorch state dict or the Caffe2 backbone), "
           "after checking it."),
        Choice::Import);
    addChoice(tr("Continue with demo weights"),
        tr("Seeded random weights: everything works, but the scores and attention are NOT "
           "meaningful. A red DEMO badge stays in the status bar."),
        Choice::Demo);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Cancel, this);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    layout->addWidget(buttons);
    download->setDefault(true);
    download->setFocus();
    setMinimumWidth(520);
}

void MissingWeightsDialog::choose(Choice choice)
{
    choice_ = choice;
    accept();
}

} // namespace vigil::ui
