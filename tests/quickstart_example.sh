#!/usr/bin/env bash
# ctest quickstart.example: the README's first command ends with scripts/example.sh; run
# that step into a fresh folder and check what the README promises:
#   - example.sh exits 0 (a failing compile, a missing output or a rejected module fails it);
#   - the two reflection summary lines, exactly;
#   - the six files CSSum/PSSlope .spv/.metal/.wgsl, none empty;
#   - "spirv-val: ok" once per .spv (spirv-val must be installed: a missing tool fails).
#   quickstart_example.sh EXAMPLE_SH BUILD_DIR OUT_DIR
set -uo pipefail
example="${1:?usage: quickstart_example.sh EXAMPLE_SH BUILD_DIR OUT_DIR}"
build="${2:?usage}" out="${3:?usage}"
rm -rf "$out"
log="$(bash "$example" "$build" "$out" 2>&1)"
rc=$?
printf '%s\n' "$log"
fail() { echo "FAIL quickstart.example: $*"; exit 1; }
((rc == 0)) || fail "scripts/example.sh exited with status $rc"
for line in 'CSSum (Compute): Basic, Arithmetic = 0x5' 'PSSlope (Pixel): Quad = 0x80'; do
  grep -qxF -- "$line" <<<"$log" || fail "the output lacks the summary line '$line'"
done
for f in CSSum.spv CSSum.metal CSSum.wgsl PSSlope.spv PSSlope.metal PSSlope.wgsl; do
  [[ -s "$out/$f" ]] || fail "$out/$f is missing or empty"
done
ok="$(grep -cxF '    spirv-val: ok' <<<"$log")"
((ok == 2)) || fail "expected 'spirv-val: ok' for both .spv files, got $ok"
echo "PASS quickstart.example: exit 0, both summary lines, six files, both modules valid"
