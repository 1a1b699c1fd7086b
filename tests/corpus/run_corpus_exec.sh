#!/usr/bin/env bash
# Runs one corpus execution case (tests/exec/cases/corpus_*.json) with the module compiled
# at -O3: tests/exec's run_case.sh covers the default optimization level; this covers the
# optimizer on the same data and expectations.
#   run_corpus_exec.sh --oneshader PATH --vkrun PATH --work DIR CASE.json
set -euo pipefail
oneshader="" vkrun="" work=""
while (($#)); do
  case "$1" in
    --oneshader) oneshader="$2"; shift 2 ;;
    --vkrun) vkrun="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    -*) echo "run_corpus_exec.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
(($# == 1)) || { echo "usage: run_corpus_exec.sh --oneshader PATH --vkrun PATH --work DIR CASE.json" >&2; exit 2; }
case_json="$1"
name="$(basename "$case_json" .json)"
mkdir -p "$work"
if [[ -n "${XDG_RUNTIME_DIR:-}" && ! -d "$XDG_RUNTIME_DIR" ]]; then mkdir -p -m 700 "$XDG_RUNTIME_DIR"; fi
declare -A info
while IFS='=' read -r k v; do info[$k]="$v"; done < <("$vkrun" --info "$case_json")
spv="$work/$name.O3.spv"
rm -f "$spv"
cmd=("$oneshader" "${info[shader]}" -E "${info[entry]}" -T "${info[profile]}" "-fspv-target-env=${info[target_env]}" -O3 -Fo "$spv")
echo "+ ${cmd[*]}"
"${cmd[@]}" || { echo "FAIL $name: the compiler failed at -O3"; exit 1; }
spirv-val --target-env "${info[target_env]}" "$spv" || { echo "FAIL $name: spirv-val rejected the -O3 module"; exit 1; }
exec "$vkrun" "$case_json" "$spv"
