#pragma once
// Which of B's crops is which of A's, when two feature files of the same video list their crops
// in different orders (ten-crop protocols disagree on where the flipped crops go). Pure
// functions on the caller's thread; nothing throws beyond std::bad_alloc.

#include <cstdint>
#include <string>
#include <vector>

namespace vigil::eval {

// similarity: row-major [crops, crops], entry (i, j) how alike A's crop i and B's crop j are.
// Returns B's crop for each of A's crops: the one-to-one assignment of highest total similarity
// (Hungarian method, exact, O(crops^3)). The identity whenever no other assignment beats it by
// more than rounding, so equal crops never read as a permutation.
std::vector<int64_t> bestCropMatch(const std::vector<double>& similarity, int64_t crops);

// "B's crops 5..9 are A's 0..4, B's crops 0..4 are A's 5..9": the crops that moved, in runs,
// by A's order; empty for the identity.
std::string describeCropOrder(const std::vector<int64_t>& cropOfB);

} // namespace vigil::eval
