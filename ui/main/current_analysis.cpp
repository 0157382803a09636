#include "ui/main/current_analysis.h"
#include "core/common/defaults.h"

namespace vigil::ui {

CurrentAnalysis::CurrentAnalysis(QObject* parent)
    : QObject(parent)
{
}

void CurrentAnalysis::setVideo(const QString& path, double framesPerSecond)
{
    clearResult();
    videoPath_ = path;
    framesPerSecond_ = defaults::fpsOrFallback(framesPerSecond);
    emit videoChanged(videoPath_, framesPerSecond_);
}

void CurrentAnalysis::clear()
{
    setVideo(QString(), defaults::kFallbackFps);
}

void CurrentAnalysis::clearResult()
{
    result_.reset();
    featuresPath_.clear();
    pendingFeatures_.reset();
    setCancelled(false);
    show(nullptr, nullptr);
}

void CurrentAnalysis::markCancelled()
{
    if (hasVideo() && !result_)
        setCancelled(true);
}

void CurrentAnalysis::setCancelled(bool isCancelled)
{
    if (isCancelled == isCancelled_)
        return;
    isCancelled_ = isCancelled;
    emit cancelledChanged(isCancelled_);
}

bool CurrentAnalysis::isOfThisVideo(const ResultPointer& result) const
{
    return result && hasVideo() && QString::fromStdString(result->video.path) == videoPath_;
}

void CurrentAnalysis::showPartialResult(const ResultPointer& partial)
{
    if (isOfThisVideo(partial) && !result_)
        show(partial, nullptr);
}

void CurrentAnalysis::setFeatures(const QString& videoPath, const FeaturesPointer& features)
{
    if (videoPath != videoPath_ || !hasVideo())
        return;
    featuresPath_ = videoPath;
    pendingFeatures_ = features;
}

bool CurrentAnalysis::setResult(const ResultPointer& result)
{
    if (!isOfThisVideo(result))
        return false;
    result_ = result;
    setCancelled(false);
    // Features arrive just before their result; a saved result (no run) has none.
    FeaturesPointer features = featuresPath_ == videoPath_ ? pendingFeatures_ : nullptr;
    pendingFeatures_.reset();
    featuresPath_.clear();
    show(result_, features);
    return true;
}

void CurrentAnalysis::show(const ResultPointer& shown, const FeaturesPointer& features)
{
    if (shown == shown_ && features == shownFeatures_ && !shown)
        return; // nothing shown, nothing to clear
    shown_ = shown;
    shownFeatures_ = features;
    emit shownResultChanged(shown_, shownFeatures_);
}

} // namespace vigil::ui
