#!/usr/bin/env bash
# One differential execution test (ctest diff.CASE): the case's compute shader compiled by
# OneShader and by glslangValidator, both run on the same Vulkan driver (the tests use
# lavapipe under VK_LAYER_KHRONOS_validation) with the same inputs (the case's seeded
# generators), every buffer read back and compared word for word (`vkrun --compare
# --float-nan`: two NaNs in a buffer the case declares float or half are equal; every other
# word must be bit-identical).
#   run_diff.sh [--oneshader PATH] [--glslang PATH] [--vkrun PATH] [--work DIR]
#               [--known FILE] [--pending FILE] CASE.json
#
# A difference is allowed only where FILE (tests/diff/known-differences.txt) lists it:
#   CASE BUFFER FAULT REASON...        (FAULT: glslang or oneshader, the compiler that is wrong)
# and then it must occur: a listed buffer that no longer differs fails the test (stale
# entry), as does any difference not listed. When the case has checks of its own (expect
# or wave), both runs are checked, and a listed difference also requires the faulty
# compiler's run to fail those checks and the other's to pass them: the checks say which
# compiler is right.
#
# A case OneShader cannot compile or run yet is listed in the pending FILE
# (tests/diff/pending.txt) as "CASE MESSAGE": OneShader's leg must then fail with a line
# ending in ": MESSAGE" (compiler or vkrun output) and glslang's leg must run; the test
# reports PENDING. When OneShader's leg stops failing that way the test fails (stale entry:
# remove the line, and the case is compared from then on).
# Exit status: 0 pass, 1 fail, 2 bad usage.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
oneshader="$root/build/oneshader" glslang=glslangValidator vkrun="$root/build/tests/exec/vkrun" work="" known="$here/known-differences.txt"
pending="$here/pending.txt"
while (($#)); do
  case "$1" in
    --oneshader) oneshader="$2"; shift 2 ;;
    --glslang) glslang="$2"; shift 2 ;;
    --vkrun) vkrun="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    --known) known="$2"; shift 2 ;;
    --pending) pending="$2"; shift 2 ;;
    -*) echo "run_diff.sh: unknown option $1" >&2; exit 2 ;;
    *) break ;;
  esac
done
(($# == 1)) || { echo "usage: run_diff.sh [options] CASE.json" >&2; exit 2; }
case_json="$1"
name="$(basename "$case_json" .json)"
[[ -n "$work" ]] || work="$(mktemp -d)"
mkdir -p "$work"
if [[ -n "${XDG_RUNTIME_DIR:-}" && ! -d "$XDG_RUNTIME_DIR" ]]; then mkdir -p -m 700 "$XDG_RUNTIME_DIR"; fi
if [[ -n "${VK_DRIVER_FILES:-}" && ! -f "${VK_DRIVER_FILES%%:*}" ]]; then
  echo "FAIL $name: Vulkan driver file $VK_DRIVER_FILES is missing (run scripts/setup.sh)"; exit 1
fi
fail() { echo "FAIL $name: $*"; exit 1; }
command -v "$glslang" >/dev/null || fail "$glslang is not installed (apt-get install glslang-tools)"
command -v spirv-val >/dev/null || fail "spirv-val is not installed (apt-get install spirv-tools)"

declare -A info
while IFS='=' read -r k v; do info[$k]="$v"; done < <("$vkrun" --info "$case_json")
[[ -n "${info[entry]:-}" ]] || fail "vkrun --info could not read the case"
shader="${info[shader]}" entry="${info[entry]}" profile="${info[profile]}" env="${info[target_env]}"
read -ra case_args <<< "${info[args]:-}"
glslang_args=()
for a in "${case_args[@]}"; do
  case "$a" in
    -enable-16bit-types) glslang_args+=(--hlsl-enable-16bit-types) ;;
    *) echo "run_diff.sh: no glslangValidator spelling for the case argument $a" >&2; exit 2 ;;
  esac
done

# The known differences of this case: BUFFER -> FAULT and the reason.
declare -A known_fault known_reason
if [[ -f "$known" ]]; then
  while read -r kcase kbuf kfault kreason; do
    [[ -z "$kcase" || "$kcase" == \#* || "$kcase" != "$name" ]] && continue
    known_fault[$kbuf]="$kfault" known_reason[$kbuf]="$kreason"
  done < "$known"
fi

pending_msg=""
if [[ -f "$pending" ]]; then
  while read -r pcase pmsg; do
    [[ -z "$pcase" || "$pcase" == \#* || "$pcase" != "$name" ]] && continue
    pending_msg="$pmsg"
  done < "$pending"
fi

compile() {  # LEG SPV: compile and validate; fails the test on any error
  local leg="$1" spv="$2" cmd
  rm -f "$spv"
  if [[ "$leg" == oneshader ]]; then
    cmd=("$oneshader" "$shader" -E "$entry" -T "$profile" "-fspv-target-env=$env" "${case_args[@]}" -Fo "$spv")
  else
    cmd=("$glslang" -D -V -Od --target-env "$env" -e "$entry" -S comp "${glslang_args[@]}" "$shader" -o "$spv")
  fi
  echo "+ ${cmd[*]}"
  "${cmd[@]}" > "$work/$leg.compile.log" 2>&1 || { cat "$work/$leg.compile.log"; fail "$leg failed to compile the shader"; }
  [[ -s "$spv" ]] || fail "$leg wrote no module"
  spirv-val --target-env "$env" "$spv" || fail "spirv-val rejected the $leg module"
}
declare -A ran
run() {  # LEG: run on the driver, dump the buffers; records whether the case's own checks passed
  local leg="$1" rc=0
  echo "+ vkrun $case_json $work/$leg.spv --validate --dump $work/$leg.bin"
  rm -f "$work/$leg.bin"
  "$vkrun" "$case_json" "$work/$leg.spv" --validate --quiet --dump "$work/$leg.bin" > "$work/$leg.run.log" 2>&1 || rc=$?
  sed "s/^/  [$leg] /" "$work/$leg.run.log"
  [[ -s "$work/$leg.bin" ]] || fail "the $leg module did not run to the read-back (vkrun exit $rc)"
  ! grep -q '^validation error' "$work/$leg.run.log" || fail "the validation layer reported errors on the $leg run"
  ((rc == 0 || rc == 1)) || fail "vkrun exited with $rc on the $leg module"
  ran[$leg]=$rc
}
if [[ -n "$pending_msg" ]]; then
  compile glslang "$work/glslang.spv"
  run glslang
  ((ran[glslang] == 0)) || fail "glslang's run of a pending case fails its checks"
  rm -f "$work/oneshader.spv" "$work/oneshader.run.log"
  cmd=("$oneshader" "$shader" -E "$entry" -T "$profile" "-fspv-target-env=$env" "${case_args[@]}" -Fo "$work/oneshader.spv")
  echo "+ ${cmd[*]}"
  log="$("${cmd[@]}" 2>&1)" && log+=$'\n'"$("$vkrun" "$case_json" "$work/oneshader.spv" --validate --quiet 2>&1)"
  printf '%s\n' "$log" | sed 's/^/  [oneshader] /'
  if grep -qF -- ": $pending_msg" <<<"$log" && awk -v m=": $pending_msg" 'substr($0, length($0) - length(m) + 1) == m { f = 1 } END { exit !f }' <<<"$log"; then
    echo "PENDING $name: OneShader cannot run this case yet (tests/diff/pending.txt): $pending_msg; glslang's module ran"
    exit 0
  fi
  fail "stale tests/diff/pending.txt entry: OneShader's leg no longer fails with '$pending_msg'; remove the entry so the case is compared"
fi
compile oneshader "$work/oneshader.spv"
compile glslang "$work/glslang.spv"
run oneshader
run glslang

echo "+ vkrun --compare $case_json oneshader.bin glslang.bin --names oneshader,glslang --float-nan"
cmp_out="$("$vkrun" --compare "$case_json" "$work/oneshader.bin" "$work/glslang.bin" --names oneshader,glslang --float-nan)"
cmp_rc=$?
printf '%s\n' "$cmp_out"
((cmp_rc == 0 || cmp_rc == 1)) || fail "vkrun --compare exited with $cmp_rc"
mapfile -t differing < <(sed -n 's/^MISMATCH .*: buffer \([^ ]*\) differs between .*/\1/p' <<<"$cmp_out")
((cmp_rc == 0 || ${#differing[@]} > 0)) || fail "vkrun --compare failed without naming a buffer"

# The shader must have written something: buffers that differ from their initial
# contents in OneShader's run (a shader both compilers reduced to nothing would otherwise
# compare identical).
"$vkrun" --init-dump "$case_json" "$work/initial.bin" || fail "vkrun --init-dump failed"
written="$("$vkrun" --compare "$case_json" "$work/initial.bin" "$work/oneshader.bin" --names initial,oneshader |
           sed -n 's/^MISMATCH .*: buffer \([^ ]*\) differs between initial and oneshader in \([0-9]*\) of \([0-9]*\) words.*/\1 (\2 of \3 words)/p')"
[[ -n "$written" ]] || fail "the OneShader run left every buffer as it was initialised: nothing to compare"
echo "written by the shader: $(tr '\n' ',' <<<"$written" | sed 's/,$//; s/,/, /g')"

problems=()
declare -A differs
for b in "${differing[@]}"; do differs[$b]=1; done
for b in "${differing[@]}"; do
  [[ -n "${known_fault[$b]:-}" ]] || problems+=("buffer $b differs between oneshader and glslang, and known-differences.txt does not list it")
done
for b in "${!known_fault[@]}"; do
  f="${known_fault[$b]}"
  [[ "$f" == glslang || "$f" == oneshader ]] || problems+=("known-differences.txt: fault '$f' for $b is neither glslang nor oneshader")
  [[ -n "${differs[$b]:-}" ]] || problems+=("stale known-differences.txt entry: buffer $b no longer differs ($f: ${known_reason[$b]})")
done
# The case's own checks (if any) decide who is right.
own_checks="${info[own_checks]:-0}"
faults=()
for b in "${!known_fault[@]}"; do [[ -n "${differs[$b]:-}" ]] && faults+=("${known_fault[$b]}"); done
if ((own_checks)); then
  for leg in oneshader glslang; do
    expected=0
    for f in "${faults[@]}"; do [[ "$f" == "$leg" ]] && expected=1; done
    if ((ran[$leg] != expected)); then
      if ((expected)); then problems+=("the $leg run passes the case's own checks, but known-differences.txt blames $leg")
      else problems+=("the $leg run fails the case's own checks"); fi
    fi
  done
elif ((ran[oneshader] != 0 || ran[glslang] != 0)); then
  problems+=("vkrun failed (validation errors?) on a module")
fi
if ((${#problems[@]})); then
  for p in "${problems[@]}"; do echo "FAIL $name: $p"; done
  exit 1
fi
if ((${#differing[@]} == 0)); then
  echo "IDENTICAL $name: oneshader and glslang wrote the same buffers"
else
  for b in "${differing[@]}"; do
    echo "KNOWN DIFFERENCE $name: buffer $b (${known_fault[$b]} is wrong: ${known_reason[$b]})"
  done
fi
exit 0
