#!/usr/bin/env bash
# WGSL golden test for one shader: compile tests/golden/NAME.hlsl with
# `oneshader --target wgsl` and diff the module with the checked-in NAME.wgsl; then, when
# Dawn is installed (tests/wgsl/node_modules), check the module with tests/wgsl/check.mjs.
#   run_golden_wgsl.sh --oneshader PATH [--work DIR] [--update] NAME.hlsl
# Compiler arguments come from the shader's `// ARGS:` lines (default: -E main -T cs_6_0).
# --update rewrites NAME.wgsl instead of diffing: a human must review that change
# (tests/golden/README.md lists what was checked).
set -euo pipefail
oneshader="" work="" update=0
while (($#)); do
  case "$1" in
    --oneshader) oneshader="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    --update) update=1; shift ;;
    -*) echo "run_golden_wgsl.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
(($# == 1)) || { echo "usage: run_golden_wgsl.sh --oneshader PATH [--work DIR] [--update] NAME.hlsl" >&2; exit 2; }
src="$1"
name="$(basename "$src" .hlsl)"
expect="${src%.hlsl}.wgsl"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
[[ -n "$work" ]] || work="$(mktemp -d)"
mkdir -p "$work"

args=()
while IFS= read -r line; do
  case "$line" in
    "// ARGS:"*) read -r -a more <<<"${line#// ARGS:}"; args+=("${more[@]}") ;;
  esac
done <"$src"
((${#args[@]})) || args=(-E main -T cs_6_0)

out="$work/$name.wgsl"
rm -f "$out"
cmd=("$oneshader" "$src" "${args[@]}" --target wgsl -Fo "$out")
echo "+ ${cmd[*]}"
"${cmd[@]}" || { echo "FAIL $name: the compiler failed"; exit 1; }
[[ -s "$out" ]] || { echo "FAIL $name: the compiler did not write $out"; exit 1; }

if ((update)); then
  cp "$out" "$expect"
  echo "updated $expect (review it before committing)"
  exit 0
fi
if ! diff -u "$expect" "$out"; then
  echo "FAIL $name: WGSL differs from $expect (if intended: rerun with --update, then review)"
  exit 1
fi
checker="$here/../wgsl/check.mjs"
if [[ -d "$here/../wgsl/node_modules/webgpu" ]] && command -v node >/dev/null; then
  node "$checker" "$out" || { echo "FAIL $name: Dawn rejected the WGSL"; exit 1; }
else
  echo "note: Dawn is not installed (scripts/setup.sh); the WGSL was diffed but not compiled"
fi
echo "PASS $name (wgsl)"
