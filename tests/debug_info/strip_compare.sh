#!/usr/bin/env bash
# Debug information only adds instructions: for each shader, the module made with
# -fspv-debug=vulkan-with-source (and rich-with-source) must pass spirv-val, and once its debug instructions and the
# constants only they used are stripped (strip_debug_info.py, on the disassembly), it must
# equal the reference module stripped the same way. The optimizer (-O) must take the module
# with debug information too. The reference is the module made with -fspv-debug=vulkan (no
# source text), not the one made without debug information: without it the SPIR-V backend
# promotes locals to SSA values, with it locals stay variables that DebugDeclare names
# (docs/design.md "Validation cost"), so the two differ by design.
#   strip_compare.sh ONESHADER WORKDIR NAME.hlsl...
# Compiler arguments come from each shader's `// ARGS:` lines (default: -E main -T cs_6_0),
# the target environment from `// ENV:` (default vulkan1.1), as in tests/golden.
set -uo pipefail
oneshader="$1" work="$2"
shift 2
mkdir -p "$work"
here="$(cd "$(dirname "$0")" && pwd)"
fail=0 n=0
for src in "$@"; do
  name="$(basename "$src" .hlsl)"
  args=() env=vulkan1.1
  while IFS= read -r line; do
    case "$line" in
      "// ARGS:"*) read -r -a more <<<"${line#// ARGS:}"; args+=("${more[@]}") ;;
      "// ENV:"*) read -r env <<<"${line#// ENV:}" ;;
    esac
  done <"$src"
  ((${#args[@]})) || args=(-E main -T cs_6_0)
  plain="$work/$name.spv" dbg="$work/$name.dbg.spv"
  if ! "$oneshader" "$src" "${args[@]}" "-fspv-target-env=$env" -fspv-debug=vulkan -Fo "$plain" >/dev/null 2>&1; then
    continue  # a shader the compiler refuses (an expected-error golden): nothing to compare
  fi
  n=$((n + 1))
  # Both sets: NonSemantic.Shader.DebugInfo.100 (vulkan) and OpenCL.DebugInfo.100 (rich).
  for set in vulkan rich; do
    if ! "$oneshader" "$src" "${args[@]}" "-fspv-target-env=$env" "-fspv-debug=$set-with-source" -Fo "$dbg"; then
      echo "FAIL $name: refused with -fspv-debug=$set-with-source"; fail=1; continue
    fi
    if ! spirv-val --target-env "$env" "$dbg"; then
      echo "FAIL $name: spirv-val rejected the module with $set debug information"; fail=1; continue
    fi
    if ! "$oneshader" "$src" "${args[@]}" "-fspv-target-env=$env" "-fspv-debug=$set" -O3 -Fo "$dbg.O.spv" >/dev/null; then
      echo "FAIL $name: refused with -fspv-debug=$set -O3"; fail=1; continue
    fi
    if ! diff <(spirv-dis "$plain" | python3 "$here/strip_debug_info.py") \
              <(spirv-dis "$dbg" | python3 "$here/strip_debug_info.py") >"$work/$name.$set.diff"; then
      echo "FAIL $name: the code differs with $set debug information"
      head -20 "$work/$name.$set.diff"
      fail=1
    fi
  done
done
echo "$n modules compared"
((n > 0)) || { echo "FAIL: no module compared"; exit 1; }
exit $fail
