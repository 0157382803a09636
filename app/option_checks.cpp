#include "app/option_checks.h"

namespace vigil::app {

CLI::Validator countIn(const CountBound& bound)
{
    return CLI::Validator([bound](std::string& text) { return countProblem(text, bound); },
        "INT in [" + std::to_string(bound.min) + " - " + std::to_string(bound.max) + "]");
}

CLI::Validator numberIn(const NumberBound& bound)
{
    return CLI::Validator([bound](std::string& text) { return numberProblem(text, bound); },
        "NUMBER in " + std::string(bound.isMinAllowed ? "[" : "(")
            + CLI::detail::to_string(bound.min) + " - " + CLI::detail::to_string(bound.max) + "]");
}

} // namespace vigil::app
