#!/usr/bin/env python3
"""Fails (exit 1, one line per violation) when a source file includes what its layer may not.

The layers of docs/development.md: core/ sees no Qt, no LibTorch and nothing of ui/, models/
or app/; ui/ sees core/ only (no models/, no LibTorch); models/ sees core/ only (no ui/, no Qt);
FFmpeg's headers are for core/media, libcurl's for core/models_store, LibTorch's for models/;
a folder's detail/ headers are for that folder alone; core/files sees only core/common and the
standard library (and POSIX), so whatever needs only file primitives links nothing else.
ui/'s sources live in its feature folders (UI_FOLDERS), none at its top; app/ parses and wires,
so it shows no Qt dialog or widget of its own (those are ui/'s).
Usage: check_layering.py [ROOT]
"""
import pathlib
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s*[<"]([^>"]+)[>"]')
LAYERS = ("app", "core", "models", "ui")
TORCH = ("torch/", "ATen/", "c10/", "caffe2/")
UI_FOLDERS = ("batch", "common", "events", "explain", "live", "main", "models", "plots", "tasks", "timeline")
# Qt headers that mean a window of one's own: app/ hands such work to ui/.
APP_FORBIDDEN_QT = re.compile(r"Q(\w*Dialog|MessageBox|Widget|MainWindow|Menu|Action|Layout|Label|PushButton)$")
FFMPEG = ("libavformat/", "libavcodec/", "libavutil/", "libswscale/", "libswresample/", "libavdevice/", "libavfilter/")


def is_qt(header):
    return re.match(r"Q[A-Za-z]+(/|$)", header) is not None or header.startswith("qt")


def files_problem(header):
    """core/files is the bottom of core beside common: its own headers, common's, the system's."""
    if header.startswith(("core/files/", "core/common/", "sys/")) or "/" not in header:
        return None
    return "core/files sees only core/common and the standard library"


def place_problem(source):
    """Why `source` may not be where it is, or None: ui/'s files belong to a feature folder."""
    if source.parts[0] != "ui" or source.name == "CMakeLists.txt":
        return None
    if len(source.parts) < 3 or source.parts[1] not in UI_FOLDERS:
        return "ui/ sources live in one of its feature folders: " + ", ".join(UI_FOLDERS)
    return None


def problem(source, header):
    """Why `source` (a path relative to the root) may not include `header`, or None."""
    layer = source.parts[0]
    folder = "/".join(source.parts[:-1])
    target = header.split("/")[0]
    if layer == "core" and target in ("ui", "models", "app"):
        return "core must not see " + target + "/"
    if layer == "ui" and target in ("models", "app"):
        return "ui must not see " + target + "/"
    if layer == "models" and target in ("ui", "app"):
        return "models must not see " + target + "/"
    if layer == "app" and APP_FORBIDDEN_QT.match(header.split("/")[-1]):
        return "app/ shows no dialogs or widgets; they belong to ui/"
    if layer in ("core", "models") and is_qt(header):
        return layer + " must not see Qt"
    if header.startswith(TORCH) and layer != "models":
        return "LibTorch belongs to models/"
    if header.startswith(FFMPEG) and not folder.startswith("core/media"):
        return "FFmpeg belongs to core/media"
    if header.startswith("curl/") and not folder.startswith("core/models_store"):
        return "libcurl belongs to core/models_store"
    if folder.startswith("core/files"):
        why = files_problem(header)
        if why:
            return why
    if "/detail/" in header:
        owner = header.split("/detail/")[0]
        if not (folder == owner or folder.startswith(owner + "/")):
            return "detail/ headers are private to " + owner + "/"
    return None


def main():
    root = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else pathlib.Path(__file__).parent.parent)
    violations = 0
    for layer in LAYERS:
        for path in sorted((root / layer).rglob("*")):
            if path.suffix not in (".h", ".cpp", ".in") or not path.is_file():
                continue
            source = path.relative_to(root)
            if place_problem(source):
                print(f"layering: {source}: {place_problem(source)}")
                violations += 1
            for number, line in enumerate(path.read_text(errors="replace").splitlines(), 1):
                match = INCLUDE.match(line)
                why = match and problem(source, match.group(1))
                if why:
                    print(f"layering: {source}:{number}: #include {match.group(1)}: {why}")
                    violations += 1
    if violations:
        print(f"layering: {violations} forbidden include(s)")
        return 1
    print("layering: every include follows the layers")
    return 0


if __name__ == "__main__":
    sys.exit(main())
