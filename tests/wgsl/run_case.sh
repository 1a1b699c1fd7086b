#!/usr/bin/env bash
# The WebGPU leg of one execution-test case: compile the case's HLSL to WGSL with
# `oneshader --target wgsl`, then run it on Dawn (run.mjs) with the same checks as vkrun.
#   run_case.sh [--compiler-path PATH] --vkrun PATH [--work DIR] [--dump OUT.bin] CASE.json
#   run_case.sh --wgsl-file FILE.wgsl [--reflect-file FILE.json] --vkrun PATH ... CASE.json
#                 (a given WGSL file and reflection instead of the compiler's: tests of the leg itself)
#
# A case with "wgsl": "unsupported: OSHnnnn" instead checks that compiling it for WGSL
# fails, and that every error the compiler reports has exactly that code.
#
# A case with push constants: WebGPU has none, so the compiler declares a uniform buffer for
# them and reports it in its reflection (--reflect-json: the entry point's resource with
# "descriptorType": "push-constant", its "wgsl" group and binding); run.mjs binds the bytes
# there. Reflection without such a resource is reported as NOT YET (exit 77), never passed.
# A case with a sampler on a texture's binding (a [[vk::combinedImageSampler]] pair): WebGPU
# binds the two separately and the compiler moves the sampler to a free binding of the
# group, which its reflection reports (the resource with "combinedWith" and its "wgsl"
# group and binding); run.mjs binds the case sampler there (--sampler-at).
# VK_DRIVER_FILES selects the Vulkan driver under Dawn (the tests use SwiftShader).
# Exit status: 0 pass, 1 fail, 77 skip (the adapter lacks something the case requires),
# 2 bad usage.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
compiler_path="$root/build/oneshader" vkrun="" work="" dump="" wgsl_file="" reflect_file=""
while (($#)); do
  case "$1" in
    --compiler-path) compiler_path="$2"; shift 2 ;;
    --vkrun) vkrun="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    --dump) dump="$2"; shift 2 ;;
    --wgsl-file) wgsl_file="$2"; shift 2 ;;
    --reflect-file) reflect_file="$2"; shift 2 ;;
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
[[ -n "${info[entry]:-}" ]] || { echo "FAIL $name: vkrun --info could not read the case"; exit 1; }
wgsl="$work/$name.wgsl" diags="$work/$name.diagnostics.json" reflect="$work/$name.reflect.json"
rm -f "$wgsl" "$diags" "$reflect"
read -ra case_args <<< "${info[args]:-}"  # the case's extra compiler arguments (e.g. -enable-16bit-types)
reflect_args=()
((${info[push_constants]:-0} == 0 && ${info[combined_samplers]:-0} == 0)) || reflect_args=(--reflect-json "$reflect")
rc=0
if [[ -n "$wgsl_file" ]]; then
  echo "+ cp $wgsl_file $wgsl (the test's own WGSL, not the compiler's)"
  cp "$wgsl_file" "$wgsl"
  [[ -z "$reflect_file" ]] || cp "$reflect_file" "$reflect"
  echo '[]' >"$diags"
else
  cmd=("$compiler_path" "${info[shader]}" -E "${info[entry]}" -T "${info[profile]}" "${case_args[@]}" --target wgsl
       --diagnostics-format json "${reflect_args[@]}" -Fo "$wgsl")
  echo "+ ${cmd[*]}"
  "${cmd[@]}" 2>"$diags" || rc=$?
fi

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
push_args=()
if ((${info[push_constants]:-0} > 0)); then
  [[ -s "$reflect" ]] || { echo "FAIL $name: the case has push constants, but there is no reflection $reflect"; exit 1; }
  # GROUP:BINDING of the push-constant uniform, or nothing; more than one is an error.
  at="$(node -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    const found = [];
    for (const ep of r.entryPoints || [])
      for (const res of ep.resources || [])
        if (res.descriptorType === "push-constant") {
          if (!res.wgsl || !Number.isInteger(res.wgsl.group) || !Number.isInteger(res.wgsl.binding)) {
            console.log("BAD " + JSON.stringify(res)); process.exit(0);
          }
          found.push(res.wgsl.group + ":" + res.wgsl.binding);
        }
    console.log(found.length > 1 ? "BAD several: " + found.join(" ") : found.join(""));' "$reflect")"
  if [[ -z "$at" ]]; then
    echo "NOT YET $name: the case has ${info[push_constants]} bytes of push constants, but the reflection $reflect"
    echo "  lists no resource with \"descriptorType\": \"push-constant\" and its WGSL group/binding (issue 12: WebGPU"
    echo "  push constants become a uniform buffer the compiler reserves and reflects); this leg cannot run yet"
    exit 77
  fi
  [[ "$at" != BAD* ]] || { echo "FAIL $name: the reflection's push-constant resource has no usable WGSL binding: ${at#BAD }"; exit 1; }
  echo "push constants: the reflection puts them at @group(${at%%:*}) @binding(${at#*:})"
  push_args=(--push-constants "$at")
fi
sampler_args=()
if ((${info[combined_samplers]:-0} > 0)); then
  [[ -s "$reflect" ]] || { echo "FAIL $name: the case has combined image samplers, but there is no reflection $reflect"; exit 1; }
  # SET:BINDING=GROUP:BINDING per [[vk::combinedImageSampler]] sampler: its Vulkan set/binding
  # (its texture's) and the WGSL binding the compiler moved it to; BAD when one is unusable.
  mapfile -t moved < <(node -e '
    const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
    for (const ep of r.entryPoints || [])
      for (const res of ep.resources || [])
        if (res.combinedWith && res.descriptorType === "sampler") {
          if (!res.wgsl || !Number.isInteger(res.wgsl.group) || !Number.isInteger(res.wgsl.binding)) {
            console.log("BAD " + JSON.stringify(res)); continue;
          }
          console.log(`${res.set}:${res.binding}=${res.wgsl.group}:${res.wgsl.binding}`);
        }' "$reflect")
  ((${#moved[@]} == ${info[combined_samplers]})) ||
    { echo "FAIL $name: the case has ${info[combined_samplers]} combined sampler(s), the reflection reports ${#moved[@]}: ${moved[*]}"; exit 1; }
  for m in "${moved[@]}"; do
    [[ "$m" != BAD* ]] || { echo "FAIL $name: a combined sampler has no usable WGSL binding in the reflection: ${m#BAD }"; exit 1; }
    at="${m#*=}"
    echo "combined image sampler: the reflection puts the sampler at set:binding ${m%%=*} at @group(${at%%:*}) @binding(${at#*:})"
    sampler_args+=(--sampler-at "$m")
  done
fi
echo "+ node run.mjs --vkrun $vkrun ${dump_args[*]} ${push_args[*]} ${sampler_args[*]} $case_json $wgsl"
exec node "$here/run.mjs" --vkrun "$vkrun" "${dump_args[@]}" "${push_args[@]}" "${sampler_args[@]}" "$case_json" "$wgsl"
