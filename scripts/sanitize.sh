#!/usr/bin/env bash
# The sanitizer leg: build the unit-test executables and the CLI with ASan+UBSan into
# build-asan/ (Debug, so that UBSan sees unoptimised code), ready for the ctest entry
# `sanitize.unit`, which runs them (tests/sanitize_unit.sh).
#
# Environment: ASAN_BUILD_DIR (default <repo>/build-asan), JOBS (default nproc).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ASAN_BUILD_DIR="${ASAN_BUILD_DIR:-$ROOT/build-asan}"
JOBS="${JOBS:-$(nproc)}"
t0=$(date +%s)
printf '\n== sanitizer build: %s (ASan+UBSan, Debug)\n' "$ASAN_BUILD_DIR"
cmake -S "$ROOT" -B "$ASAN_BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Debug -DONESHADER_SANITIZE=ON >/dev/null
targets=(oneshader_cli)
for d in "$ROOT"/tests/unit/*/; do targets+=("unit_$(basename "$d")"); done
cmake --build "$ASAN_BUILD_DIR" -j "$JOBS" --target "${targets[@]}"
echo "sanitizer build: $(( $(date +%s) - t0 )) s"
