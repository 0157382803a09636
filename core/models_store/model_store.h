#pragma once
// The folder of installed weights: which manifest entries are there, whether each file is the
// one the manifest names, and installing a file the user already has. Installing is atomic (a
// temporary copy is verified, then renamed), so the folder never holds a half-copied file.
// One thread at a time per store. Throws vigil::ModelError for a file that is not the named
// weights, vigil::IoError for an unreadable or unwritable file; messages name the file.

#include "core/models_store/checksum_cache.h"
#include "core/models_store/model_manifest.h"

#include <cstdint>
#include <string>

namespace vigil::models_store {

enum class InstallState {
    Missing,
    Unchecked, // installed; its hash is not in the cache (list does not re-read files)
    Verified, // its hash matches the manifest
    Mismatch, // its hash does not match: damaged or replaced
    Unverifiable, // installed, but the manifest knows no checksum for it
};

// How hard status() looks: the cache only (fast), the cache then the file, or always the file.
enum class HashCheck { CacheOnly, CacheOrFile, File };

struct ModelStatus {
    InstallState state = InstallState::Missing;
    std::string path; // where the file is or would be
    int64_t sizeBytes = 0;
    std::string sha256; // empty unless hashed (now or before)
    std::string problem; // the mismatch in words, for Mismatch
};

class ModelStore {
public:
    ModelStore(std::string folder, ModelManifest manifest);

    const std::string& folder() const { return folder_; }
    // Throws IoError when the folder exists but cannot be listed (no permission, not a folder):
    // its weights are unknown then, which is not "none installed".
    void requireReadableFolder() const;
    const ModelManifest& manifest() const { return manifest_; }
    // Where the entry's file is: the manifest's file name, or, for an entry that has no
    // checksum, the file imported for it (importedPrefix() + its own name) when that is there.
    std::string pathOf(const ModelEntry& entry) const;
    // Imported files of an entry without a checksum keep their own name behind this prefix
    // ("imported-i3d-r50-kinetics-"), so a state dict never passes for the Caffe2 file.
    static std::string importedPrefix(const ModelEntry& entry);

    ModelStatus status(const ModelEntry& entry, HashCheck check);
    // Copies `file` in as `entry` after checking it; returns the installed path (the
    // manifest's file name when the entry has a checksum, else importedPrefix() + the file's
    // own name, replacing any file imported for it before).
    std::string import(const std::string& file, const ModelEntry& entry);
    // Records the hash of a file just put in place (by the downloader), so list shows it verified.
    void rememberChecksum(const ModelEntry& entry, const std::string& sha256);

private:
    // A file imported for `entry`, not for an entry whose name starts with entry's
    // ("s3r-ucf-dictionary" beside "s3r-ucf").
    bool isImportOf(const std::string& fileName, const ModelEntry& entry) const;
    void removeOtherImports(const ModelEntry& entry, const std::string& kept) const;

    std::string folder_;
    ModelManifest manifest_;
    ChecksumCache cache_;
};

} // namespace vigil::models_store
