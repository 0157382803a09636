#pragma once
// Private to core/formats: what every JSON file Vigil writes shares. A "format" word and a
// "version" number open each file, so a reader can refuse one from a newer Vigil in one line
// instead of misreading it; a file without them is of the first, unversioned layout. File names are
// kept losslessly although JSON text must be UTF-8: a name that is valid UTF-8 is written as it is;
// any other is written readable (each invalid byte as U+FFFD) under its key, and exactly under
// "<key>_bytes", percent-encoded (every byte outside A-Z a-z 0-9 - . _ ~ / as %HH).
// Throws std::invalid_argument, which the readers turn into IoError naming the file.

#include <nlohmann/json.hpp>

#include <string>

namespace vigil::formats::detail {

void putFormat(nlohmann::json& document, const char* format, int version);
// Refuses another format word, or a version above `version`; a file without either passes.
void checkFormat(const nlohmann::json& document, const char* format, int version);

// JSON text that never throws for invalid UTF-8 (such bytes, in texts other than names kept by
// putName, become U+FFFD).
std::string dumped(const nlohmann::json& document, int indent);

bool isValidUtf8(const std::string& text);
void putName(nlohmann::json& object, const std::string& key, const std::string& name);
// The exact name putName kept; throws when the key is missing or not text.
std::string nameIn(const nlohmann::json& object, const std::string& key);

} // namespace vigil::formats::detail
