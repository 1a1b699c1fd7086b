#!/usr/bin/env bash
# A compiler process against the floor (issue 11: "a process within 1.3x of a trivial C++
# read-and-write program for CSSum to SPIR-V"). Runs oneshader (CSSum to SPIR-V, validation
# on) and bench/floor.cpp (reads the same file, writes it out) alternately, REPS times each,
# so that a change in the machine's load hits both alike, and prints the median CPU time
# (perf stat task-clock: user + kernel, the process's own), the page faults and, with -c,
# callgrind's instruction counts. A measurement, never a test.
#
#   bash bench/floor.sh [-n REPS] [-b BUILD_DIR] [-c] [-- EXTRA oneshader ARGS]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
REPS=200 BUILD_DIR="$ROOT/build" CG=0
while getopts "n:b:c" o; do
  case "$o" in n) REPS="$OPTARG" ;; b) BUILD_DIR="$OPTARG" ;; c) CG=1 ;; *) exit 2 ;; esac
done
shift $((OPTIND - 1))
OS="$BUILD_DIR/oneshader" FLOOR="$BUILD_DIR/bench/oneshader_floor" IN="$ROOT/examples/Waves.hlsl"
for x in "$OS" "$FLOOR"; do [[ -x "$x" ]] || { echo "floor.sh: $x is not built" >&2; exit 1; }; done
command -v perf >/dev/null || { echo "floor.sh: perf is missing (apt-get install linux-perf)" >&2; exit 1; }
TMP="$(mktemp -d)"; trap 'rm -rf "$TMP"' EXIT
os=("$OS" -T cs_6_0 -E CSSum "$IN" -Fo "$TMP/out.spv" "$@")
fl=("$FLOOR" "$IN" "$TMP/out.txt")
"${os[@]}" >/dev/null   # fails loudly if the compile does

# One run under perf stat: "task-clock-ms page-faults".
one() {
  perf stat -x, -e task-clock,page-faults -o "$TMP/stat" -- "$@" >/dev/null 2>&1
  awk -F, '$3 == "task-clock" || $3 ~ /^task-clock/ {t = $1} $3 ~ /^page-faults/ {p = $1} END {printf "%s %s\n", t, p}' "$TMP/stat"
}
: >"$TMP/a" && : >"$TMP/b"
for ((i = 0; i < REPS; ++i)); do
  one "${os[@]}" >>"$TMP/a"
  one "${fl[@]}" >>"$TMP/b"
done
med() { sort -g | awk '{a[NR] = $1} END {print (NR % 2) ? a[(NR + 1) / 2] : (a[NR / 2] + a[NR / 2 + 1]) / 2}'; }
ta=$(cut -d' ' -f1 "$TMP/a" | med) tb=$(cut -d' ' -f1 "$TMP/b" | med)
pa=$(cut -d' ' -f2 "$TMP/a" | med) pb=$(cut -d' ' -f2 "$TMP/b" | med)
printf '%-34s %10s %12s\n' "process ($REPS runs, interleaved)" "CPU ms" "page faults"
printf '%-34s %10.3f %12s\n' "oneshader CSSum -> SPIR-V" "$ta" "$pa" "floor (read + write, iostreams)" "$tb" "$pb"
awk -v a="$ta" -v b="$tb" 'BEGIN {printf "ratio (median CPU): %.2f   (goal: 1.3 at most)\n", a / b}'
echo "load: $(cut -d' ' -f1-3 /proc/loadavg)"
if ((CG)); then
  command -v valgrind >/dev/null || { echo "floor.sh: valgrind is missing" >&2; exit 1; }
  ia=$(valgrind --tool=callgrind --callgrind-out-file="$TMP/cg.a" "${os[@]}" 2>&1 >/dev/null | awk '/Collected/ {print $NF}')
  ib=$(valgrind --tool=callgrind --callgrind-out-file="$TMP/cg.b" "${fl[@]}" 2>&1 >/dev/null | awk '/Collected/ {print $NF}')
  awk -v a="$ia" -v b="$ib" 'BEGIN {printf "instructions (callgrind): oneshader %d, floor %d, ratio %.2f\n", a, b, a / b}'
fi
