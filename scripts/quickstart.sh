#!/usr/bin/env bash
# Quick start: install dependencies, build, and compile the seed shader
# examples/Waves.hlsl to SPIR-V in out/ (one ENTRY.spv per [shader("...")] entry point).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
OUT_DIR="${OUT_DIR:-$ROOT/out}"

bash "$ROOT/scripts/setup.sh"

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
  if [[ "$f" == *.spv ]] && command -v spirv-val >/dev/null; then
    if spirv-val --target-env vulkan1.1 "$f"; then echo "    spirv-val: ok"; else echo "    spirv-val: FAILED"; rc=1; fi
  fi
done
((found)) || echo "  (nothing)"
exit "$rc"
