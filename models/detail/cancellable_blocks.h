#pragma once
// Runs the residual blocks of a ResNet layer one by one and checks the run's cancellation
// (core/common/cancellation.h, CancellationScope) between them: an I3D forward pass over a batch
// of snippets takes seconds on two cores, one block a tenth of that, so Ctrl+C and the GUI's
// Cancel stop within a second. Throws vigil::Cancelled.

#include "core/common/cancellation.h"

#include <torch/nn/modules/container/sequential.h>

namespace vigil::models::detail {

template <typename BlockImpl>
torch::Tensor forwardBlocks(const torch::nn::Sequential& layer, torch::Tensor x)
{
    for (const auto& block : layer->children()) {
        throwIfCurrentRunCancelled();
        x = block->as<BlockImpl>()->forward(x);
    }
    return x;
}

} // namespace vigil::models::detail
