#!/usr/bin/env bash
# Reflection golden test for one shader: compile NAME.hlsl for every target
# (spirv, msl, wgsl) with `--reflect-json` and diff the JSON with the checked-in
# NAME.reflect.json; then, when Dawn is installed (tests/wgsl/node_modules), check with
# check_layout.mjs that the WebGPU pipeline layout of each compute entry point builds a
# compute pipeline from the WGSL oneshader wrote (and that altered layouts do not).
#   run_golden_reflect.sh --oneshader PATH [--work DIR] [--update] NAME.hlsl
# Compiler arguments come from the shader's `// ARGS:` lines (default: -E main -T cs_6_0).
# --update rewrites NAME.reflect.json instead of diffing: a human must review that change
# against the rules in docs/api.md "Reflection" (bindings, shapes, MSL indices by hand).
set -euo pipefail
oneshader="" work="" update=0
while (($#)); do
  case "$1" in
    --oneshader) oneshader="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    --update) update=1; shift ;;
    -*) echo "run_golden_reflect.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
(($# == 1)) || { echo "usage: run_golden_reflect.sh --oneshader PATH [--work DIR] [--update] NAME.hlsl" >&2; exit 2; }
src="$1"
name="$(basename "$src" .hlsl)"
expect="${src%.hlsl}.reflect.json"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[[ -n "$work" ]] || work="$(mktemp -d)"
out_dir="$work/$name"
rm -rf "$out_dir"
mkdir -p "$out_dir"

args=()
while IFS= read -r line; do
  case "$line" in
    "// ARGS:"*) read -r -a more <<<"${line#// ARGS:}"; args+=("${more[@]}") ;;
  esac
done <"$src"
((${#args[@]})) || args=(-E main -T cs_6_0)

out="$out_dir/$name.reflect.json"
cmd=("$oneshader" "$src" "${args[@]}" --target spirv,msl,wgsl -o "$out_dir" --reflect-json "$out")
echo "+ ${cmd[*]}"
"${cmd[@]}" || { echo "FAIL $name: the compiler failed"; exit 1; }
[[ -s "$out" ]] || { echo "FAIL $name: the compiler did not write $out"; exit 1; }

if ((update)); then
  cp "$out" "$expect"
  echo "updated $expect (review it before committing)"
  exit 0
fi
if ! diff -u "$expect" "$out"; then
  echo "FAIL $name: reflection differs from $expect (if intended: rerun with --update, then review)"
  exit 1
fi
if [[ -d "$here/../wgsl/node_modules/webgpu" ]] && command -v node >/dev/null; then
  rc=0
  node "$here/check_layout.mjs" "$out" "$out_dir" || rc=$?
  if ((rc == 77)); then
    echo "note: Dawn lacks a feature the entry points need; the layout was diffed but not built"
  elif ((rc != 0)); then
    echo "FAIL $name: Dawn did not accept the reflected WebGPU pipeline layout"
    exit 1
  fi
else
  echo "note: Dawn is not installed (scripts/setup.sh); the reflection was diffed but not checked"
fi
echo "PASS $name (reflect)"
