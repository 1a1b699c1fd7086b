#!/usr/bin/env bash
# MSL generation benchmark: `oneshader --target msl` (HLSL -> IR -> MSL in one process)
# against the peer pipeline SPIRV-Cross users run: glslangValidator (HLSL -> SPIR-V) then
# `spirv-cross --msl --msl-version 20400`, on the same compute shaders (examples/Waves.hlsl,
# tests/exec/cases/*.hlsl, tests/corpus/*.hlsl). One process per compile, as a user runs
# them; per-shader medians of REPS runs. Columns:
#   oneshader ms     HLSL -> MSL with oneshader
#   glslang+sc ms    HLSL -> SPIR-V with glslang, plus SPIR-V -> MSL with spirv-cross
#   spirv-cross ms   the spirv-cross step alone (its SPIR-V made once beforehand)
#   ratio            oneshader / (glslang + spirv-cross)
# Not part of ctest: a measurement, not an assertion.
#
#   bash bench/msl.sh [-n REPS] [-b BUILD_DIR] [-f FILTER]      (FILTER: substring of the path)
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REPS=5 BUILD_DIR="$ROOT/build" FILTER=""
while getopts "n:b:f:" o; do
  case "$o" in n) REPS="$OPTARG" ;; b) BUILD_DIR="$OPTARG" ;; f) FILTER="$OPTARG" ;; *) exit 2 ;; esac
done
ONESHADER="$BUILD_DIR/oneshader"
GLSLANG="$(command -v glslangValidator || true)"
SPIRVCROSS="$(command -v spirv-cross || true)"
TMP="$(mktemp -d)"; trap 'rm -rf "$TMP"' EXIT
[[ -n "$GLSLANG" && -n "$SPIRVCROSS" ]] || echo "note: glslangValidator or spirv-cross not found (apt-get install glslang-tools spirv-cross)"
[[ -x "$ONESHADER" ]] || echo "note: $ONESHADER not built"

jobs=("$ROOT/examples/Waves.hlsl:CSSum")
for f in "$ROOT"/tests/exec/cases/*.hlsl "$ROOT"/tests/corpus/*.hlsl; do jobs+=("$f:main"); done

median() { printf '%s\n' "$@" | sort -g | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else printf "%.3f\n", (a[NR/2]+a[NR/2+1])/2}'; }

# time_cmd OUTVAR cmd...: runs cmd REPS times; sets OUTVAR to the median in ms or "fail".
time_cmd() {
  local -n _out=$1; shift
  local times=() i t0 t1
  for ((i = 0; i < REPS; ++i)); do
    t0=$EPOCHREALTIME
    if ! "$@" >/dev/null 2>&1; then _out=fail; return; fi
    t1=$EPOCHREALTIME
    times+=("$(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.3f", (b-a)*1000}')")
  done
  _out=$(median "${times[@]}")
}
# The peer pipeline as one timed command.
peer() { "$GLSLANG" -D -V --target-env vulkan1.1 -e "$2" -S comp "$1" -o "$TMP/p.spv" && "$SPIRVCROSS" --msl --msl-version 20400 "$TMP/p.spv" --output "$TMP/p.metal"; }

printf '%-48s %12s %14s %14s %7s\n' "shader (entry)" "oneshader ms" "glslang+sc ms" "spirv-cross ms" "ratio"
os_all=() pe_all=() sc_all=()
for j in "${jobs[@]}"; do
  file="${j%:*}" entry="${j##*:}"
  [[ -z "$FILTER" || "$file" == *"$FILTER"* ]] || continue
  os=n/a pe=n/a sc=n/a ratio=-
  [[ -x "$ONESHADER" ]] && time_cmd os "$ONESHADER" "$file" -E "$entry" -T cs_6_0 --target msl -o "$TMP/os"
  if [[ -n "$GLSLANG" && -n "$SPIRVCROSS" ]]; then
    time_cmd pe peer "$file" "$entry"
    if "$GLSLANG" -D -V --target-env vulkan1.1 -e "$entry" -S comp "$file" -o "$TMP/s.spv" >/dev/null 2>&1; then
      time_cmd sc "$SPIRVCROSS" --msl --msl-version 20400 "$TMP/s.spv" --output "$TMP/s.metal"
    else
      sc=fail
    fi
  fi
  if [[ "$os" =~ ^[0-9.]+$ && "$pe" =~ ^[0-9.]+$ ]]; then
    ratio=$(awk -v a="$os" -v b="$pe" 'BEGIN{printf "%.2f", a/b}')
    os_all+=("$os"); pe_all+=("$pe"); [[ "$sc" =~ ^[0-9.]+$ ]] && sc_all+=("$sc")
  fi
  printf '%-48s %12s %14s %14s %7s\n' "$(basename "$file") ($entry)" "$os" "$pe" "$sc" "$ratio"
done
if ((${#os_all[@]})); then
  mo=$(median "${os_all[@]}") mp=$(median "${pe_all[@]}") ms=-
  ((${#sc_all[@]})) && ms=$(median "${sc_all[@]}")
  printf '%-48s %12s %14s %14s %7s\n' "median over ${#os_all[@]} shaders both compiled" "$mo" "$mp" "$ms" \
    "$(awk -v a="$mo" -v b="$mp" 'BEGIN{printf "%.2f", a/b}')"
else
  echo "no shader was compiled by both pipelines"
fi
if [[ -x "$ONESHADER" ]] && "$ONESHADER" --help 2>&1 | grep -q -- '--time'; then
  printf '\n== in-process timing: oneshader --time --target msl examples/Waves.hlsl -E CSSum\n'
  "$ONESHADER" --time "$ROOT/examples/Waves.hlsl" -E CSSum -T cs_6_0 --target msl -o "$TMP/t" 2>&1 || true
fi
