#include "app/command.h"

#include "app/exit_codes.h"
#include "app/print_error.h"

#include <exception>

namespace vigil::app {

int runGuarded(const Command& command, const CancellationToken& cancel)
{
    try {
        return command.run(cancel);
    } catch (const Cancelled& cancelled) {
        printError(cancelled.what()); // "cancelled", unless the command said more
        return kExitCancelled;
    } catch (const UsageError& error) {
        printError(error.what());
        return kExitUsage;
    } catch (const std::exception& error) {
        printError(error.what());
        return kExitFailedInput;
    }
}

} // namespace vigil::app
