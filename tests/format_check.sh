#!/usr/bin/env bash
# format.check: every C++ file the project tracks (not the HLSL headers under headers/)
# is formatted by .clang-format. A missing clang-format fails the test.
# Fix with: git ls-files '*.cpp' '*.hpp' '*.h' '*.c' ':!headers/' | xargs clang-format -i
set -euo pipefail
root="$1"
cd "$root"
if ! command -v clang-format >/dev/null; then
  echo "format.check: clang-format is not installed (scripts/setup.sh installs it)" >&2
  exit 1
fi
if [ -d .git ] || git rev-parse --git-dir >/dev/null 2>&1; then
  mapfile -t files < <(git ls-files '*.cpp' '*.hpp' '*.h' '*.c' ':!headers/')
else
  mapfile -t files < <(find src include tools tests fuzz bench \( -name '*.cpp' -o -name '*.hpp' -o -name '*.h' -o -name '*.c' \) -print)
fi
if [ "${#files[@]}" -lt 100 ]; then
  echo "format.check: found only ${#files[@]} C++ files under $root" >&2
  exit 1
fi
clang-format --dry-run --Werror "${files[@]}"
echo "format.check: ${#files[@]} files formatted"
