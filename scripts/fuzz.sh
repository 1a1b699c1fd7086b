#!/usr/bin/env bash
# The fuzz leg (fuzz/README.md): build the libFuzzer targets with clang into build-fuzz/
# (the whole library instrumented, with ASan+UBSan), then optionally run them.
#
#   bash scripts/fuzz.sh                      build only (scripts/test.sh does this; the
#                                             ctest entry fuzz.smoke then runs them)
#   bash scripts/fuzz.sh --run SECONDS [T..]  build, then fuzz each target (all, or the named
#                                             ones: preprocess parse sema spirv msl wgsl)
#                                             for SECONDS, one after the other
#   bash scripts/fuzz.sh --runs N [T..]       the same with N executions per target
#
# Environment: FUZZ_BUILD_DIR (default <repo>/build-fuzz), JOBS (default nproc),
# FUZZ_FORK (libFuzzer -fork=N: N fuzzing processes per target for --run/--runs).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
FUZZ_BUILD_DIR="${FUZZ_BUILD_DIR:-$ROOT/build-fuzz}"
JOBS="${JOBS:-$(nproc)}"
ALL=(preprocess parse sema spirv msl wgsl)

mode=build limit=
if [[ "${1:-}" == --run || "${1:-}" == --runs ]]; then
  mode=$1 limit="${2:?usage: fuzz.sh --run SECONDS|--runs N [TARGET...]}"
  shift 2
fi
targets=("$@")
((${#targets[@]})) || targets=("${ALL[@]}")

command -v clang++ >/dev/null || { echo "fuzz.sh: clang++ is missing (scripts/setup.sh installs clang)" >&2; exit 1; }
t0=$(date +%s)
printf '\n== fuzz build: %s (clang, libFuzzer, ASan+UBSan)\n' "$FUZZ_BUILD_DIR"
# -O1 with line tables: quick to build on two cores, fast enough to fuzz, stack traces
# with file:line.
CC=clang CXX=clang++ cmake -S "$ROOT" -B "$FUZZ_BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS_RELEASE="-O1 -gline-tables-only" -DCMAKE_C_FLAGS_RELEASE="-O1 -gline-tables-only" \
  -DONESHADER_FUZZ=ON -DONESHADER_TESTS=OFF >/dev/null
cmake --build "$FUZZ_BUILD_DIR" -j "$JOBS" --target "${targets[@]/#/fuzz_}"
echo "fuzz build: $(( $(date +%s) - t0 )) s"
[[ $mode == build ]] && exit 0

arg=-max_total_time=$limit
[[ $mode == --runs ]] && arg=-runs=$limit
exec bash "$ROOT/fuzz/run.sh" "$FUZZ_BUILD_DIR" "$arg" "${targets[@]}"
