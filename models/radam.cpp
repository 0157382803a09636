#include "models/radam.h"

#include <cmath>

namespace vigil::models {

RAdam::RAdam(std::vector<torch::Tensor> parameters, RAdamOptions options)
    : parameters_(std::move(parameters))
    , options_(options)
{
    for (const torch::Tensor& parameter : parameters_) {
        expAvg_.push_back(torch::zeros_like(parameter, torch::MemoryFormat::Preserve));
        expAvgSq_.push_back(torch::zeros_like(parameter, torch::MemoryFormat::Preserve));
    }
}

void RAdam::step()
{
    torch::NoGradGuard noGrad;
    ++steps_;
    // PyTorch keeps one step counter per parameter; they advance together, as here.
    const double step = static_cast<double>(steps_);
    const double beta1 = options_.beta1;
    const double beta2 = options_.beta2;
    const double biasCorrection1 = 1 - std::pow(beta1, step);
    const double biasCorrection2 = 1 - std::pow(beta2, step);
    // The maximum length of the approximated simple moving average, and its length now.
    const double rhoInf = 2 / (1 - beta2) - 1;
    const double rhoT = rhoInf - 2 * step * std::pow(beta2, step) / biasCorrection2;
    for (size_t i = 0; i < parameters_.size(); ++i) {
        torch::Tensor& parameter = parameters_[i];
        if (!parameter.grad().defined())
            continue;
        torch::Tensor grad = parameter.grad();
        if (options_.weightDecay != 0)
            grad = grad.add(parameter, options_.weightDecay);
        expAvg_[i].mul_(beta1).add_(grad, 1 - beta1);
        expAvgSq_[i].mul_(beta2).addcmul_(grad, grad, 1 - beta2);
        const torch::Tensor biasCorrectedExpAvg = expAvg_[i] / biasCorrection1;
        if (rhoT > 5.0) {
            // The variance rectification term.
            const double rect = std::sqrt(
                (rhoT - 4) * (rhoT - 2) * rhoInf / ((rhoInf - 4) * (rhoInf - 2) * rhoT));
            // Python's `scalar / tensor` is tensor.reciprocal() * scalar (torch/_tensor.py).
            const torch::Tensor adaptiveLr
                = expAvgSq_[i].sqrt().add_(options_.eps).reciprocal() * std::sqrt(biasCorrection2);
            parameter.add_(biasCorrectedExpAvg * options_.learningRate * adaptiveLr * rect, -1.0);
        } else {
            parameter.add_(biasCorrectedExpAvg * options_.learningRate, -1.0);
        }
    }
}

void RAdam::zeroGrad()
{
    for (torch::Tensor& parameter : parameters_) {
        torch::Tensor grad = parameter.mutable_grad();
        if (!grad.defined())
            continue;
        if (grad.grad_fn())
            grad.detach_();
        else
            grad.requires_grad_(false);
        grad.zero_();
    }
}

} // namespace vigil::models
