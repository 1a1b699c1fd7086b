#!/usr/bin/env bash
# Install dependencies and build if needed, then run the whole test suite with ctest;
# the output ends with ctest's summary.
# Extra arguments go to ctest (e.g. `bash scripts/test.sh -L exec -R wave_sum`).
#
# Environment: BUILD_DIR, BUILD_TYPE, JOBS (see setup.sh); CTEST_JOBS (default: JOBS);
# SKIP_SANITIZE=1 skips the ASan+UBSan build (scripts/sanitize.sh) of the sanitize.unit test;
# SKIP_FUZZ=1 the clang libFuzzer build (scripts/fuzz.sh) of the fuzz.smoke test.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
JOBS="${JOBS:-$(nproc)}"
CTEST_JOBS="${CTEST_JOBS:-$JOBS}"
export BUILD_DIR JOBS

t0=$(date +%s)
# Keep going past a failing target: the tests of everything that did build still run,
# and the script still fails at the end.
build_rc=0
KEEP_GOING=1 bash "$ROOT/scripts/setup.sh" || build_rc=$?
# The ASan+UBSan tree for the sanitize.unit test (SKIP_SANITIZE=1 leaves it out; the
# test then reports itself skipped).
if [[ "${SKIP_SANITIZE:-0}" != 1 ]]; then
  ASAN_BUILD_DIR="${ASAN_BUILD_DIR:-$ROOT/build-asan}" bash "$ROOT/scripts/sanitize.sh" || build_rc=$?
fi
# The libFuzzer tree for the fuzz.smoke test (SKIP_FUZZ=1 leaves it out; the test then
# reports itself skipped).
if [[ "${SKIP_FUZZ:-0}" != 1 ]]; then
  FUZZ_BUILD_DIR="${FUZZ_BUILD_DIR:-$ROOT/build-fuzz}" bash "$ROOT/scripts/fuzz.sh" || build_rc=$?
fi
t1=$(date +%s)

# Vulkan programs complain when XDG_RUNTIME_DIR is unset; give them a private one.
if [[ -z "${XDG_RUNTIME_DIR:-}" || ! -d "${XDG_RUNTIME_DIR:-/nonexistent}" ]]; then
  export XDG_RUNTIME_DIR="$BUILD_DIR/xdg-runtime"
  mkdir -p -m 700 "$XDG_RUNTIME_DIR"
fi

printf '\nsetup+build: %d s\n' $((t1 - t0))
if ((build_rc)); then
  echo "test.sh: the setup or build FAILED (exit $build_rc, see above); running the tests of what was built, then failing" >&2
fi
printf '\n== ctest (-j%s)\n' "$CTEST_JOBS"
rc=0
ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$CTEST_JOBS" "$@" || rc=$?
# Nothing is printed after ctest: the run ends with its summary.
((build_rc)) && exit "$build_rc"
exit "$rc"
