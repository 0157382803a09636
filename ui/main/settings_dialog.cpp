#include "ui/main/settings_dialog.h"
#include "ui/common/threshold_text.h"

#include "core/common/backbone_table.h"
#include "core/common/count_limits.h"
#include "core/common/defaults.h"
#include "ui/main/detector_choice.h"

#include <QApplication>
#include <QComboBox>
#include <QDialogButtonBox>
#include <QDir>
#include <QDoubleSpinBox>
#include <QFileDialog>
#include <QFormLayout>
#include <QHBoxLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QResizeEvent>
#include <QSpinBox>
#include <QStandardItemModel>

#include <algorithm>

namespace vigil::ui {
namespace {

const QString kOtherFile = QStringLiteral("\x01other");

void select(QComboBox* box, const QString& data)
{
    const int index = box->findData(data);
    if (index >= 0)
        box->setCurrentIndex(index);
}

// A setting as the item data of a choice: its word (core/common/settings.h).
template <typename Enum> QString word(Enum value)
{
    return QString::fromStdString(toString(value));
}

template <typename Enum> Enum valueOf(const QComboBox* box, Enum fallback)
{
    return fromString<Enum>(box->currentData().toString().toStdString()).value_or(fallback);
}

// A choice listed but not selectable: the combo's items are a QStandardItemModel's.
void disableItem(QComboBox* box, int index)
{
    if (auto* items = qobject_cast<QStandardItemModel*>(box->model()))
        items->item(index)->setEnabled(false);
}

bool isItemEnabled(const QComboBox* box, int index)
{
    const auto* items = qobject_cast<const QStandardItemModel*>(box->model());
    return !items || !items->item(index) || items->item(index)->isEnabled();
}

} // namespace

SettingsDialog::SettingsDialog(const AppSettings& settings, const QStringList& installedClassifiers,
    const QString& cudaUnavailableReason, const QString& bf16UnavailableReason, QWidget* parent)
    : QDialog(parent)
    , backboneBox_(new QComboBox(this))
    , cropsBox_(new QComboBox(this))
    , presetBox_(new QComboBox(this))
    , classifierBox_(new QComboBox(this))
    , classifierProblem_(new QLabel(this))
    , windowBox_(new QSpinBox(this))
    , strideBox_(new QSpinBox(this))
    , thresholdBox_(new QDoubleSpinBox(this))
    , threadsBox_(new QSpinBox(this))
    , deviceBox_(new QComboBox(this))
    , precisionBox_(new QComboBox(this))
    , precisionNote_(new QLabel(this))
    , exportEdit_(new QLineEdit(this))
    , detectorsBox_(new DetectorChoiceBox(this))
{
    setWindowTitle(tr("Settings"));
    fillChoices(installedClassifiers, settings.classifier, cudaUnavailableReason);
    fillPrecisionChoices(bf16UnavailableReason);
    setNumberRanges();
    auto* browse = new QPushButton(tr("Browse…"), this);
    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    createLayout(browse, buttons);
    showSettings(settings, cudaUnavailableReason.isEmpty());
    connectControls(browse, buttons);
}

void SettingsDialog::fillChoices(const QStringList& installedClassifiers,
    const QString& currentClassifier, const QString& cudaUnavailableReason)
{
    for (const BackboneRow& row : backboneTable()) {
        // The app's analyses score with the classifier; Inception-I3D's features it cannot read.
        if (!row.feedsClassifier)
            continue;
        const QString name
            = QString::fromUtf8(row.name.data(), static_cast<qsizetype>(row.name.size()));
        backboneBox_->addItem(row.takesSnippets
                ? tr("%1, %2-frame snippets (%3)")
                      .arg(name)
                      .arg(static_cast<qlonglong>(defaults::kSnippetFrames))
                      .arg(word(row.kind))
                : tr("%1, one frame per snippet (%2)").arg(name, word(row.kind)),
            word(row.kind));
    }
    cropsBox_->addItem(tr("Centre crop (fast)"), word(CropMode::Center));
    cropsBox_->addItem(tr("Ten crops, scores averaged (10× slower)"), word(CropMode::Ten));
    presetBox_->addItem(tr("I3D feature extractor: 340×256 Lanczos, last partial snippet dropped "
                           "(i3d-resnet-extractor)"),
        word(PreprocessPreset::I3dResnetExtractor));
    presetBox_->addItem(tr("RTFM's UCF-Crime features: Resize(256), TenCrop(224), loop-padded "
                           "snippets (rtfm)"),
        word(PreprocessPreset::Rtfm));
    presetBox_->setToolTip(tr("How frames become I3D inputs; a result of another preprocessing "
                              "is one of another model (docs/PROTOCOL.md)"));
    classifierBox_->setObjectName(QStringLiteral("classifierBox"));
    classifierBox_->addItem(installedClassifiers.isEmpty()
            ? tr("Default: the published classifier (none installed: the first analysis offers "
                 "to download it)")
            : tr("Default: the installed published classifier"),
        QString());
    for (const QString& name : installedClassifiers)
        classifierBox_->addItem(name, name);
    if (!currentClassifier.isEmpty() && classifierBox_->findData(currentClassifier) < 0)
        classifierBox_->addItem(QDir::toNativeSeparators(currentClassifier), currentClassifier);
    classifierBox_->addItem(tr("Other file…"), kOtherFile);
    deviceBox_->addItem(tr("CPU"), word(ComputeDevice::Cpu));
    const bool isCudaAvailable = cudaUnavailableReason.isEmpty();
    deviceBox_->addItem(
        isCudaAvailable ? tr("CUDA GPU") : tr("CUDA GPU (%1)").arg(cudaUnavailableReason),
        word(ComputeDevice::Cuda));
    if (!isCudaAvailable)
        disableItem(deviceBox_, 1);
}

void SettingsDialog::fillPrecisionChoices(const QString& bf16UnavailableReason)
{
    precisionBox_->setObjectName(QStringLiteral("precisionBox"));
    precisionBox_->addItem(tr("float32 (fp32)"), word(Precision::Fp32));
    const bool isBf16Available = bf16UnavailableReason.isEmpty();
    precisionBox_->addItem(
        isBf16Available ? tr("bfloat16 (bf16)") : tr("bfloat16 (bf16): not on this CPU"),
        word(Precision::Bf16));
    precisionBox_->setToolTip(
        tr("The backbone's arithmetic. bfloat16 runs it about 2× faster on CPUs with native "
           "bfloat16 (AVX-512 BF16 or AMX), on the CPU only; its features differ from "
           "float32's by a cosine of about 1e-6. Results record the precision: resuming a batch "
           "or evaluating counts another precision as another model."));
    // The reason is a sentence: under the box, wrapped, rather than in a very wide item.
    precisionNote_->setObjectName(QStringLiteral("precisionNote"));
    precisionNote_->setWordWrap(true);
    precisionNote_->setAlignment(
        Qt::AlignLeft | Qt::AlignTop); // its row may be taller (resizeEvent)
    precisionNote_->setForegroundRole(QPalette::PlaceholderText);
    precisionNote_->setText(tr("bfloat16 cannot be chosen: %1").arg(bf16UnavailableReason));
    precisionNote_->setVisible(!isBf16Available);
    if (!isBf16Available) {
        precisionBox_->setItemData(1, bf16UnavailableReason, Qt::ToolTipRole);
        disableItem(precisionBox_, 1);
    }
}

void SettingsDialog::setNumberRanges()
{
    // The CLI's own bounds (core/common/count_limits.h), so that the dialog never saves a value
    // `vigil analyze` would refuse.
    const CountBound steps = bounds::steps();
    windowBox_->setRange(static_cast<int>(steps.min), static_cast<int>(steps.max));
    windowBox_->setSuffix(tr(" snippets"));
    windowBox_->setToolTip(tr("T: the snippets the classifier sees at once (the paper: %1)")
                               .arg(static_cast<qlonglong>(defaults::kWindowSteps)));
    strideBox_->setRange(static_cast<int>(steps.min), static_cast<int>(steps.max));
    strideBox_->setSuffix(tr(" snippets"));
    strideBox_->setToolTip(
        tr("How far the next window starts; smaller than the window makes them overlap. "
           "Never larger than the window: steps between windows would not be scored."));
    thresholdBox_->setRange(bounds::threshold().min, bounds::threshold().max);
    thresholdBox_->setDecimals(kThresholdDecimals);
    thresholdBox_->setSingleStep(0.05);
    const CountBound threads = bounds::threads();
    threadsBox_->setRange(static_cast<int>(threads.min), static_cast<int>(threads.max));
    threadsBox_->setSpecialValueText(tr("all %1 cores").arg(coreCount()));
}

void SettingsDialog::createLayout(QPushButton* browse, QDialogButtonBox* buttons)
{
    exportEdit_->setPlaceholderText(tr("next to the video"));
    auto* exportRow = new QHBoxLayout;
    exportRow->addWidget(exportEdit_, 1);
    exportRow->addWidget(browse);

    auto* form = new QFormLayout;
    form->addRow(tr("Backbone:"), backboneBox_);
    form->addRow(tr("Crops:"), cropsBox_);
    form->addRow(tr("Preprocessing:"), presetBox_);
    form->addRow(tr("Classifier:"), classifierBox_);
    classifierProblem_->setWordWrap(true);
    classifierProblem_->setStyleSheet(QStringLiteral("QLabel { color: #611a15; }"));
    classifierProblem_->hide();
    form->addRow(QString(), classifierProblem_);
    form->addRow(tr("Window:"), windowBox_);
    form->addRow(tr("Stride:"), strideBox_);
    form->addRow(tr("Event threshold:"), thresholdBox_);
    form->addRow(tr("Threads:"), threadsBox_);
    form->addRow(tr("Device:"), deviceBox_);
    form->addRow(tr("&Precision:"), precisionBox_);
    form->addRow(QString(), precisionNote_);
    form->addRow(tr("Detectors:"), detectorsBox_);
    form->addRow(tr("Exports to:"), exportRow);
    auto* note = new QLabel(
        tr("Used from the next analysis on (Analysis > Analyse again reruns the open video); "
           "threads from the next start of Vigil, since the networks' thread pool is set once."),
        this);
    note->setWordWrap(true);
    note->setForegroundRole(QPalette::PlaceholderText);
    auto* layout = new QVBoxLayout(this);
    layout->addLayout(form);
    layout->addWidget(note);
    layout->addWidget(buttons);
}

void SettingsDialog::showSettings(const AppSettings& settings, bool isCudaAvailable)
{
    select(backboneBox_, word(settings.backbone));
    select(cropsBox_, word(settings.crops));
    select(presetBox_, word(settings.preset));
    select(classifierBox_, settings.classifier);
    classifierIndex_ = classifierBox_->currentIndex();
    const auto [window, stride] = settings.windows;
    windowBox_->setValue(static_cast<int>(window));
    strideBox_->setMaximum(static_cast<int>(window));
    strideBox_->setValue(static_cast<int>(std::min(stride, window)));
    thresholdBox_->setValue(settings.threshold);
    threadsBox_->setValue(settings.threads);
    select(deviceBox_, word(isCudaAvailable ? settings.device : ComputeDevice::Cpu));
    select(precisionBox_, word(settings.precision));
    exportEdit_->setText(QDir::toNativeSeparators(settings.exportFolder));
    detectorsBox_->setList(settings.detectors);
    updateCropChoice();
    updatePrecisionChoice();
}

void SettingsDialog::connectControls(QPushButton* browse, QDialogButtonBox* buttons)
{
    connect(backboneBox_, &QComboBox::currentIndexChanged, this, &SettingsDialog::updateCropChoice);
    connect(
        deviceBox_, &QComboBox::currentIndexChanged, this, &SettingsDialog::updatePrecisionChoice);
    // A stride larger than the window would leave steps unscored (analysis::windowProblem).
    // The window's value changes when its editing ends, not per keystroke: typing 64 over 32
    // passes through 6, which would clamp the stride to 6 for good.
    windowBox_->setKeyboardTracking(false);
    connect(windowBox_, &QSpinBox::valueChanged, strideBox_, &QSpinBox::setMaximum);
    connect(classifierBox_, &QComboBox::activated, this, [this] {
        if (classifierBox_->currentData().toString() == kOtherFile)
            chooseClassifierFile();
        else
            classifierIndex_ = classifierBox_->currentIndex();
    });
    connect(browse, &QPushButton::clicked, this, [this] {
        const QString folder = QFileDialog::getExistingDirectory(
            this, tr("Folder for exports"), exportEdit_->text());
        if (!folder.isEmpty())
            exportEdit_->setText(QDir::toNativeSeparators(folder));
    });
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
}

void SettingsDialog::updateCropChoice()
{
    // Ten crops and the presets exist for the I3D features only (the paper's protocol).
    const std::optional<BackboneKind> backbone
        = fromString<BackboneKind>(backboneBox_->currentData().toString().toStdString());
    const bool hasTenCrops = backbone && backboneRow(*backbone).hasTenCrops;
    const bool hasPresets = backbone && !backboneRow(*backbone).presets.empty();
    if (!hasTenCrops)
        cropsBox_->setCurrentIndex(0);
    if (!hasPresets)
        presetBox_->setCurrentIndex(0);
    cropsBox_->setEnabled(hasTenCrops);
    presetBox_->setEnabled(hasPresets);
}

void SettingsDialog::resizeEvent(QResizeEvent* event)
{
    QDialog::resizeEvent(event);
    // QFormLayout sizes a wrapped label's row for its size hint's width, not the width it gets:
    // at 1024x640 the reason's second line was cut. Its height at the width it has, then.
    if (!precisionNote_->isHidden())
        precisionNote_->setMinimumHeight(precisionNote_->heightForWidth(precisionNote_->width()));
}

void SettingsDialog::updatePrecisionChoice()
{
    // bf16 is the CPU's (tuning::precisionProblem); a saved bf16 this CPU cannot run shows, and
    // is saved as, the float32 that app/ would run instead.
    const bool isCpu = deviceBox_->currentData().toString() == word(ComputeDevice::Cpu);
    if (!isCpu || !isItemEnabled(precisionBox_, precisionBox_->currentIndex()))
        precisionBox_->setCurrentIndex(0);
    precisionBox_->setEnabled(isCpu);
}

void SettingsDialog::chooseClassifierFile()
{
    const QString file = QFileDialog::getOpenFileName(
        this, tr("Classifier weights"), QString(), tr("Weights (*.pth *.pt *.pkl);;All files (*)"));
    if (file.isEmpty() || !useClassifierFile(file))
        classifierBox_->setCurrentIndex(classifierIndex_);
}

bool SettingsDialog::useClassifierFile(const QString& file)
{
    QApplication::setOverrideCursor(Qt::WaitCursor);
    const QString problem = check_ ? check_(file) : QString();
    QApplication::restoreOverrideCursor();
    if (!problem.isEmpty()) {
        classifierProblem_->setText(
            tr("%1 cannot be the classifier: %2").arg(QDir::toNativeSeparators(file), problem));
        classifierProblem_->show();
        classifierBox_->setCurrentIndex(classifierIndex_);
        return false;
    }
    classifierProblem_->clear();
    classifierProblem_->hide();
    int index = classifierBox_->findData(file);
    if (index < 0) {
        index = classifierBox_->count() - 1; // before "Other file…"
        classifierBox_->insertItem(index, QDir::toNativeSeparators(file), file);
    }
    classifierBox_->setCurrentIndex(index);
    classifierIndex_ = index;
    return true;
}

QString SettingsDialog::classifierProblem() const
{
    return classifierProblem_->text();
}

AppSettings SettingsDialog::settings() const
{
    AppSettings settings;
    settings.backbone = valueOf(backboneBox_, settings.backbone);
    settings.crops = valueOf(cropsBox_, settings.crops);
    settings.preset = valueOf(presetBox_, settings.preset);
    const QString classifier = classifierBox_->currentData().toString();
    settings.classifier = classifier == kOtherFile ? QString() : classifier;
    settings.windows = { windowBox_->value(), strideBox_->value() };
    settings.threshold = thresholdBox_->value();
    settings.threads = threadsBox_->value();
    settings.device = valueOf(deviceBox_, settings.device);
    settings.precision = valueOf(precisionBox_, settings.precision);
    settings.exportFolder = QDir::fromNativeSeparators(exportEdit_->text().trimmed());
    settings.detectors = detectorsBox_->list();
    return settings;
}

} // namespace vigil::ui
