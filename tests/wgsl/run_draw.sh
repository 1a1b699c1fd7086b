#!/usr/bin/env bash
# The WebGPU leg of one graphics execution test (tests/exec/draw/NAME.hlsl): compile the
# case's entry points to WGSL with oneshader and draw on Dawn (tests/wgsl/draw.mjs), which
# checks the pixels with vkdraw against the case's own `// VKDRAW:` expectations.
#   run_draw.sh --oneshader PATH --vkdraw PATH --work DIR NAME.hlsl
#
# The entry points are the ones tests/exec/run_draw.sh compiles for the Vulkan legs:
# `vsmain` (vs_6_0) and `psmain` (ps_6_0), `gsmain` (gs_6_0), `hsmain` / `dsmain` (hs_6_0 /
# ds_6_0), `msmain` (ms_6_5, instead of vsmain) and `asmain` (as_6_5) where the file has
# them, each with the case's `// ARGS:` options and `--target wgsl`. `// ENV:` (SPIR-V
# target environments) does not apply to WGSL.
#
# A case WebGPU cannot draw (a stage it lacks, a built-in WGSL has no form of) says so, in
# one or more lines:
#   // WGSL: unsupported OSHnnnn ENTRY...
# Then each ENTRY named must fail to compile for WGSL with at least one error, every error
# with exactly its line's code, and no output written; every other entry must compile (and
# its WGSL pass Tint, tests/wgsl/check.mjs); nothing is drawn. A case without the line must
# compile every entry, pass Tint (check.mjs) and draw with the same pixels as on Vulkan.
# VK_DRIVER_FILES selects the Vulkan driver under Dawn (the tests use SwiftShader).
# Exit status: 0 pass, 1 fail, 77 skip (the adapter lacks a WebGPU feature), 2 bad usage.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
oneshader="" vkdraw="" work=""
while (($#)); do
  case "$1" in
    --oneshader) oneshader="$2"; shift 2 ;;
    --vkdraw) vkdraw="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    -*) echo "run_draw.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
(($# == 1)) && [[ -n "$oneshader" && -n "$vkdraw" && -n "$work" ]] ||
  { echo "usage: run_draw.sh --oneshader PATH --vkdraw PATH --work DIR NAME.hlsl" >&2; exit 2; }
src="$1"
if [[ -n "${XDG_RUNTIME_DIR:-}" && ! -d "$XDG_RUNTIME_DIR" ]]; then mkdir -p -m 700 "$XDG_RUNTIME_DIR"; fi
if [[ -n "${VK_DRIVER_FILES:-}" && ! -f "${VK_DRIVER_FILES%%:*}" ]]; then
  echo "FAIL: Vulkan driver file $VK_DRIVER_FILES is missing (run scripts/setup.sh)"
  exit 1
fi
if [[ ! -d "$here/node_modules/webgpu" ]]; then
  echo "FAIL: $here/node_modules/webgpu is missing (run scripts/setup.sh, or npm ci in tests/wgsl)"
  exit 1
fi
args=() extra=() refused=()
declare -A code_of  # entry -> the code its refusal must have
while IFS= read -r line; do
  case "$line" in
    "// VKDRAW:"*) read -r -a more <<<"${line#// VKDRAW:}"; args+=("${more[@]}") ;;
    "// ARGS:"*) read -r -a more <<<"${line#// ARGS:}"; extra+=("${more[@]}") ;;
    "// WGSL:"*)
      read -r -a more <<<"${line#// WGSL:}"
      [[ "${more[0]:-}" == unsupported && "${more[1]:-}" =~ ^OSH[0-9]{4}$ && ${#more[@]} -ge 3 ]] ||
        { echo "FAIL $src: bad line '$line' (// WGSL: unsupported OSHnnnn ENTRY...)"; exit 2; }
      for e in "${more[@]:2}"; do refused+=("$e"); code_of[$e]="${more[1]}"; done ;;
  esac
done <"$src"
((${#args[@]})) || { echo "FAIL $src: no // VKDRAW: line"; exit 2; }

# The entries and profiles, as tests/exec/run_draw.sh chooses them.
entries=(vsmain psmain) profiles=(vs_6_0 ps_6_0)
if grep -qE '\bmsmain[[:space:]]*\(' "$src"; then
  entries=(msmain psmain) profiles=(ms_6_5 ps_6_0)
  if grep -qE '\basmain[[:space:]]*\(' "$src"; then entries+=(asmain) profiles+=(as_6_5); fi
fi
if grep -qE '\bgsmain[[:space:]]*\(' "$src"; then entries+=(gsmain) profiles+=(gs_6_0); fi
if grep -qE '\bhsmain[[:space:]]*\(' "$src"; then entries+=(hsmain dsmain) profiles+=(hs_6_0 ds_6_0); fi
for e in "${refused[@]}"; do
  [[ " ${entries[*]} " == *" $e "* ]] || { echo "FAIL $src: // WGSL: names $e, which is not one of its entries (${entries[*]})"; exit 2; }
done

# The error codes of one compile's JSON diagnostics, one per line.
error_codes() {
  node -e '
    const d = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8") || "[]");
    for (const x of d) if (x.severity === "error") console.log(x.code);' "$1"
}

rm -rf "$work"
mkdir -p "$work"
compiled=()
for k in "${!entries[@]}"; do
  e="${entries[$k]}" out="$work/${entries[$k]}.wgsl" diags="$work/${entries[$k]}.diagnostics.json"
  cmd=("$oneshader" "$src" -E "$e" -T "${profiles[$k]}" "${extra[@]}" --target wgsl --diagnostics-format json -Fo "$out")
  echo "+ ${cmd[*]}"
  rc=0
  "${cmd[@]}" 2>"$diags" || rc=$?
  if [[ -n "${code_of[$e]:-}" ]]; then
    refused_code="${code_of[$e]}"
    cat "$diags"; echo
    ((rc != 0)) || { echo "FAIL $src: the case says WebGPU cannot draw $e ($refused_code), but the compiler succeeded"; exit 1; }
    mapfile -t codes < <(error_codes "$diags")
    ((${#codes[@]})) || { echo "FAIL $src: the compiler failed for $e without a coded error (expected $refused_code)"; exit 1; }
    for c in "${codes[@]}"; do
      [[ "$c" == "$refused_code" ]] || { echo "FAIL $src: expected only $refused_code for $e, got: ${codes[*]}"; exit 1; }
    done
    [[ ! -e "$out" ]] || { echo "FAIL $src: the compiler failed for $e but wrote $out"; exit 1; }
    echo "refused: $e, ${#codes[@]} error(s) $refused_code"
  else
    if ((rc != 0)); then
      cat "$diags"; echo
      echo "FAIL $src: the compiler failed for $e --target wgsl (error codes: $(error_codes "$diags" | sort -u | tr '\n' ' '))"
      exit 1
    fi
    [[ -s "$out" ]] || { echo "FAIL $src: the compiler wrote no $out"; exit 1; }
    compiled+=("$out")
  fi
done

if ((${#refused[@]})); then
  if ((${#compiled[@]})); then
    echo "+ node check.mjs ${compiled[*]}"
    node "$here/check.mjs" "${compiled[@]}" || { echo "FAIL $src: Tint rejects the WGSL of the entries that compiled"; exit 1; }
  fi
  said=""
  for e in "${refused[@]}"; do said+=" ${code_of[$e]} for $e,"; done
  echo "PASS $src: WebGPU cannot draw it, and the compiler says so:${said%,}"
  exit 0
fi
((${#entries[@]} == 2)) && [[ "${entries[0]}" == vsmain ]] ||
  { echo "FAIL $src: WebGPU draws with a vertex and a fragment shader only, but the case has ${entries[*]} (and no // WGSL: line)"; exit 1; }
# Tint on the null backend first (tests/wgsl/check.mjs: no error, no warning), so a draw the
# adapter must skip for a missing feature still has its WGSL validated.
echo "+ node check.mjs ${compiled[*]}"
node "$here/check.mjs" "${compiled[@]}" || { echo "FAIL $src: Tint rejects the WGSL"; exit 1; }
cmd=(node "$here/draw.mjs" --vkdraw "$vkdraw" --vs "$work/vsmain.wgsl" --fs "$work/psmain.wgsl"
     --entries vsmain psmain --pixels "$work/pixels.bin" -- "${args[@]}")
echo "+ ${cmd[*]}"
status=0
"${cmd[@]}" || status=$?
((status != 77)) || { echo "SKIP $src (Dawn)"; exit 77; }
((status == 0)) || { echo "FAIL $src (Dawn)"; exit "$status"; }
echo "PASS $src (Dawn)"
