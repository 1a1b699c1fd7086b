#!/usr/bin/env bash
# diff.known_list: every entry of known-differences.txt is "CASE BUFFER FAULT REASON" with a
# case that exists, a buffer the case declares, FAULT glslang or oneshader, a reason, and
# no CASE BUFFER pair twice; and every entry of PENDING_FILE names a case, with a message.
# (Whether a difference or a pending failure still occurs is each case's own test.)
#   check_known.sh KNOWN_FILE CASES_DIR [PENDING_FILE]
set -uo pipefail
known="${1:?usage: check_known.sh KNOWN_FILE CASES_DIR [PENDING_FILE]}" cases="${2:?usage}" pending="${3:-}"
[[ -f "$known" ]] || { echo "FAIL: $known is missing"; exit 1; }
bad=0 n=0
declare -A seen
while IFS= read -r line; do
  [[ -z "${line// }" || "$line" == \#* ]] && continue
  read -r c b f reason <<<"$line"
  n=$((n + 1))
  if [[ ! -f "$cases/$c.json" ]]; then echo "FAIL: no case $c: $line"; bad=1; continue; fi
  if ! node -e 'const c = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
                process.exit(c.buffers.some((x) => x.name === process.argv[2]) ? 0 : 1)' "$cases/$c.json" "$b"; then
    echo "FAIL: case $c has no buffer $b: $line"; bad=1
  fi
  [[ "$f" == glslang || "$f" == oneshader ]] || { echo "FAIL: fault '$f' is neither glslang nor oneshader: $line"; bad=1; }
  [[ -n "$reason" ]] || { echo "FAIL: no reason given: $line"; bad=1; }
  [[ -z "${seen[$c/$b]:-}" ]] || { echo "FAIL: $c $b is listed twice"; bad=1; }
  seen[$c/$b]=1
done < "$known"
np=0
if [[ -n "$pending" ]]; then
  [[ -f "$pending" ]] || { echo "FAIL: $pending is missing"; exit 1; }
  while IFS= read -r line; do
    [[ -z "${line// }" || "$line" == \#* ]] && continue
    read -r c msg <<<"$line"
    np=$((np + 1))
    [[ -f "$cases/$c.json" ]] || { echo "FAIL: pending: no case $c: $line"; bad=1; }
    [[ -n "$msg" ]] || { echo "FAIL: pending: no message: $line"; bad=1; }
    for k in "${!seen[@]}"; do [[ "${k%%/*}" != "$c" ]] || { echo "FAIL: $c is both pending and in the known differences"; bad=1; }; done
  done < "$pending"
fi
((bad)) && exit 1
echo "PASS: $n known differences, each naming a case, a buffer, the faulty compiler and a reason; $np pending cases"
