// The desktop app's weights flow on an empty models folder: it asks once, names what is missing,
// and loads demo weights only for the missing networks when the user chooses them; Cancel loads
// nothing. The dialogs are answered as a person would, by clicking them.

#include "core/common/error.h"
#include "tests/support/test_paths.h"
#include "ui/models/weights_flow.h"

#include <QApplication>
#include <QCommandLinkButton>
#include <QDialog>
#include <QMessageBox>
#include <QTimer>
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

namespace {

using namespace vigil;

// Records what it was asked to load, and refuses it: the flow's answer is then a message box.
class RecordingLoader : public engine::NetworkLoader {
public:
    engine::LoadedBackbone loadBackbone(
        BackboneKind, const std::string& path, ComputeDevice, Precision) const override
    {
        return refuse<engine::LoadedBackbone>(path);
    }
    engine::LoadedClassifier loadClassifier(const std::string& path) const override
    {
        return refuse<engine::LoadedClassifier>(path);
    }
    engine::LoadedDetector loadDetector(
        DetectorKind, const std::string& path, const std::string&) const override
    {
        return refuse<engine::LoadedDetector>(path);
    }
    std::string deviceProblem(ComputeDevice) const override { return {}; }
    mutable std::vector<std::string> paths;

private:
    template <typename Loaded> Loaded refuse(const std::string& path) const
    {
        paths.push_back(path);
        throw ModelError("refused by the test loader");
    }
};

// Answers each modal dialog as it opens, in order; texts shown are kept for the checks.
class Answers : public QObject {
public:
    explicit Answers(std::vector<std::function<void(QWidget*)>> steps)
        : steps_(std::move(steps))
    {
        connect(&timer_, &QTimer::timeout, this, [this] { answer(); });
        timer_.start(20);
    }
    std::vector<QString> texts;
    size_t answered = 0;

private:
    void answer()
    {
        QWidget* modal = QApplication::activeModalWidget();
        if (!modal || modal == last_ || answered >= steps_.size())
            return;
        last_ = modal;
        if (auto* box = qobject_cast<QMessageBox*>(modal))
            texts.push_back(box->text());
        steps_[answered++](modal);
    }
    std::vector<std::function<void(QWidget*)>> steps_;
    QWidget* last_ = nullptr;
    QTimer timer_;
};

void click(QWidget* dialog, const QString& title)
{
    for (QCommandLinkButton* button : dialog->findChildren<QCommandLinkButton*>())
        if (button->text() == title)
            button->click();
}

ui::EngineRequest classifierRequest()
{
    ui::EngineRequest request;
    request.model.needs = engine::NeededNetworks::ClassifierOnly;
    request.model.demo = engine::DemoWeights::Refuse;
    return request;
}

class WeightsFlowTest : public ::testing::Test {
protected:
    void SetUp() override
    {
        setenv("VIGIL_MODELS_DIR", test::scratchDir("ui_weights_flow").c_str(), 1);
    }
    void TearDown() override { unsetenv("VIGIL_MODELS_DIR"); }
};

TEST_F(WeightsFlowTest, DemoWeightsLoadOnlyTheMissingNetworkAndAFailureIsSaid)
{
    const auto loader = std::make_shared<RecordingLoader>();
    ui::WeightsFlow flow(classifierRequest, loader);
    Answers answers({ [](QWidget* dialog) { click(dialog, "Continue with demo weights"); },
        [](QWidget* box) { static_cast<QDialog*>(box)->accept(); } });
    EXPECT_FALSE(flow(nullptr).has_value());
    EXPECT_EQ(answers.answered, 2u);
    ASSERT_EQ(loader->paths.size(), 1u);
    EXPECT_EQ(loader->paths.front(), ""); // the demo (seeded) classifier
    ASSERT_EQ(answers.texts.size(), 1u);
    EXPECT_TRUE(answers.texts.front().contains("refused by the test loader"))
        << answers.texts.front().toStdString();
}

TEST_F(WeightsFlowTest, CancelLoadsNothing)
{
    const auto loader = std::make_shared<RecordingLoader>();
    ui::WeightsFlow flow(classifierRequest, loader);
    Answers answers({ [](QWidget* dialog) { static_cast<QDialog*>(dialog)->reject(); } });
    EXPECT_FALSE(flow(nullptr).has_value());
    EXPECT_EQ(answers.answered, 1u);
    EXPECT_TRUE(loader->paths.empty());
}

} // namespace
