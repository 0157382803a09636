// `vigil models`: its options and help, and the answers that need no network (list, path).
// Free of LibTorch and Qt, so that app/front.cpp answers them itself.

#include "app/models_command.h"

#include "app/exit_codes.h"
#include "app/models_listing.h"
#include "app/print_error.h"
#include "core/common/error.h"
#include "core/models_store/model_locations.h"

namespace vigil::app {

ModelsCommand::ModelsCommand(CLI::App& cli)
{
    command_ = cli.add_subcommand("models",
        "Published weights: list, fetch (download and verify), import, verify. Folder: "
        "$VIGIL_MODELS_DIR, "
        "else $XDG_DATA_HOME/vigil/models, else ~/.local/share/vigil/models; "
        "$VIGIL_MODELS_MIRROR=URL "
        "downloads URL/<file> instead of each file's home");
    command_->require_subcommand(1);
    list_
        = command_->add_subcommand("list", "What is installed, where, and whether it was verified");
    fetch_ = command_->add_subcommand(
        "fetch", "Download weights (default: all), verify, install; resumes partial downloads");
    fetch_->add_option("names", names_, "Model names (see `vigil models list`)");
    fetch_->add_flag("-q,--quiet", isQuiet_, "No progress on stderr");
    import_ = command_->add_subcommand("import",
        "Install a file you already have, after reading it as its network and checking its "
        "checksum");
    import_->add_option("file", importFile_, "Weights file")->required()->check(CLI::ExistingFile);
    import_->add_option("--as", importName_, "Model name it should be")->required();
    verify_ = command_->add_subcommand(
        "verify", "Re-read installed files and check their SHA-256 (default: all)");
    verify_->add_option("names", names_, "Model names");
    path_ = command_->add_subcommand("path", "Print the models folder, or the file of each NAME");
    path_->add_option("names", names_, "Model names");
}

bool ModelsCommand::isListing() const
{
    return list_->parsed() || path_->parsed();
}

int ModelsCommand::runListing() const
{
    try {
        models_store::ModelStore store(
            models_store::modelsFolderFromEnvironment(), models_store::ModelManifest::builtIn());
        store.requireReadableFolder();
        if (list_->parsed())
            return listModels(store);
        const std::optional<std::vector<const models_store::ModelEntry*>> entries
            = entriesNamed(store.manifest(), names_);
        return entries ? printPaths(store, *entries, !names_.empty()) : kExitUsage;
    } catch (const Error& error) {
        printError(error.what());
        return kExitFailedInput;
    }
}

} // namespace vigil::app
