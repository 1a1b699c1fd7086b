#!/usr/bin/env bash
# exec.parity: the legs of each execution case that ran must have produced identical
# buffers ("all results equal the expectation and each other").
#   parity.sh --vkrun PATH --dumps DIR --pair A:B [--pair C:D ...] CASE.json...
#
# Each leg's test writes its read-back buffers to DIR/LEG/CASE.bin (run_case.sh --dump);
# for every pair of legs and every case where both dumps exist, `vkrun --compare` checks
# them word for word (except words the wave reference model calls undefined) and names the
# case and buffer on a mismatch. Pair only legs with the same subgroup size: a wave result
# legitimately depends on it. A case missing a leg (it failed before the read-back, was
# skipped, or is unsupported there) is listed, not failed: its own test reports that.
# Fails on any mismatch, or when no case had both legs of any pair.
set -euo pipefail
vkrun="" dumps="" pairs=()
while (($#)); do
  case "$1" in
    --vkrun) vkrun="$2"; shift 2 ;;
    --dumps) dumps="$2"; shift 2 ;;
    --pair) pairs+=("$2"); shift 2 ;;
    -*) echo "parity.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
[[ -n "$vkrun" && -n "$dumps" && ${#pairs[@]} -gt 0 ]] || { echo "usage: parity.sh --vkrun PATH --dumps DIR --pair A:B... CASE.json..." >&2; exit 2; }
compared=0 mismatched=0 failed_cases=()
for pair in "${pairs[@]}"; do
  a="${pair%%:*}" b="${pair#*:}"
  missing=()
  n=0
  for case_json in "$@"; do
    name="$(basename "$case_json" .json)"
    da="$dumps/$a/$name.bin" db="$dumps/$b/$name.bin"
    if [[ ! -f "$da" || ! -f "$db" ]]; then missing+=("$name"); continue; fi
    n=$((n + 1))
    if ! out="$("$vkrun" --compare "$case_json" "$da" "$db" --names "$a,$b")"; then
      echo "$out"
      mismatched=$((mismatched + 1))
      failed_cases+=("$name ($a vs $b)")
    fi
  done
  compared=$((compared + n))
  echo "$a vs $b: $n cases compared, ${#missing[@]} without both dumps"
  ((${#missing[@]} == 0)) || echo "  without both dumps: ${missing[*]}"
done
if ((mismatched)); then
  echo "FAIL: $mismatched of $compared comparisons differ: ${failed_cases[*]}"
  exit 1
fi
if ((compared == 0)); then
  echo "FAIL: no case has dumps from both legs of any pair (run the exec tests first: ctest -L exec)"
  exit 1
fi
echo "PASS: $compared comparisons, all identical"
