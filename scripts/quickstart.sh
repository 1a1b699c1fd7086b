#!/usr/bin/env bash
# Quick start: install dependencies, build, and compile the seed shader
# examples/Waves.hlsl to all three targets in out/ (ENTRY.spv, ENTRY.metal, ENTRY.wgsl per
# [shader("...")] entry point), printing the reflection summary (scripts/example.sh).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
BUILD_DIR="${BUILD_DIR:-$ROOT/build}"
OUT_DIR="${OUT_DIR:-$ROOT/out}"

bash "$ROOT/scripts/setup.sh"
exec bash "$ROOT/scripts/example.sh" "$BUILD_DIR" "$OUT_DIR"
