#!/usr/bin/env bash
# The WebGPU leg of one execution-test case: compile the case's HLSL to WGSL with
# `oneshader --target wgsl`, then run it on Dawn (run.mjs) with the same checks as vkrun.
#   run_case.sh [--compiler-path PATH] --vkrun PATH [--work DIR] [--dump OUT.bin] CASE.json
#
# A case with "wgsl": "unsupported: OSHnnnn" instead checks that compiling it for WGSL
# fails, and that every error the compiler reports has exactly that code.
# VK_DRIVER_FILES selects the Vulkan driver under Dawn (the tests use SwiftShader).
# Exit status: 0 pass, 1 fail, 77 skip (the adapter lacks something the case requires),
# 2 bad usage.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
compiler_path="$root/build/oneshader" vkrun="" work="" dump=""
while (($#)); do
  case "$1" in
    --compiler-path) compiler_path="$2"; shift 2 ;;
    --vkrun) vkrun="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    --dump) dump="$2"; shift 2 ;;
    -*) echo "run_case.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
(($# == 1)) && [[ -n "$vkrun" ]] || { echo "usage: run_case.sh [--compiler-path PATH] --vkrun PATH [--work DIR] [--dump OUT.bin] CASE.json" >&2; exit 2; }
case_json="$1"
name="$(basename "$case_json" .json)"
[[ -n "$work" ]] || work="$(mktemp -d)"
mkdir -p "$work"
[[ -z "$dump" ]] || { mkdir -p "$(dirname "$dump")"; rm -f "$dump"; }  # never leave a stale dump for exec.parity
if [[ -n "${XDG_RUNTIME_DIR:-}" && ! -d "$XDG_RUNTIME_DIR" ]]; then mkdir -p -m 700 "$XDG_RUNTIME_DIR"; fi
if [[ -n "${VK_DRIVER_FILES:-}" && ! -f "${VK_DRIVER_FILES%%:*}" ]]; then
  echo "FAIL: Vulkan driver file $VK_DRIVER_FILES is missing (run scripts/setup.sh)"
  exit 1
fi
if [[ ! -d "$here/node_modules/webgpu" ]]; then
  echo "FAIL: $here/node_modules/webgpu is missing (run scripts/setup.sh, or npm ci in tests/wgsl)"
  exit 1
fi

declare -A info
while IFS='=' read -r k v; do info[$k]="$v"; done < <("$vkrun" --info "$case_json")
wgsl="$work/$name.wgsl" diags="$work/$name.diagnostics.json"
rm -f "$wgsl" "$diags"
read -ra case_args <<< "${info[args]:-}"  # the case's extra compiler arguments (e.g. -enable-16bit-types)
cmd=("$compiler_path" "${info[shader]}" -E "${info[entry]}" -T "${info[profile]}" "${case_args[@]}" --target wgsl
     --diagnostics-format json -Fo "$wgsl")
echo "+ ${cmd[*]}"
rc=0
"${cmd[@]}" 2>"$diags" || rc=$?

# The error codes the compiler reported, one per line (JSON diagnostics, parsed by node).
error_codes() {
  node -e '
    const d = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8") || "[]");
    for (const x of d) if (x.severity === "error") console.log(x.code);' "$diags"
}

expected="${info[wgsl_unsupported]:-}"
if [[ -n "$expected" ]]; then
  cat "$diags"
  if ((rc == 0)); then
    echo "FAIL $name: the case says WGSL cannot express it ($expected), but the compiler succeeded"
    exit 1
  fi
  mapfile -t codes < <(error_codes)
  if ((${#codes[@]} == 0)); then
    echo "FAIL $name: the compiler failed without a coded error (expected $expected)"
    exit 1
  fi
  for c in "${codes[@]}"; do
    if [[ "$c" != "$expected" ]]; then
      echo "FAIL $name: expected only $expected from the compiler, got: ${codes[*]}"
      exit 1
    fi
  done
  [[ ! -e "$wgsl" ]] || { echo "FAIL $name: the compiler failed but wrote $wgsl"; exit 1; }
  echo "PASS $name: WGSL cannot express this shader and the compiler says so with $expected (${#codes[@]} errors)"
  exit 0
fi

if ((rc != 0)); then
  cat "$diags"
  echo "FAIL $name: the compiler failed for --target wgsl (error codes: $(error_codes | sort -u | tr '\n' ' '))"
  exit 1
fi
[[ -s "$wgsl" ]] || { echo "FAIL $name: the compiler wrote no $wgsl"; exit 1; }
dump_args=()
[[ -z "$dump" ]] || dump_args=(--dump "$dump")
echo "+ node run.mjs --vkrun $vkrun ${dump_args[*]} $case_json $wgsl"
exec node "$here/run.mjs" --vkrun "$vkrun" "${dump_args[@]}" "$case_json" "$wgsl"
