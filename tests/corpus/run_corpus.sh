#!/usr/bin/env bash
# Corpus test for one shader at one target environment and optimization level: compile
# tests/corpus/NAME.hlsl with oneshader and check the module with spirv-val.
#   run_corpus.sh --oneshader PATH --env vulkan1.X --opt N [--work DIR] [--known-gap] NAME.hlsl
# Compiler arguments come from the shader's `// ARGS:` lines (default: -E main -T cs_6_0).
#
# Exit status: 0 when the shader compiled and the module is valid, 1 otherwise.
# --known-gap (for the cases listed in KNOWN_GAPS.md, which CMake marks WILL_FAIL):
# the only acceptable failure is a coded "not supported yet" OSH0007 error with a clean
# exit status 1. Then this script exits 1, which WILL_FAIL turns into a pass. Any other
# outcome - success (the gap was closed: remove it from KNOWN_GAPS.md), a crash, an
# uncoded or other-coded error, invalid SPIR-V - exits 0, which WILL_FAIL turns into a
# test failure.
set -uo pipefail
oneshader="" env="" opt="" work="" gap=0
while (($#)); do
  case "$1" in
    --oneshader) oneshader="$2"; shift 2 ;;
    --env) env="$2"; shift 2 ;;
    --opt) opt="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    --known-gap) gap=1; shift ;;
    -*) echo "run_corpus.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
(($# == 1)) && [[ -n "$oneshader" && -n "$env" && -n "$opt" ]] ||
  { echo "usage: run_corpus.sh --oneshader PATH --env ENV --opt N [--work DIR] [--known-gap] NAME.hlsl" >&2; exit 2; }
src="$1"
name="$(basename "$src" .hlsl)"
[[ -n "$work" ]] || work="$(mktemp -d)"
mkdir -p "$work"

args=()
while IFS= read -r line; do
  case "$line" in
    "// ARGS:"*) read -r -a more <<<"${line#// ARGS:}"; args+=("${more[@]}") ;;
  esac
done <"$src"
((${#args[@]})) || args=(-E main -T cs_6_0)

spv="$work/$name.$env.O$opt.spv"
log="$work/$name.$env.O$opt.log"
rm -f "$spv"
cmd=("$oneshader" "$src" "${args[@]}" "-fspv-target-env=$env" "-O$opt" -Fo "$spv")
echo "+ ${cmd[*]}"
"${cmd[@]}" >"$log" 2>&1
status=$?
cat "$log"

if ((gap)); then
  if ((status == 1)) && grep -q "error OSH0007:" "$log" &&
     ! grep -E "error( OSH[0-9]{4})?:" "$log" | grep -vq "error OSH0007:"; then
    echo "KNOWN GAP $name: fails with the coded OSH0007 'not supported yet' diagnostic (expected, see KNOWN_GAPS.md)"
    exit 1
  fi
  if ((status == 0)); then
    echo "FAIL $name: listed in KNOWN_GAPS.md but now compiles: remove it from the list"
  else
    echo "FAIL $name: listed in KNOWN_GAPS.md but failed other than with OSH0007 alone (exit status $status)"
  fi
  exit 0
fi

if ((status != 0)); then
  echo "FAIL $name: the compiler failed (exit status $status)"
  exit 1
fi
[[ -s "$spv" ]] || { echo "FAIL $name: the compiler wrote no $spv"; exit 1; }
echo "+ spirv-val --target-env $env $spv"
spirv-val --target-env "$env" "$spv" || { echo "FAIL $name: spirv-val rejected the module"; exit 1; }
echo "PASS $name ($env, -O$opt)"
