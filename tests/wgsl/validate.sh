#!/usr/bin/env bash
# wgsl.validate: every WGSL file the test suite has compiles in Dawn (Tint) with the
# `subgroups` feature, without errors or warnings (check.mjs, on Dawn's null backend).
#   validate.sh [--compiler-path PATH] --vkrun PATH --work DIR [--golden DIR] CASE.json...
#
# The files: the checked-in golden .wgsl files (--golden DIR), and the WGSL compiled from
# each execution case's shader (`oneshader --target wgsl`) into DIR. A case marked
# "wgsl": "unsupported: ..." is not compiled (its exec.dawn-swiftshader test checks the
# error). A case that fails to compile is listed here but fails only its own
# exec.dawn-swiftshader test; this test fails when a produced file does not pass Dawn's
# check, or when there is no file at all.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
compiler_path="$root/build/oneshader" vkrun="" work="" golden=""
while (($#)); do
  case "$1" in
    --compiler-path) compiler_path="$2"; shift 2 ;;
    --vkrun) vkrun="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    --golden) golden="$2"; shift 2 ;;
    -*) echo "validate.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
[[ -n "$vkrun" && -n "$work" ]] || { echo "usage: validate.sh [--compiler-path PATH] --vkrun PATH --work DIR [--golden DIR] CASE.json..." >&2; exit 2; }
[[ -d "$here/node_modules/webgpu" ]] || { echo "FAIL: $here/node_modules/webgpu is missing (run scripts/setup.sh)"; exit 1; }
rm -rf "$work"
mkdir -p "$work"

files=() not_compiled=() unsupported=0
if [[ -n "$golden" ]]; then
  for f in "$golden"/*.wgsl; do [[ -e "$f" ]] && files+=("$f"); done
fi
echo "golden: ${#files[@]} checked-in .wgsl files"
for case_json in "$@"; do
  name="$(basename "$case_json" .json)"
  declare -A info=()
  # A case vkrun cannot read fails its own exec tests; here it counts as not compiled.
  if ! info_text="$("$vkrun" --info "$case_json" 2>&1)"; then
    echo "  $name: vkrun --info failed: $info_text"
    not_compiled+=("$name")
    continue
  fi
  while IFS='=' read -r k v; do info[$k]="$v"; done <<<"$info_text"
  if [[ -n "${info[wgsl_unsupported]:-}" ]]; then unsupported=$((unsupported + 1)); continue; fi
  out="$work/$name.wgsl"
  read -ra case_args <<< "${info[args]:-}"  # the case's extra compiler arguments (e.g. -enable-16bit-types)
  if "$compiler_path" "${info[shader]}" -E "${info[entry]}" -T "${info[profile]}" "${case_args[@]}" --target wgsl -Fo "$out" \
       >"$work/$name.log" 2>&1 && [[ -s "$out" ]]; then
    files+=("$out")
  else
    not_compiled+=("$name")
  fi
done
echo "exec cases: $(($# - unsupported - ${#not_compiled[@]})) compiled to WGSL, $unsupported marked unsupported," \
     "${#not_compiled[@]} did not compile (their exec.dawn-swiftshader tests fail)"
((${#not_compiled[@]} == 0)) || echo "  not compiled: ${not_compiled[*]}"
if ((${#files[@]} == 0)); then
  echo "FAIL: no WGSL file to validate"
  exit 1
fi
exec node "$here/check.mjs" --quiet "${files[@]}"
