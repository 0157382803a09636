#pragma once
// CLI11 checks of numeric options against core's bounds (core/common/count_limits.h), so that
// a refused value reads "vigil: --threads: 100000 is more than this machine's 2 cores" and is
// refused before anything is converted, started or allocated from it.

#include "core/common/count_limits.h"

#include <CLI/CLI.hpp>

namespace vigil::app {

CLI::Validator countIn(const CountBound& bound);
CLI::Validator numberIn(const NumberBound& bound);

} // namespace vigil::app
