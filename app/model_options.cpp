#include "app/model_options.h"

#include "app/option_checks.h"
#include "core/analysis/detector_table.h"
#include "core/common/backbone_table.h"
#include "core/common/defaults.h"
#include "core/engine/detector_plan.h"

#include <map>
#include <string>

namespace vigil::app {
namespace {

void addBackboneOption(CLI::App& command, BackboneKind& backbone, Backbones offered)
{
    const std::string i3d = "Feature network: i3d-r50 (" + std::to_string(defaults::kSnippetFrames)
        + "-frame snippets, as the paper";
    std::map<std::string, BackboneKind> words = settingWords<BackboneKind>();
    if (offered == Backbones::I3dOnly) {
        words.clear(); // the backbones a live session can run
        for (const BackboneRow& row : backboneTable())
            if (row.canWatch)
                words.emplace(toString(row.kind), row.kind);
    }
    command
        .add_option("--backbone", backbone,
            offered == Backbones::I3dOnly ? i3d + "; the only one that scores a stream)"
                                          : i3d + ") or resnet50 (per frame)")
        ->transform(CLI::CheckedTransformer(words, CLI::ignore_case))
        ->default_str(toString(defaults::kBackbone));
}

} // namespace

void addModelOptions(CLI::App& command, RunOptions& options, Backbones backbones)
{
    engine::ModelRequest& model = options.model;
    const bool needsBackbone = backbones != Backbones::None;
    if (needsBackbone) {
        addBackboneOption(command, model.backbone, backbones);
        command
            .add_option("--crops", model.crops,
                "I3D crops (i3d-r50, i3d-inception): center (fast) or ten (the paper's protocol)")
            ->transform(CLI::CheckedTransformer(settingWords<CropMode>(), CLI::ignore_case))
            ->default_str(toString(defaults::kCrops));
        command
            .add_option("--preprocess", model.preset,
                "I3D preprocessing preset. i3d-r50: i3d-resnet-extractor (340x256 Lanczos, "
                "[-1, 1], a last partial snippet dropped; the default) or rtfm (Resize(256), "
                "TenCrop(224), (v - 114.75) / 57.375, loop-padded snippets). i3d-inception: "
                "urdmu (UR-DMU's i3d_extract.py: the extractor's resize, range and crops, the "
                "last snippet filled with its last frame; the default) or urdmu-jpeg (the same "
                "after a quality-95 JPEG round trip of each frame, as its published features "
                "were made); see docs/PROTOCOL.md")
            ->transform(CLI::CheckedTransformer(settingWords<PreprocessPreset>(), CLI::ignore_case))
            ->each([&options](const std::string&) { options.isPresetGiven = true; })
            ->default_str(toString(defaults::kPreset));
        command
            .add_option("--backbone-weights", model.backboneWeights, "Backbone state dict (.pth)")
            ->check(CLI::ExistingFile);
        if (backbones == Backbones::Any)
            command.add_option("--frame-step", model.frameStep, "resnet50: use every Nth frame")
                ->check(countIn(bounds::frameStep()))
                ->capture_default_str();
    }
    // Not CLI::ExistingFile: a model name is resolved to its installed file (app/models_command.h).
    command.add_option("--classifier", model.classifier,
        "Attention classifier: da64-r3 or da128-r7 (installed by `vigil models fetch`; the default "
        "when installed), or a state dict (.pth)");
    command.add_flag_callback(
        "--demo-weights", [&model] { model.demo = engine::DemoWeights::FillMissing; },
        "Use seeded random weights for each network that has no weights named or installed (for "
        "trying Vigil out; those scores are not meaningful); named or installed weights are "
        "always used as they are");
    command.add_option("--threads", model.threads, "CPU threads for the networks (0: all cores)")
        ->check(countIn(bounds::threads()))
        ->capture_default_str();
    if (needsBackbone) {
        command
            .add_option("--device", model.device,
                "Where the backbone runs: cpu, or cuda (needs a LibTorch built with CUDA and a "
                "GPU)")
            ->transform(CLI::CheckedTransformer(settingWords<ComputeDevice>(), CLI::ignore_case))
            ->default_str(toString(defaults::kDevice));
        command
            .add_option("--precision", model.precision,
                "The backbone's arithmetic: fp32, or bf16 (bfloat16 weights and activations, "
                "~2-3x faster; needs a CPU with avx512_bf16 or amx_bf16; results record it, and "
                "--resume and eval treat bf16 features as another model's)")
            ->transform(CLI::CheckedTransformer(settingWords<Precision>(), CLI::ignore_case))
            ->default_str(toString(defaults::kPrecision));
    }
}

void addWindowOptions(CLI::App& command, analysis::WindowSettings& windows)
{
    command.add_option("--window", windows.windowSteps, "Feature steps per classifier window")
        ->check(countIn(bounds::steps()))
        ->capture_default_str();
    command
        .add_option(
            "--stride", windows.strideSteps, "Steps between window starts (default: the window)")
        ->check(countIn(bounds::steps()));
}

void addOutputOptions(CLI::App& command, RunOptions& options)
{
    command.add_option("-o,--output", options.outputDir, "Output folder (created if missing)")
        ->capture_default_str();
    command.add_flag("-q,--quiet", options.isQuiet, "No progress on stderr");
}

} // namespace vigil::app

namespace vigil::app {

void addDetectorsOption(CLI::App& command, engine::ModelRequest& model)
{
    command
        .add_option_function<std::string>(
            "--detectors",
            [&model](const std::string& text) {
                if (const std::string problem = engine::parseDetectorList(text, model.detectors);
                    !problem.empty())
                    throw CLI::ValidationError("--detectors", problem);
            },
            "Comma-separated scorers: " + engine::detectorWords()
                + " (all: attention and every detector of RTFM's features whose weights are "
                  "installed; with --demo-weights, every one, seeded). Each detector's scores go "
                  "into the result JSON and a scores.csv column; attention must be among them, "
                  "but for detectors of Inception-I3D features ("
                + analysis::detectorWordsReading("i3d-inception")
                + "), which score such features alone (vigil score)")
        ->default_str(engine::kAttentionWord);
}

} // namespace vigil::app
