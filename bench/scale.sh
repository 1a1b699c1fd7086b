#!/usr/bin/env bash
# Scaling benchmark: time per function of each writer (the `--time` phase spirv:/msl:/wgsl:
# of one entry point) on generated shaders of N functions, N = 100, 1,000, 5,000, 20,000.
#   flat   N functions `uint fI(uint x)` all called from the entry point
#   chain  a call chain N deep (fI calls fI-1), the entry point calls the last
# Prints the best of REPS runs per cell in microseconds per function. Every phase should be
# linear, so each row should be flat. Not part of ctest: a measurement, not an assertion.
#
#   bash bench/scale.sh [-n REPS] [-b BUILD_DIR] [-t "msl wgsl spirv"] [-s "100 1000 5000 20000"]
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REPS=3 BUILD_DIR="$ROOT/build" TARGETS="msl wgsl spirv" SIZES="100 1000 5000 20000"
while getopts "n:b:t:s:" o; do
  case "$o" in n) REPS="$OPTARG" ;; b) BUILD_DIR="$OPTARG" ;; t) TARGETS="$OPTARG" ;; s) SIZES="$OPTARG" ;; *) exit 2 ;; esac
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
