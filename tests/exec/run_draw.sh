#!/usr/bin/env bash
# One graphics execution test (tests/exec/draw/NAME.hlsl): compile its vertex entry
# `vsmain` (vs_6_0) and pixel entry `psmain` (ps_6_0), and its geometry entry `gsmain`
# (gs_6_0) and hull and domain entries `hsmain` / `dsmain` (hs_6_0 / ds_6_0, patches of
# the InputPatch's control point count) when the file has them, to SPIR-V with oneshader, then draw with vkdraw, which
# checks the pixels. A file with a mesh entry `msmain` (ms_6_5) draws with it instead of a
# vertex shader (vkdraw --mesh), with its amplification entry `asmain` (as_6_5) if it has one.
#   run_draw.sh --oneshader PATH --vkdraw PATH --work DIR [--validate] NAME.hlsl
# The file's `// VKDRAW:` lines are vkdraw's arguments (draws and expected pixels); `// ENV:`
# the SPIR-V target environments, each compiled and drawn (default vulkan1.2); `// ARGS:`
# more oneshader options for both entry points (e.g. -fvk-invert-y). Exit status:
# 0 when every environment passed, else the first failure's (vkdraw's; 77: skipped).
set -euo pipefail
oneshader="" vkdraw="" work="" validate=()
while (($#)); do
  case "$1" in
    --oneshader) oneshader="$2"; shift 2 ;;
    --vkdraw) vkdraw="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    --validate) validate=(--validate); shift ;;
    -*) echo "run_draw.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
(($# == 1)) && [[ -n "$oneshader" && -n "$vkdraw" && -n "$work" ]] ||
  { echo "usage: run_draw.sh --oneshader PATH --vkdraw PATH --work DIR [--validate] NAME.hlsl" >&2; exit 2; }
src="$1"
envs=(vulkan1.2) args=() extra=()
while IFS= read -r line; do
  case "$line" in
    "// VKDRAW:"*) read -r -a more <<<"${line#// VKDRAW:}"; args+=("${more[@]}") ;;
    "// ENV:"*) read -r -a envs <<<"${line#// ENV:}" ;;
    "// ARGS:"*) read -r -a more <<<"${line#// ARGS:}"; extra+=("${more[@]}") ;;
  esac
done <"$src"
((${#args[@]})) || { echo "FAIL $src: no // VKDRAW: line"; exit 2; }
rm -rf "$work"
for env in "${envs[@]}"; do
  dir="$work/$env"
  mkdir -p "$dir"
  stages=(vs ps) gs=() first=(--vs "$dir/vs.spv") entries=(vsmain psmain)
  if grep -qE '\bmsmain[[:space:]]*\(' "$src"; then
    stages=(ms ps) first=(--mesh "$dir/ms.spv" msmain) entries=(- psmain)
    if grep -qE '\basmain[[:space:]]*\(' "$src"; then stages+=(as); first+=(--task "$dir/as.spv" asmain); fi
  fi
  if grep -qE '\bgsmain[[:space:]]*\(' "$src"; then stages+=(gs); gs=(--gs "$dir/gs.spv" gsmain); fi
  if grep -qE '\bhsmain[[:space:]]*\(' "$src"; then
    points=$(grep -oE 'InputPatch<[^>]*,[[:space:]]*[0-9]+>' "$src" | head -1 | sed -E 's/.*,[[:space:]]*([0-9]+)>/\1/')
    stages+=(hs ds); gs+=(--tess "$dir/hs.spv" hsmain "$dir/ds.spv" dsmain "$points")
  fi
  for stage in "${stages[@]}"; do
    model=6_0
    [[ $stage == ms || $stage == as ]] && model=6_5
    cmd=("$oneshader" "$src" -E "${stage}main" -T "${stage}_$model" -spirv "-fspv-target-env=$env"
         -Fo "$dir/$stage.spv" -Fc "$dir/$stage.spvasm" "${extra[@]}")
    echo "+ ${cmd[*]}"
    "${cmd[@]}" || { echo "FAIL $src ($env): the compiler failed for ${stage}main"; exit 1; }
  done
  cmd=("$vkdraw" "${first[@]}" --fs "$dir/ps.spv" --entries "${entries[@]}" "${gs[@]}" "${validate[@]}" "${args[@]}")
  echo "+ ${cmd[*]}"
  status=0
  "${cmd[@]}" || status=$?
  ((status == 0)) || { echo "FAIL $src ($env)"; exit "$status"; }
done
echo "PASS $src (${envs[*]})"
