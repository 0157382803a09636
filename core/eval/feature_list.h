#pragma once
// Which feature files an evaluation reads: an RTFM-style list file (one path per line; relative
// paths are taken from the list's own folder) or every .npy file of a folder, in name order.
// Throw vigil::IoError naming the list or folder.

#include <string>
#include <vector>

namespace vigil::eval {

std::vector<std::string> readFeatureList(const std::string& listPath);
std::vector<std::string> featureFilesIn(const std::string& folder);

} // namespace vigil::eval
