#!/usr/bin/env bash
# Install OneShader's build and test dependencies (Debian 12) and build into build/.
# Idempotent: packages already installed are not reinstalled (no network needed then),
# and the CMake build is incremental.
#
# Environment:
#   BUILD_DIR   build directory (default: <repo>/build)
#   BUILD_TYPE  CMake build type (default: RelWithDebInfo)
#   JOBS        parallel build jobs (default: nproc)
#   SKIP_INSTALL=1  do not touch packages (just configure + build)
#   SKIP_BUILD=1    install packages only
#   KEEP_GOING=1    build every target that can be built even if some fail (still exits 1)
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
BUILD_TYPE="${BUILD_TYPE:-RelWithDebInfo}"
JOBS="${JOBS:-$(nproc)}"

# testing-tools.md section 1, plus the compiler and python3 (lit) that the
# section assumes. nodejs/npm (WGSL layer, tests/wgsl) are added below when missing.
PACKAGES=(
  spirv-tools spirv-headers glslang-tools glslang-dev spirv-cross libspirv-cross-c-shared-dev
  mesa-vulkan-drivers libvulkan-dev libvulkan1 vulkan-tools vulkan-validationlayers
  llvm-14-tools chromium-common
  nlohmann-json3-dev libfmt-dev libcli11-dev googletest libgtest-dev libgmock-dev
  cmake ninja-build pkg-config
  g++ python3
  clang libclang-rt-dev clang-format
)
# The WGSL layer runs Dawn through node (tests/wgsl, testing-tools.md section 7). A machine
# that already has node and npm (e.g. from nodesource) keeps them.
if ! command -v node >/dev/null || ! command -v npm >/dev/null; then
  PACKAGES+=(nodejs npm)
fi

step() { printf '\n== %s\n' "$*"; }
now() { date +%s; }

missing_packages() {
  local p status
  for p in "${PACKAGES[@]}"; do
    status="$(dpkg-query -W -f='${db:Status-Status}' "$p" 2>/dev/null || true)"
    [[ "$status" == installed ]] || printf '%s\n' "$p"
  done
}

if [[ "${SKIP_INSTALL:-0}" != 1 ]]; then
  t0=$(now)
  mapfile -t MISSING < <(missing_packages)
  if ((${#MISSING[@]} == 0)); then
    step "packages: all ${#PACKAGES[@]} already installed"
  else
    step "packages: installing ${#MISSING[@]} missing: ${MISSING[*]}"
    SUDO=()
    if [[ "$(id -u)" != 0 ]]; then
      command -v sudo >/dev/null || { echo "setup.sh: run as root (or install sudo)" >&2; exit 1; }
      SUDO=(sudo)
    fi
    export DEBIAN_FRONTEND=noninteractive
    "${SUDO[@]}" apt-get update
    "${SUDO[@]}" apt-get install -y --no-install-recommends "${PACKAGES[@]}"
  fi
  echo "packages: $(( $(now) - t0 )) s"
fi

# Dawn for node (webgpu@0.6.2, pinned by tests/wgsl/package-lock.json). `npm ci` installs
# exactly the lock file; --ignore-scripts skips webgpu's postinstall, which only matters on
# macOS. Skipped when node_modules is already newer than the lock file.
if [[ "${SKIP_INSTALL:-0}" != 1 ]]; then
  t0=$(now)
  WGSL_DIR="$ROOT/tests/wgsl"
  if [[ -f "$WGSL_DIR/node_modules/.package-lock.json" &&
        "$WGSL_DIR/node_modules/.package-lock.json" -nt "$WGSL_DIR/package-lock.json" ]]; then
    step "npm: tests/wgsl/node_modules is up to date"
  else
    step "npm: npm ci in tests/wgsl"
    (cd "$WGSL_DIR" && npm ci --ignore-scripts --no-audit --no-fund)
  fi
  echo "npm: $(( $(now) - t0 )) s"
fi

if [[ "${SKIP_BUILD:-0}" != 1 ]]; then
  t0=$(now)
  step "configure: $BUILD_DIR ($BUILD_TYPE)"
  # CI (CI=true, as CI services set it) builds with -Werror: the build must stay warning-free.
  werror=OFF
  [[ "${CI:-}" == true ]] && werror=ON
  cmake -S "$ROOT" -B "$BUILD_DIR" -G Ninja -DCMAKE_BUILD_TYPE="$BUILD_TYPE" -DONESHADER_WERROR="$werror"
  step "build: -j$JOBS"
  keep=()
  [[ "${KEEP_GOING:-0}" == 1 ]] && keep=(-- -k 0)
  rc=0
  cmake --build "$BUILD_DIR" -j "$JOBS" "${keep[@]}" || rc=$?
  echo "build: $(( $(now) - t0 )) s"
  if ((rc)); then echo "setup.sh: the build FAILED" >&2; exit "$rc"; fi
fi
