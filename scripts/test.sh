#!/usr/bin/env bash
# Install dependencies and build if needed, then run the whole test suite with ctest.
# Extra arguments go to ctest (e.g. `bash scripts/test.sh -L exec -R wave_sum`).
#
# Environment: BUILD_DIR, BUILD_TYPE, JOBS (see setup.sh); CTEST_JOBS (default: JOBS).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
JOBS="${JOBS:-$(nproc)}"
CTEST_JOBS="${CTEST_JOBS:-$JOBS}"
export BUILD_DIR JOBS

t0=$(date +%s)
bash "$ROOT/scripts/setup.sh"
t1=$(date +%s)

# Vulkan programs complain when XDG_RUNTIME_DIR is unset; give them a private one.
if [[ -z "${XDG_RUNTIME_DIR:-}" || ! -d "${XDG_RUNTIME_DIR:-/nonexistent}" ]]; then
  export XDG_RUNTIME_DIR="$BUILD_DIR/xdg-runtime"
  mkdir -p -m 700 "$XDG_RUNTIME_DIR"
fi

printf '\n== ctest (-j%s)\n' "$CTEST_JOBS"
rc=0
ctest --test-dir "$BUILD_DIR" --output-on-failure -j "$CTEST_JOBS" "$@" || rc=$?
t2=$(date +%s)
printf '\ntimings: setup+build %d s, tests %d s, total %d s\n' $((t1 - t0)) $((t2 - t1)) $((t2 - t0))
exit "$rc"
