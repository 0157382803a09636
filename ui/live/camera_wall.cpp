#include "ui/live/camera_wall.h"

#include "ui/common/fitted_status_bar.h"
#include "ui/live/camera_tile.h"
#include "ui/live/cameras_worker.h"
#include "ui/live/live_window.h"

#include <QCloseEvent>
#include <QGridLayout>
#include <QHBoxLayout>
#include <QKeyEvent>
#include <QLabel>
#include <QPushButton>
#include <QScrollArea>
#include <QTimer>
#include <QVBoxLayout>

#include <cmath>

namespace vigil::ui {

CameraWall::CameraWall(const live::CamerasPlan& plan, std::shared_ptr<const engine::Engine> engine,
    int timelineMinutes, QWidget* parent)
    : QMainWindow(parent)
    , worker_(std::make_shared<CamerasWorker>(plan, std::move(engine)))
    , task_(new BackgroundTask(QStringLiteral("vigil-cameras"), this))
{
    setWindowTitle(tr("Cameras (%1) – Vigil").arg(worker_->cameraCount()));
    createTiles(timelineMinutes);
    statusBar_ = new FittedStatusBar(this);
    setStatusBar(statusBar_);
    counts_ = new QLabel;
    statusBar_->addPermanentWidget(counts_);
    timer_ = new QTimer(this);
    timer_->setInterval(250);
    connect(timer_, &QTimer::timeout, this, &CameraWall::refresh);
    connectTask();
    for (size_t i = 0; i < tiles_.size(); ++i)
        connect(worker_->channel(i), &LiveChannel::notice, this, [this, i](const QString& text) {
            statusBar_->say(tr("%1: %2").arg(worker_->name(i), text), 10000);
        });
}

CameraWall::~CameraWall()
{
    disconnect(task_, nullptr, this, nullptr);
    task_->cancelAndWait();
}

void CameraWall::createTiles(int timelineMinutes)
{
    const size_t count = worker_->cameraCount();
    columns_ = std::max(1, static_cast<int>(std::ceil(std::sqrt(static_cast<double>(count)))));
    auto* grid = new QGridLayout;
    grid->setSpacing(6);
    for (size_t i = 0; i < count; ++i) {
        auto* tile = new CameraTile(
            worker_->name(i), worker_->request(i), worker_->channel(i), timelineMinutes);
        tile->setMinimumSize(200, 170);
        connect(tile, &CameraTile::activated, tile, &CameraTile::openView);
        connect(tile, &CameraTile::arrowPressed, this, [this](int key) {
            moveFocus(key == Qt::Key_Up   ? -1
                    : key == Qt::Key_Down ? 1
                                          : 0,
                key == Qt::Key_Left        ? -1
                    : key == Qt::Key_Right ? 1
                                           : 0);
        });
        const int at = static_cast<int>(i);
        grid->addWidget(tile, at / columns_, at % columns_);
        tiles_.push_back(tile);
    }
    stopButton_ = new QPushButton(tr("Stop all"));
    stopButton_->setToolTip(tr("Stop every camera (Esc); open alerts are closed and written"));
    connect(stopButton_, &QPushButton::clicked, this, &CameraWall::stop);
    auto* hint = new QLabel(tr("Arrow keys choose a camera, Enter opens its live view"));
    hint->setEnabled(false);
    auto* controls = new QHBoxLayout;
    controls->addWidget(hint, 1);
    controls->addWidget(stopButton_);
    auto* tilesWidget = new QWidget;
    tilesWidget->setLayout(grid);
    auto* scroll = new QScrollArea;
    scroll->setWidgetResizable(true);
    scroll->setWidget(tilesWidget);
    scroll->setFrameShape(QFrame::NoFrame);
    auto* central = new QWidget;
    auto* layout = new QVBoxLayout(central);
    layout->addWidget(scroll, 1);
    layout->addLayout(controls);
    setCentralWidget(central);
    if (!tiles_.empty())
        setFocusProxy(tiles_.front());
}

void CameraWall::start()
{
    if (isRunning())
        return;
    std::shared_ptr<CamerasWorker> worker = worker_;
    task_->setFailureText([worker](const QString& what) {
        QString text = what;
        for (size_t i = 0; i < worker->cameraCount(); ++i)
            text = worker->channel(i)->redacted(text);
        return text;
    });
    timer_->start();
    stopButton_->setEnabled(true);
    task_->start([worker](TaskContext& context) { return worker->run(context); });
    refresh();
}

void CameraWall::stop()
{
    if (!isRunning())
        return;
    task_->cancel();
    stopButton_->setEnabled(false);
    statusBar_->say(tr("Stopping every camera…"));
}

void CameraWall::connectTask()
{
    connect(task_, &BackgroundTask::succeeded, this,
        [this](const QVariant& summaries) { showEnd(summaries.toStringList(), tr("ended")); });
    connect(task_, &BackgroundTask::cancelled, this, [this] { showEnd({}, tr("stopped")); });
    connect(task_, &BackgroundTask::failed, this,
        [this](const QString& message) { showEnd({}, tr("Failed: %1").arg(message)); });
    connect(task_, &BackgroundTask::finished, this, [this] {
        timer_->stop();
        emit finished();
    });
}

void CameraWall::showEnd(const QStringList& summaries, const QString& fallback)
{
    for (size_t i = 0; i < tiles_.size(); ++i) {
        const QString text = static_cast<qsizetype>(i) < summaries.size() ? summaries[i] : fallback;
        emit worker_->channel(i)->ended(text);
        tiles_[i]->showEnd(text);
    }
    stopButton_->setEnabled(false);
    hasEnded_ = true;
    const QString root = worker_->outputRoot();
    statusBar_->say(root.isEmpty()
            ? tr("Every camera stopped (%1)").arg(fallback)
            : tr("Every camera stopped; each one's files are in its folder under %1").arg(root));
    refresh();
}

QString CameraWall::countsText() const
{
    int alerting = 0;
    int stale = 0;
    for (const CameraTile* tile : tiles_) {
        alerting += tile->isAlertShown() ? 1 : 0;
        stale += tile->isStale() ? 1 : 0;
    }
    const int cameras = static_cast<int>(tiles_.size());
    return tr("%1 · %2 alerting · %3 stale")
        .arg(hasEnded_ || !isRunning() ? tr("stopped")
                : cameras == 1         ? tr("1 camera watched")
                                       : tr("%1 cameras watched").arg(cameras))
        .arg(alerting)
        .arg(stale);
}

void CameraWall::refresh()
{
    for (CameraTile* tile : tiles_)
        tile->refresh();
    counts_->setText(countsText());
}

void CameraWall::moveFocus(int rows, int columns)
{
    const auto focused = std::find(tiles_.begin(), tiles_.end(), focusWidget());
    const int at = focused == tiles_.end() ? 0 : static_cast<int>(focused - tiles_.begin());
    const int next = at + rows * columns_ + columns;
    if (next >= 0 && next < static_cast<int>(tiles_.size()))
        tiles_[static_cast<size_t>(next)]->setFocus(Qt::OtherFocusReason);
}

void CameraWall::keyPressEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Escape) {
        stop();
        return;
    }
    QMainWindow::keyPressEvent(event);
}

void CameraWall::closeEvent(QCloseEvent* event)
{
    stop();
    task_->cancelAndWait(); // every open alert is written before the wall goes
    event->accept();
}

} // namespace vigil::ui
