#!/usr/bin/env bash
# ctest entry `sanitize.unit`: runs every unit-test executable of the ASan+UBSan tree
# (built by scripts/sanitize.sh) with the sanitizers set to fail on the first report.
# Exit 77 (skipped) when that tree was not built.
set -uo pipefail
dir="${1:?usage: sanitize_unit.sh ASAN_BUILD_DIR}"
[[ -d "$dir" ]] && dir="$(cd "$dir" && pwd)"
shopt -s nullglob
exes=()
for f in "$dir"/tests/unit_*; do
  [[ -f "$f" && -x "$f" && "$(basename "$f")" != *.* ]] && exes+=("$f")
done
if [[ ! -x "$dir/oneshader" || ${#exes[@]} -eq 0 ]]; then
  echo "sanitize.unit: no sanitizer build in $dir (run scripts/sanitize.sh); skipped"
  exit 77
fi
export ASAN_OPTIONS="detect_leaks=1:abort_on_error=0:halt_on_error=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
rc=0
for exe in "${exes[@]}"; do
  # Run from the tree so that tests finding the CLI by relative path use the ASan one.
  if ! (cd "$dir/tests" && "$exe" --gtest_brief=1 >"$dir/$(basename "$exe").log" 2>&1); then
    echo "FAILED: $(basename "$exe") (log: $dir/$(basename "$exe").log)"
    tail -n 60 "$dir/$(basename "$exe").log"
    rc=1
  else
    echo "ok: $(basename "$exe"): $(grep -o 'PASSED.*' "$dir/$(basename "$exe").log" | tail -1)"
  fi
done
exit $rc
