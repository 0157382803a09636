// The preprocessing preset is part of the model description: written in every result and
// feature sidecar, read back (an old file without it as the default, which made it), a result of
// another preset not "done" for --resume, and eval flagging features of mixed presets.

#include "core/batch/saved_result.h"
#include "core/eval/evaluation.h"
#include "core/files/atomic_file.h"
#include "core/files/npy_file.h"
#include "core/formats/feature_sidecar.h"
#include "core/formats/result_files.h"
#include "core/formats/result_reader.h"
#include "tests/support/synthetic_result.h"
#include "tests/support/test_paths.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <fstream>

namespace vigil {
namespace {

using nlohmann::json;

json readJson(const std::string& path)
{
    std::ifstream in(path);
    return json::parse(in);
}

// The file as a result or sidecar written before presets existed: without the key.
void dropKey(const std::string& path, const char* object, const char* key)
{
    json document = readJson(path);
    if (object)
        document[object].erase(key);
    else
        document.erase(key);
    files::writeFileAtomically(path, document.dump(1) + "\n");
}

TEST(PresetRecords, ResultJsonNamesThePresetAndReadsBackAsWritten)
{
    analysis::AnalysisResult written = test::syntheticResult("clip.mp4", { 0.1f, 0.9f });
    written.model.preset = PreprocessPreset::Rtfm;
    const formats::WrittenFiles files
        = formats::writeResultFiles(written, test::scratchDir("preset_result"), "clip");
    EXPECT_EQ(readJson(files.jsonPath)["model"]["preprocess"], "rtfm");
    EXPECT_EQ(formats::readResultFiles(files.jsonPath, files.csvPath).model.preset,
        PreprocessPreset::Rtfm);

    dropKey(files.jsonPath, "model", "preprocess");
    EXPECT_EQ(formats::readResultFiles(files.jsonPath, files.csvPath).model.preset,
        PreprocessPreset::I3dResnetExtractor);
}

TEST(PresetRecords, SidecarNamesThePresetAndAnOldOneReadsAsTheDefault)
{
    const std::string dir = test::scratchDir("preset_sidecar");
    const std::string path = dir + "/clip.json";
    const std::string npy = dir + "/clip.npy";
    const FloatArray features = FloatArray::zeros({ 3, 1, 4 }); // 33 to 64 frames
    const auto read = [&] { return formats::readFeatureSidecarFor(npy, features); };
    formats::FeatureSidecar sidecar;
    sidecar.model.preset = PreprocessPreset::Rtfm;
    sidecar.model.crops = CropMode::Ten;
    sidecar.frames = 40;
    sidecar.fps = 25.0;
    formats::writeFeatureSidecar(path, sidecar);
    EXPECT_EQ(readJson(path)["preprocess"], "rtfm");
    ASSERT_TRUE(read());
    EXPECT_EQ(read()->model.preset, PreprocessPreset::Rtfm);

    dropKey(path, nullptr, "preprocess");
    EXPECT_EQ(read()->model.preset, PreprocessPreset::I3dResnetExtractor);

    json document = readJson(path);
    document["preprocess"] = "bilinear-ish";
    files::writeFileAtomically(path, document.dump());
    EXPECT_THROW(read(), IoError);
}

TEST(PresetRecords, ResumeTreatsAResultOfAnotherPresetAsNotDone)
{
    const formats::WrittenFiles files
        = formats::writeResultFiles(test::syntheticResult("clip.mp4", { 0.1f, 0.7f, 0.6f }),
            test::scratchDir("preset_resume"), "clip");
    batch::ExpectedSettings rtfm = test::demoSettings();
    rtfm.model.preset = PreprocessPreset::Rtfm;
    const batch::SavedResult other = batch::checkSavedResult(
        files.jsonPath, files.csvPath, rtfm, vigil::analysis::EventRule {});
    EXPECT_FALSE(other.isComplete);
    EXPECT_NE(other.problem.find("preset"), std::string::npos) << other.problem;
    EXPECT_TRUE(batch::checkSavedResult(
        files.jsonPath, files.csvPath, test::demoSettings(), vigil::analysis::EventRule {})
                    .isComplete);

    // A result from before presets was made by the default: done for it, not for rtfm.
    dropKey(files.jsonPath, "model", "preprocess");
    EXPECT_TRUE(batch::checkSavedResult(
        files.jsonPath, files.csvPath, test::demoSettings(), vigil::analysis::EventRule {})
                    .isComplete);
    EXPECT_FALSE(
        batch::checkSavedResult(files.jsonPath, files.csvPath, rtfm, vigil::analysis::EventRule {})
            .isComplete);
}

// Window score: the first feature value of the window's first step.
class FirstValue : public analysis::WindowScorer {
public:
    analysis::WindowScore score(const FloatArray& window) const override
    {
        const int64_t crops = window.dim(0), steps = window.dim(1), size = window.dim(2);
        analysis::WindowScore result;
        result.attention = FloatArray::zeros({ crops, steps, 1 });
        for (int64_t c = 0; c < crops; ++c)
            result.cropScores.push_back(window.values[static_cast<size_t>(c * steps * size)]);
        return result;
    }
    int64_t featureSize() const override { return 2; }
    int64_t attentionRows() const override { return 1; }
};

TEST(PresetRecords, EvalFlagsFeaturesOfDifferentPresets)
{
    const std::string dir = test::scratchDir("preset_eval");
    const auto write = [&](const std::string& name, float value, const PreprocessPreset* preset) {
        files::writeNpy(dir + "/" + name + ".npy", FloatArray { { 2, 2 }, { value, 0, value, 0 } });
        if (preset) {
            formats::FeatureSidecar sidecar;
            sidecar.model.preset = *preset;
            formats::writeFeatureSidecar(dir + "/" + name + ".json", sidecar);
        }
        return dir + "/" + name + ".npy";
    };
    const PreprocessPreset extractor = PreprocessPreset::I3dResnetExtractor;
    const PreprocessPreset rtfm = PreprocessPreset::Rtfm;
    eval::GroundTruth truth;
    truth.concatenatedLabels = std::vector<uint8_t>(32, 1); // the first video's 2 x 16 frames
    truth.concatenatedLabels->resize(64, 0);
    const FirstValue scorer;
    eval::EvalSettings settings;
    settings.splitSteps = 2;

    const std::vector<std::string> same
        = { write("a", 0.9f, &extractor), write("b", 0.1f, nullptr) };
    const eval::EvalReport agreed
        = eval::evaluate(same, truth, scorer, settings, CancellationToken());
    EXPECT_TRUE(agreed.warnings.empty());
    EXPECT_EQ(agreed.perVideo[0].madeBy, "i3d-r50, preprocessing i3d-resnet-extractor");
    EXPECT_EQ(agreed.perVideo[1].madeBy, "");

    const std::vector<std::string> mixed = { same[0], write("c", 0.1f, &rtfm) };
    const eval::EvalReport flagged
        = eval::evaluate(mixed, truth, scorer, settings, CancellationToken());
    ASSERT_EQ(flagged.warnings.size(), 1u);
    EXPECT_NE(flagged.warnings[0].find("preprocessing rtfm"), std::string::npos)
        << flagged.warnings[0];
    EXPECT_NE(flagged.warnings[0].find("preprocessing i3d-resnet-extractor"), std::string::npos)
        << flagged.warnings[0];
    EXPECT_DOUBLE_EQ(flagged.rocAuc, 1.0); // flagged, still scored
}

} // namespace
} // namespace vigil
