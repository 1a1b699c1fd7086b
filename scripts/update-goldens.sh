#!/usr/bin/env bash
# Regenerate the golden expectations beside tests/golden/NAME.hlsl from the current compiler:
# every NAME.spvasm, NAME.metal, NAME.wgsl and NAME.reflect.json that exists (after the same
# validation the tests run: spirv-val, the MSL check, Dawn).
#   bash scripts/update-goldens.sh [NAME...]     (no names: every tests/golden/*.hlsl)
# A new expectation: create an empty NAME.EXT first, then run this.
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
rc=0
for n in "${names[@]}"; do
  for pair in spirv:spvasm msl:metal wgsl:wgsl reflect:reflect.json; do
    [[ -e "$ROOT/tests/golden/$n.${pair#*:}" ]] || continue
    python3 "$ROOT/tests/golden/golden.py" --oneshader "$BUILD_DIR/oneshader" --work "$work" \
      --target "${pair%%:*}" --update "$ROOT/tests/golden/$n.hlsl" || rc=1
  done
done
echo
git -C "$ROOT" status --short -- tests/golden
echo "review the changes above (git diff tests/golden) before committing"
exit $rc
