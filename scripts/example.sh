#!/usr/bin/env bash
# The quick start's example step: compile the seed shader examples/Waves.hlsl with
# BUILD_DIR/oneshader to every target in OUT_DIR (ENTRY.spv, ENTRY.metal, ENTRY.wgsl per
# [shader("...")] entry point), print the reflection summary and the files written, and
# check each .spv with spirv-val for the compiler's default environment (vulkan1.2).
# Also run by ctest (quickstart.example), so the README's first command stays true.
#   example.sh BUILD_DIR OUT_DIR
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${1:?usage: example.sh BUILD_DIR OUT_DIR}"
OUT_DIR="${2:?usage: example.sh BUILD_DIR OUT_DIR}"

printf '\n== compile: %s examples/Waves.hlsl -o %s\n' "$BUILD_DIR/oneshader" "$OUT_DIR"
mkdir -p "$OUT_DIR"
cd "$ROOT"
rc=0
"$BUILD_DIR/oneshader" examples/Waves.hlsl -o "$OUT_DIR" || rc=$?

printf '\n== wrote:\n'
found=0
for f in "$OUT_DIR"/*; do
  [[ -f "$f" ]] || continue
  found=1
  printf '  %s (%s bytes)\n' "$f" "$(stat -c %s "$f")"
  if [[ "$f" == *.spv ]]; then
    if ! command -v spirv-val >/dev/null; then
      echo "    spirv-val: not installed (apt-get install spirv-tools), not checked"
    elif spirv-val --target-env vulkan1.2 "$f"; then echo "    spirv-val: ok"; else echo "    spirv-val: FAILED"; rc=1; fi
  fi
done
((found)) || { echo "  (nothing)"; rc=1; }
exit "$rc"
