#include "core/common/backbone_table.h"
#include "core/common/printable.h"
#include "core/common/settings.h"

#include <gtest/gtest.h>

namespace vigil {
namespace {

template <typename Enum> void expectEveryWordRoundTrips()
{
    for (const auto& [word, value] : settingWords<Enum>()) {
        SCOPED_TRACE(word);
        EXPECT_EQ(toString(value), word);
        EXPECT_EQ(fromString<Enum>(word), value);
    }
}

TEST(SettingWords, EverySettingHasOneWordAndBack)
{
    expectEveryWordRoundTrips<BackboneKind>();
    expectEveryWordRoundTrips<CropMode>();
    expectEveryWordRoundTrips<ComputeDevice>();
    expectEveryWordRoundTrips<Provenance>();
    expectEveryWordRoundTrips<PreprocessPreset>();
    EXPECT_EQ(toString(PreprocessPreset::I3dResnetExtractor), "i3d-resnet-extractor");
    EXPECT_EQ(toString(PreprocessPreset::Rtfm), "rtfm");
    EXPECT_EQ(toString(BackboneKind::I3dResNet50), "i3d-r50");
    EXPECT_EQ(toString(Provenance::Published), "published");
    EXPECT_FALSE(fromString<Provenance>("Demo"));
    EXPECT_FALSE(fromString<CropMode>(""));
}

TEST(SettingWords, RefuseThePresetsWithTheResNet50Backbone)
{
    EXPECT_EQ(presetProblem(BackboneKind::I3dResNet50, PreprocessPreset::Rtfm), "");
    EXPECT_EQ(presetProblem(BackboneKind::ResNet50, PreprocessPreset::I3dResnetExtractor), "");
    EXPECT_NE(
        presetProblem(BackboneKind::ResNet50, PreprocessPreset::Rtfm).find("i3d-r50 backbone only"),
        std::string::npos);
}

TEST(Printable, EscapesWhatCouldDriveATerminal)
{
    EXPECT_EQ(printable("clip\n.mp4"), "clip\\n.mp4");
    EXPECT_EQ(printable("\x1b]0;pwned\x07x"), "\\x1b]0;pwned\\x07x");
    EXPECT_EQ(printable("caf\xc3\xa9 \\ tab\t"), "caf\xc3\xa9 \\\\ tab\\t");
}

// U+009B is a one-character CSI to many terminals, and bytes that are not UTF-8 are drawn as
// whatever the terminal makes of them: both are escaped, well-formed UTF-8 is kept.
TEST(Printable, EscapesC1ControlsAndBytesThatAreNotUtf8)
{
    EXPECT_EQ(printable("a\xc2\x9b"
                        "2Jb"),
        "a\\u009b2Jb");
    EXPECT_EQ(printable("\xc2\x85"), "\\u0085");
    EXPECT_EQ(printable("\xc2\xa0"), "\xc2\xa0"); // U+00A0 is printable
    EXPECT_EQ(printable("caf\xe9.mp4"), "caf\\xe9.mp4");
    EXPECT_EQ(printable("\xe2\x82"), "\\xe2\\x82"); // cut short
    EXPECT_EQ(printable("\xc0\xaf"), "\\xc0\\xaf"); // overlong '/'
    EXPECT_EQ(printable("\xed\xa0\x80"), "\\xed\\xa0\\x80"); // a surrogate
    EXPECT_EQ(printable("\xf0\x9f\x8e\xa5 \xe2\x82\xac"), "\xf0\x9f\x8e\xa5 \xe2\x82\xac");
}

} // namespace
} // namespace vigil
