#!/usr/bin/env bash
# Compile-time benchmark: build/oneshader vs glslangValidator on the same compute shaders
# (examples/Waves.hlsl and the execution-test shaders), one process per compile, as a user
# runs them. Prints per-shader medians of REPS runs and the ratio oneshader / glslang.
# Not part of ctest: a measurement, not an assertion.
#
#   bash bench/run.sh [-n REPS] [-b BUILD_DIR] [-f FILTER]      (FILTER: substring of the shader path)
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REPS=5 BUILD_DIR="$ROOT/build" FILTER=""
while getopts "n:b:f:" o; do
  case "$o" in n) REPS="$OPTARG" ;; b) BUILD_DIR="$OPTARG" ;; f) FILTER="$OPTARG" ;; *) exit 2 ;; esac
done
ONESHADER="$BUILD_DIR/oneshader"
GLSLANG="$(command -v glslangValidator || true)"
TMP="$(mktemp -d)"; trap 'rm -rf "$TMP"' EXIT
[[ -n "$GLSLANG" ]] || echo "note: glslangValidator not found (apt-get install glslang-tools)"
[[ -x "$ONESHADER" ]] || echo "note: $ONESHADER not built"

# shader:entry pairs
jobs=("$ROOT/examples/Waves.hlsl:CSSum")
for f in "$ROOT"/tests/exec/cases/*.hlsl; do jobs+=("$f:main"); done

# Median of the given numbers (milliseconds).
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

printf '%-52s %12s %12s %8s\n' "shader (entry)" "oneshader ms" "glslang ms" "ratio"
os_all=() gl_all=()
for j in "${jobs[@]}"; do
  file="${j%:*}" entry="${j##*:}"
  [[ -z "$FILTER" || "$file" == *"$FILTER"* ]] || continue
  os=n/a gl=n/a ratio=-
  [[ -x "$ONESHADER" ]] && time_cmd os "$ONESHADER" "$file" -E "$entry" -T cs_6_0 -fspv-target-env=vulkan1.1 -Fo "$TMP/os.spv"
  [[ -n "$GLSLANG" ]] && time_cmd gl "$GLSLANG" -D -V --target-env vulkan1.1 -e "$entry" -S comp "$file" -o "$TMP/gl.spv"
  if [[ "$os" =~ ^[0-9.]+$ && "$gl" =~ ^[0-9.]+$ ]]; then
    ratio=$(awk -v a="$os" -v b="$gl" 'BEGIN{printf "%.2f", a/b}')
    os_all+=("$os"); gl_all+=("$gl")
  fi
  printf '%-52s %12s %12s %8s\n' "$(basename "$file") ($entry)" "$os" "$gl" "$ratio"
done
if ((${#os_all[@]})); then
  mo=$(median "${os_all[@]}") mg=$(median "${gl_all[@]}")
  printf '%-52s %12s %12s %8s\n' "median over ${#os_all[@]} shaders both compiled" "$mo" "$mg" \
    "$(awk -v a="$mo" -v b="$mg" 'BEGIN{printf "%.2f", a/b}')"
else
  echo "no shader was compiled by both compilers"
fi

# In-process phase timings, when the CLI offers them.
if [[ -x "$ONESHADER" ]] && "$ONESHADER" --help 2>&1 | grep -q -- '-time'; then
  printf '\n== in-process timing: oneshader --time examples/Waves.hlsl -E CSSum\n'
  "$ONESHADER" --time "$ROOT/examples/Waves.hlsl" -E CSSum -T cs_6_0 -Fo "$TMP/t.spv" 2>&1 || true
else
  printf '\n(in-process timing skipped: %s has no --time option)\n' "$ONESHADER"
fi
