#!/usr/bin/env bash
# Runs one execution-test case: compile the HLSL, spirv-val the module, run it with vkrun.
#   run_case.sh [--compiler oneshader|glslang] [--compiler-path PATH] [--vkrun PATH]
#               [--work DIR] [--validate] [--dump OUT.bin] CASE.json
# --dump: vkrun writes the read-back buffers there (tests/exec/parity.sh compares legs).
# The case's "args" (e.g. -enable-16bit-types) go to the compiler; for glslang they are
# translated to its spelling (--hlsl-enable-16bit-types). With glslang a .comp shader is GLSL
# (vkrun's own cases, tests/exec/vkrun_cases).
# Exit status: vkrun's (0 pass, 1 fail, 77 skip: the device lacks a required feature),
# 1 when compiling or validation fails.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
compiler=oneshader compiler_path="" vkrun="" work="" validate=() dump=()
while (($#)); do
  case "$1" in
    --compiler) compiler="$2"; shift 2 ;;
    --compiler-path) compiler_path="$2"; shift 2 ;;
    --vkrun) vkrun="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    --validate) validate=(--validate); shift ;;
    --dump) dump=(--dump "$2"); shift 2 ;;
    -*) echo "run_case.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
(($# == 1)) || { echo "usage: run_case.sh [options] CASE.json" >&2; exit 2; }
case_json="$1"
name="$(basename "$case_json" .json)"
root="$(cd "$here/../.." && pwd)"
[[ -n "$vkrun" ]] || vkrun="$root/build/tests/exec/vkrun"
[[ -n "$work" ]] || work="$(mktemp -d)"
mkdir -p "$work"
if ((${#dump[@]})); then mkdir -p "$(dirname "${dump[1]}")"; rm -f "${dump[1]}"; fi  # no stale dump for parity
if [[ -n "${XDG_RUNTIME_DIR:-}" && ! -d "$XDG_RUNTIME_DIR" ]]; then mkdir -p -m 700 "$XDG_RUNTIME_DIR"; fi

if [[ -n "${VK_DRIVER_FILES:-}" && ! -f "${VK_DRIVER_FILES%%:*}" ]]; then
  echo "FAIL: Vulkan driver file $VK_DRIVER_FILES is missing (run scripts/setup.sh)"
  exit 1
fi

declare -A info
while IFS='=' read -r k v; do info[$k]="$v"; done < <("$vkrun" --info "$case_json")
shader="${info[shader]}" entry="${info[entry]}" profile="${info[profile]}" env="${info[target_env]}"
read -ra case_args <<< "${info[args]:-}"
spv="$work/$name.spv"
rm -f "$spv"

case "$compiler" in
  oneshader)
    [[ -n "$compiler_path" ]] || compiler_path="$root/build/oneshader"
    cmd=("$compiler_path" "$shader" -E "$entry" -T "$profile" "-fspv-target-env=$env" "${case_args[@]}" -Fo "$spv") ;;
  glslang)
    [[ -n "$compiler_path" ]] || compiler_path=glslangValidator
    case "${info[stage]}" in compute) stage=comp ;; *) echo "unsupported stage ${info[stage]}" >&2; exit 2 ;; esac
    glslang_args=()
    for a in "${case_args[@]}"; do
      case "$a" in
        -enable-16bit-types) glslang_args+=(--hlsl-enable-16bit-types) ;;
        *) echo "run_case.sh: no glslangValidator spelling for the case argument $a" >&2; exit 2 ;;
      esac
    done
    if [[ "$shader" == *.comp ]]; then  # GLSL (vkrun's own cases): no HLSL front end, entry main
      cmd=("$compiler_path" -V --target-env "$env" -S "$stage" "${glslang_args[@]}" "$shader" -o "$spv")
    else
      cmd=("$compiler_path" -D -V --target-env "$env" -e "$entry" -S "$stage" "${glslang_args[@]}" "$shader" -o "$spv")
    fi ;;
  *) echo "run_case.sh: unknown compiler $compiler" >&2; exit 2 ;;
esac

echo "+ ${cmd[*]}"
if ! "${cmd[@]}"; then
  echo "FAIL $name: the compiler failed"
  exit 1
fi
[[ -s "$spv" ]] || { echo "FAIL $name: the compiler wrote no $spv"; exit 1; }
echo "+ spirv-val --target-env $env $spv"
if ! spirv-val --target-env "$env" "$spv"; then
  echo "FAIL $name: spirv-val rejected the module"
  exit 1
fi
echo "+ vkrun $case_json $spv ${validate[*]} ${dump[*]}"
log="$work/$name.vkrun.log"
rc=0
"$vkrun" "$case_json" "$spv" "${validate[@]}" "${dump[@]}" >"$log" 2>&1 || rc=$?
cat "$log"
# Mesa 22.3's lavapipe aborts in LLVM's instruction selection for some 64-bit subgroup
# shaders on some x86 CPUs (seen on AMD EPYC, family 25: "LLVM ERROR: Cannot select:
# ... X86ISD::VBROADCAST" for WaveReadLaneFirst of a double). The module passed spirv-val
# above, and the same case runs on the H200 (docs/testing.md): the driver cannot run it on
# this CPU, which is a skip with the reason, never a pass.
if ((rc != 0)) && [[ "${VK_DRIVER_FILES:-}" == *lvp_icd* ]] && grep -q "^LLVM ERROR: Cannot select" "$log"; then
  cpu="$(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | cut -d: -f2- | sed 's/^ *//')"
  echo "SKIP $name: lavapipe's LLVM cannot compile this valid module on this CPU (${cpu:-unknown}): a driver defect"
  exit 77
fi
exit "$rc"
