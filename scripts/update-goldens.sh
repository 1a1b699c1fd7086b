#!/usr/bin/env bash
# Regenerate golden expectations tests/golden/NAME.spvasm from the current compiler.
#   bash scripts/update-goldens.sh [NAME...]     (no names: every tests/golden/*.hlsl)
# The result is the compiler's own output: review every changed line (git diff) before
# committing; an unreviewed golden proves nothing.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
[[ -x "$BUILD_DIR/oneshader" ]] || { echo "build first: bash scripts/setup.sh" >&2; exit 1; }
names=("$@")
if ((${#names[@]} == 0)); then
  for f in "$ROOT"/tests/golden/*.hlsl; do [[ -e "$f" ]] && names+=("$(basename "$f" .hlsl)"); done
fi
((${#names[@]})) || { echo "no tests/golden/*.hlsl"; exit 0; }
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
for n in "${names[@]}"; do
  bash "$ROOT/tests/golden/run_golden.sh" --oneshader "$BUILD_DIR/oneshader" --work "$work" --update "$ROOT/tests/golden/$n.hlsl"
done
echo
git -C "$ROOT" status --short -- tests/golden
echo "review the changes above (git diff tests/golden) before committing"
