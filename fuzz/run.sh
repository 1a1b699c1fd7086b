#!/usr/bin/env bash
# Runs built libFuzzer targets: run.sh FUZZ_BUILD_DIR LIBFUZZER_LIMIT_ARG [TARGET...]
# (e.g. -max_total_time=20 or -runs=100000). Each target first replays the regression
# inputs (fuzz/regress/, every finding ever fixed) and the seed corpus (every .hlsl under
# tests/ and examples/), then fuzzes, keeping what it learns in FUZZ_BUILD_DIR/corpus/T.
# A finding (crash, sanitizer report, oracle failure, >30 s input (about 1 s uninstrumented), >2.5 GB) is saved as
# FUZZ_BUILD_DIR/findings/T-crash-... and fails the run; turn it into a regression input.
# FUZZ_SEED (default 0: a random seed) makes a run repeatable: the ctest entry uses 1, so a
# finding there is reproduced by the same run, not a flake.
# Exit 77 (skipped) when the fuzz tree was not built (scripts/fuzz.sh builds it).
set -uo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
dir="${1:?usage: run.sh FUZZ_BUILD_DIR LIMIT_ARG [TARGET...]}"
limit="${2:?usage: run.sh FUZZ_BUILD_DIR LIMIT_ARG [TARGET...]}"
shift 2
targets=("$@")
((${#targets[@]})) || targets=(preprocess parse sema spirv msl wgsl)
for t in "${targets[@]}"; do
  if [[ ! -x "$dir/fuzz/fuzz_$t" ]]; then
    echo "fuzz: no fuzz build in $dir (run scripts/fuzz.sh); skipped"
    exit 77
  fi
done

# The seed corpus: every test and example shader, flattened (libFuzzer writes new inputs
# into the first corpus folder only, so the seeds are never modified).
seeds="$dir/seeds"
rm -rf "$seeds" && mkdir -p "$seeds" "$dir/findings"
while IFS= read -r f; do
  cp "$f" "$seeds/$(printf '%s' "${f#"$ROOT"/}" | tr '/' '_')"
done < <(find "$ROOT/tests" "$ROOT/examples" -name '*.hlsl' | sort)

export ASAN_OPTIONS="detect_leaks=1:abort_on_error=1:halt_on_error=1:allocator_may_return_null=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1"
rc=0
for t in "${targets[@]}"; do
  corpus="$dir/corpus/$t"
  mkdir -p "$corpus"
  log="$dir/fuzz_$t.log"
  regress=()
  [[ -d "$ROOT/fuzz/regress" ]] && regress=("$ROOT/fuzz/regress")
  start=$(date +%s)
  "$dir/fuzz/fuzz_$t" "$limit" -seed="${FUZZ_SEED:-0}" -timeout=30 -rss_limit_mb=2560 -max_len=16384 -print_final_stats=1 \
    -dict="$ROOT/fuzz/hlsl.dict" -artifact_prefix="$dir/findings/$t-" ${FUZZ_FORK:+-fork=$FUZZ_FORK} \
    "$corpus" "$seeds" "${regress[@]}" >"$log" 2>&1
  status=$?
  runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | awk '{s += $NF} END {print s}')
  if ((status)); then
    echo "FINDING: fuzz_$t (exit $status, log $log; input in $dir/findings/)"
    grep -m1 -B2 -A30 'ERROR\|fuzz oracle\|==[0-9]*==' "$log" | head -60
    rc=1
  else
    echo "ok: fuzz_$t: ${runs:-?} executions in $(( $(date +%s) - start )) s, corpus $(ls "$corpus" | wc -l) inputs"
  fi
done
exit $rc
