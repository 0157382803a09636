// A cancel reaches a backbone inside its forward pass (between residual blocks), so a run stops
// within one block rather than after a whole batch of snippets.

#include "core/common/cancellation.h"
#include "core/common/error.h"
#include "models/model_factory.h"

#include <gtest/gtest.h>

namespace vigil::models {
namespace {

TEST(CancellableForward, StopsInsideTheForwardPassOfBothBackbones)
{
    CancellationToken cancel;
    cancel.cancel();
    const CancellationScope scope(cancel);
    const LoadedBackbone i3d = loadBackbone(analysis::BackboneKind::I3dResNet50, "");
    EXPECT_THROW(i3d.extractor->extract(FloatArray::zeros({ 1, 3, 16, 64, 64 })), Cancelled);
    const LoadedBackbone resnet = loadBackbone(analysis::BackboneKind::ResNet50, "");
    EXPECT_THROW(resnet.extractor->extract(FloatArray::zeros({ 1, 3, 64, 64 })), Cancelled);
}

TEST(CancellableForward, RunsToTheEndWhenNotCancelledAndOutsideAnyScope)
{
    const LoadedBackbone resnet = loadBackbone(analysis::BackboneKind::ResNet50, "");
    EXPECT_EQ(resnet.extractor->extract(FloatArray::zeros({ 1, 3, 64, 64 })).size(), 2048);
    CancellationToken cancel;
    {
        const CancellationScope scope(cancel);
        EXPECT_EQ(resnet.extractor->extract(FloatArray::zeros({ 1, 3, 64, 64 })).size(), 2048);
        cancel.cancel();
        EXPECT_THROW(throwIfCurrentRunCancelled(), Cancelled);
    }
    EXPECT_NO_THROW(throwIfCurrentRunCancelled()); // the scope ended: no current run
}

} // namespace
} // namespace vigil::models
