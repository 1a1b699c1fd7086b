#!/usr/bin/env bash
# Golden test for one shader: compile tests/golden/NAME.hlsl with oneshader, writing the
# module (-Fo) and its disassembly (-Fc), check the module with spirv-val, and diff the
# disassembly with the checked-in expectation NAME.spvasm.
#   run_golden.sh --oneshader PATH [--work DIR] [--update] NAME.hlsl
# Compiler arguments come from the shader's `// ARGS:` lines (default: -E main -T cs_6_0);
# the target environment from `// ENV:` (default vulkan1.1).
# --update rewrites NAME.spvasm instead of diffing: a human must review that change.
set -euo pipefail
oneshader="" work="" update=0
while (($#)); do
  case "$1" in
    --oneshader) oneshader="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    --update) update=1; shift ;;
    -*) echo "run_golden.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
(($# == 1)) || { echo "usage: run_golden.sh --oneshader PATH [--work DIR] [--update] NAME.hlsl" >&2; exit 2; }
src="$1"
name="$(basename "$src" .hlsl)"
expect="${src%.hlsl}.spvasm"
[[ -n "$work" ]] || work="$(mktemp -d)"
mkdir -p "$work"

args=() env=vulkan1.1
while IFS= read -r line; do
  case "$line" in
    "// ARGS:"*) read -r -a more <<<"${line#// ARGS:}"; args+=("${more[@]}") ;;
    "// ENV:"*) read -r env <<<"${line#// ENV:}" ;;
  esac
done <"$src"
((${#args[@]})) || args=(-E main -T cs_6_0)

spv="$work/$name.spv" asm="$work/$name.spvasm"
rm -f "$spv" "$asm"
cmd=("$oneshader" "$src" "${args[@]}" "-fspv-target-env=$env" -Fo "$spv" -Fc "$asm")
echo "+ ${cmd[*]}"
"${cmd[@]}" || { echo "FAIL $name: the compiler failed"; exit 1; }
[[ -s "$spv" && -s "$asm" ]] || { echo "FAIL $name: the compiler did not write both $spv and $asm"; exit 1; }
spirv-val --target-env "$env" "$spv" || { echo "FAIL $name: spirv-val rejected the module"; exit 1; }

if ((update)); then
  cp "$asm" "$expect"
  echo "updated $expect (review it before committing)"
  exit 0
fi
if [[ ! -f "$expect" ]]; then
  echo "FAIL $name: no expectation $expect; run scripts/update-goldens.sh $name and review the result"
  exit 1
fi
if diff -u "$expect" "$asm"; then
  echo "PASS $name"
else
  echo "FAIL $name: disassembly differs from $expect (if intended: scripts/update-goldens.sh $name, then review)"
  exit 1
fi
