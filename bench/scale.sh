#!/usr/bin/env bash
# Scaling benchmark: time per function of each writer (the `--time` phase spirv:/msl:/wgsl:
# of one entry point) on generated shaders of N functions, N = 100, 1,000, 5,000, 20,000.
#   flat   N functions `uint fI(uint x)` all called from the entry point
#   chain  a call chain N deep (fI calls fI-1), the entry point calls the last
# Prints the best of REPS runs per cell in microseconds per function. Every phase should be
# linear, so each row should be flat. Not part of ctest: a measurement, not an assertion.
#
# With -c it prints, instead, callgrind's instruction count per function of each writer
# (inclusive cost of msl::compileMsl, wgsl::compileWgsl and driver::emitSpirv, the SPIR-V
# emitter without validation: -Vd), one valgrind run per shape and size for all targets.
# Instructions do not depend on the machine's load, so this is the record to compare on
# a shared machine; wall time there mostly measures the other processes.
#
#   bash bench/scale.sh [-c] [-n REPS] [-b BUILD_DIR] [-t "msl wgsl spirv"] [-s "100 1000 5000 20000"]
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REPS=3 BUILD_DIR="$ROOT/build" TARGETS="msl wgsl spirv" SIZES="100 1000 5000 20000" CALLGRIND=0
while getopts "cn:b:t:s:" o; do
  case "$o" in c) CALLGRIND=1 ;; n) REPS="$OPTARG" ;; b) BUILD_DIR="$OPTARG" ;; t) TARGETS="$OPTARG" ;; s) SIZES="$OPTARG" ;; *) exit 2 ;; esac
done
ONESHADER="$BUILD_DIR/oneshader"
[[ -x "$ONESHADER" ]] || { echo "$ONESHADER not built"; exit 1; }
TMP="$(mktemp -d)"; trap 'rm -rf "$TMP"' EXIT

gen() {  # gen SHAPE N > file
  awk -v n="$2" -v shape="$1" 'BEGIN {
    print "RWStructuredBuffer<uint> Out : register(u0);"
    if (shape == "flat") {
      for (i = 0; i < n; ++i) printf "uint f%d(uint x) { return x * %du + %du; }\n", i, i + 1, i
      print "[numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID) {"
      print "  uint s = 0;"
      for (i = 0; i < n; ++i) printf "  s += f%d(id.x);\n", i
      print "  Out[id.x] = s;"
      print "}"
    } else {
      print "uint f0(uint x) { return x + 1u; }"
      for (i = 1; i < n; ++i) printf "uint f%d(uint x) { return f%d(x) + %du; }\n", i, i - 1, i
      printf "[numthreads(64, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = f%d(id.x); }\n", n - 1
    }
  }'
}

if ((CALLGRIND)); then
  command -v valgrind >/dev/null || { echo "valgrind is not installed"; exit 1; }
  declare -A cell
  for shape in flat chain; do
    for n in $SIZES; do
      gen "$shape" "$n" > "$TMP/s.hlsl"
      valgrind --tool=callgrind --callgrind-out-file="$TMP/cg.out" "$ONESHADER" "$TMP/s.hlsl" -E main -T cs_6_0 \
        --target "$(echo $TARGETS | tr ' ' ,)" -Vd -o "$TMP/out" >/dev/null 2>&1
      for t in $TARGETS; do
        case "$t" in msl) sym='msl::compileMsl(' ;; wgsl) sym='wgsl::compileWgsl(' ;; *) sym='driver::emitSpirv(' ;; esac
        ir=$(callgrind_annotate --inclusive=yes "$TMP/cg.out" 2>/dev/null | grep -F "$sym" | head -1 | awk '{ gsub(",", "", $1); print $1 }')
        cell["$t $shape $n"]=$( [[ -n "$ir" ]] && awk -v a="$ir" -v n="$n" 'BEGIN { printf "%.0f", a / n }' || echo fail)
      done
      rm -f "$TMP/cg.out"
    done
  done
  printf '%-14s' "writer shape"
  for n in $SIZES; do printf '%12s' "N=$n"; done
  printf '   (instructions per function, callgrind)\n'
  for t in $TARGETS; do
    for shape in flat chain; do
      printf '%-14s' "$t $shape"
      for n in $SIZES; do printf '%12s' "${cell["$t $shape $n"]}"; done
      printf '\n'
    done
  done
  exit 0
fi

printf '%-14s' "writer shape"
for n in $SIZES; do printf '%12s' "N=$n"; done
printf '   (us per function, best of %s)\n' "$REPS"
for t in $TARGETS; do
  for shape in flat chain; do
    printf '%-14s' "$t $shape"
    for n in $SIZES; do
      gen "$shape" "$n" > "$TMP/s.hlsl"
      best=""
      for ((r = 0; r < REPS; ++r)); do
        us=$("$ONESHADER" "$TMP/s.hlsl" -E main -T cs_6_0 --target "$t" -o "$TMP/out" --time 2>&1 |
             awk -v p="$t:main" '$2 == p { print $3 }')
        [[ -n "$us" ]] || { best=fail; break; }
        [[ -z "$best" || "$us" -lt "$best" ]] && best=$us
      done
      if [[ "$best" == fail ]]; then printf '%12s' fail
      else printf '%12s' "$(awk -v a="$best" -v n="$n" 'BEGIN { printf "%.2f", a / n }')"; fi
    done
    printf '\n'
  done
done
