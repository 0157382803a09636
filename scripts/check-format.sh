#!/usr/bin/env bash
# Fails (exit 1, one line per file) when a C++ file is not clang-format clean (.clang-format).
#   check-format.sh              every tracked .h/.cpp except those in scripts/format-allowlist.txt
#   check-format.sh --base REF   only the files changed since REF (committed, staged or not),
#                                allow-list or not: what a change touches, it formats
#   check-format.sh --list       prints the files that are not clean (to refresh the allow-list)
set -euo pipefail
cd "$(dirname "$0")/.."
format=${CLANG_FORMAT:-clang-format}
command -v "$format" >/dev/null || { echo "check-format: $format not found" >&2; exit 2; }
allowlist=scripts/format-allowlist.txt
mode=tree
base=
case "${1:-}" in
  --base) mode=changed; base=${2:?--base needs a git revision} ;;
  --list) mode=list ;;
  "") ;;
  *) echo "usage: $0 [--base REF | --list]" >&2; exit 2 ;;
esac

if [[ $mode == changed ]]; then
  mapfile -t files < <({ git diff --name-only --diff-filter=d "$base" -- '*.h' '*.cpp';
    git ls-files --others --exclude-standard -- '*.h' '*.cpp'; } | sort -u)
else
  mapfile -t files < <(git ls-files -- '*.h' '*.cpp')
fi
declare -A allowed=()
if [[ $mode == tree && -f $allowlist ]]; then
  while read -r line; do
    [[ -z $line || $line == \#* ]] || allowed[$line]=1
  done < "$allowlist"
fi

check=()
for file in "${files[@]}"; do
  if [[ -f $file && -z ${allowed[$file]:-} ]]; then check+=("$file"); fi
done
# One clang-format per 64 files (a process per file costs more than the check); each warning
# line starts with the file's name.
unclean=$(printf '%s\0' "${check[@]}" | xargs -0 -r -n 64 "$format" --dry-run -Werror 2>&1 \
  | sed -n 's/^\([^:]*\.\(h\|cpp\)\):[0-9]*:[0-9]*: error:.*/\1/p' | sort -u || true)
if [[ $mode == list ]]; then
  [[ -z $unclean ]] || echo "$unclean"
  exit 0
fi
if [[ -n $unclean ]]; then
  while read -r file; do
    echo "check-format: $file: not clang-format clean (clang-format -i $file)"
  done <<< "$unclean"
  exit 1
fi
echo "check-format: ${#check[@]} files checked (${#allowed[@]} on the allow-list), all clean"
