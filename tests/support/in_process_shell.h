#pragma once
// The integration tests' way of writing a command ("analyze 'a b.mp4' -o out", the words quoted
// by shellQuoted), run in this process (runInProcess) instead of launching vigil: a launch spends
// ~1 s starting LibTorch, longer than most commands the tests run. With the environment and the
// working folder a launch would have been given (ScopedEnvironment, ScopedWorkingFolder).
// One call at a time, as runInProcess.

#include "tests/support/in_process_cli.h"
#include "tests/support/run_command.h"
#include "tests/support/scoped_environment.h"

#include <cstdlib>
#include <filesystem>
#include <optional>
#include <stdexcept>
#include <string>
#include <system_error>
#include <utility>
#include <vector>

namespace vigil::test {

// The words of `text` as sh would split them: spaces separate, '...' quotes (the only quoting
// shellQuoted writes, with '\'' for a quote). No variables, globs or redirections.
inline std::vector<std::string> shellWords(const std::string& text)
{
    std::vector<std::string> words;
    std::optional<std::string> word;
    for (size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        if (c == ' ') {
            if (word)
                words.push_back(*word);
            word.reset();
        } else if (c == '\'') {
            const size_t close = text.find('\'', i + 1);
            if (close == std::string::npos)
                throw std::invalid_argument("unclosed quote in: " + text);
            word = word.value_or("") + text.substr(i + 1, close - i - 1);
            i = close;
        } else if (c == '\\' && i + 1 < text.size()) {
            word = word.value_or("") + text[++i];
        } else {
            word = word.value_or("") + c;
        }
    }
    if (word)
        words.push_back(*word);
    return words;
}

// `vigil <arguments>` in this process: the exit code, and stderr then stdout as the output.
inline CommandResult vigilInProcess(const std::string& arguments)
{
    const InProcessResult run = runInProcess(shellWords(arguments));
    return { run.exitCode, run.err + run.out };
}

// The process's working folder is `folder` until destroyed (what "cd folder && vigil" gave).
class ScopedWorkingFolder {
public:
    explicit ScopedWorkingFolder(const std::string& folder)
        : old_(std::filesystem::current_path())
    {
        std::filesystem::current_path(folder);
    }
    ~ScopedWorkingFolder()
    {
        std::error_code ignored; // a destructor cannot throw, and the folder was there before
        std::filesystem::current_path(old_, ignored);
    }
    ScopedWorkingFolder(const ScopedWorkingFolder&) = delete;
    ScopedWorkingFolder& operator=(const ScopedWorkingFolder&) = delete;

private:
    std::filesystem::path old_;
};

} // namespace vigil::test
