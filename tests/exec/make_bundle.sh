#!/usr/bin/env bash
# Builds a self-contained bundle of every execution case for a machine that has a Vulkan
# driver but no compiler (the H200 machine, docs/testing.md): the modules are compiled
# here by build/oneshader, and the bundle holds vkrun, the case files and the modules.
#   make_bundle.sh [--build DIR] OUT_DIR     (DIR: the build folder, default build/)
# Each case is compiled with its "args" (e.g. -enable-16bit-types), as run_case.sh does.
# Then on the device: OUT_DIR/run_bundle.sh  (prints one PASS/FAIL/SKIP line per case
# and "N passed, N failed, N skipped").
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
root="$(cd "$here/../.." && pwd)"
build="$root/build"
if [[ "${1:-}" == "--build" ]]; then build="$(cd "$2" && pwd)"; shift 2; fi
out="${1:?usage: make_bundle.sh [--build DIR] OUT_DIR}"
mkdir -p "$out/cases"
cp "$build/tests/exec/vkrun" "$out/"
fail=0
for c in "$here"/cases/*.json; do
  name="$(basename "$c" .json)"
  declare -A info=()
  while IFS='=' read -r k v; do info[$k]="$v"; done < <("$build/tests/exec/vkrun" --info "$c")
  read -ra case_args <<< "${info[args]:-}"
  if ! "$build/oneshader" "${info[shader]}" -E "${info[entry]}" -T "${info[profile]}" \
       "-fspv-target-env=${info[target_env]}" "${case_args[@]}" -Fo "$out/cases/$name.spv" >/dev/null 2>"$out/cases/$name.err"; then
    echo "compile FAILED: $name"; fail=1; continue
  fi
  rm -f "$out/cases/$name.err"
  cp "$c" "$out/cases/$name.json"
done
cat > "$out/run_bundle.sh" <<'RUN'
#!/usr/bin/env bash
# Runs every case of the bundle with vkrun on the current Vulkan driver.
cd "$(dirname "${BASH_SOURCE[0]}")"
p=0 f=0 s=0
first=$(ls cases/*.json | head -1)
./vkrun "$first" "${first%.json}.spv" 2>&1 | grep '^device:'
for j in cases/*.json; do
  n="${j%.json}"
  [[ -f "$n.spv" ]] || { echo "FAIL $(basename "$n") (no module)"; f=$((f+1)); continue; }
  ./vkrun "$j" "$n.spv" --quiet > "$n.log" 2>&1; rc=$?
  case $rc in
    0) p=$((p+1)) ;;
    77) s=$((s+1)); echo "SKIP $(basename "$n"): $(tail -1 "$n.log")" ;;
    *) f=$((f+1)); echo "FAIL $(basename "$n")"; tail -5 "$n.log" ;;
  esac
done
echo "$p passed, $f failed, $s skipped"
((f == 0))
RUN
chmod +x "$out/run_bundle.sh"
exit $fail
