#!/usr/bin/env bash
# A negative test: run a command that must fail in one specific way.
#   expect_fail.sh --status N (--line TEXT | --line-start TEXT)... -- COMMAND [ARGS...]
# Passes only when COMMAND exits with status N and its output (stdout and stderr) has
# every --line TEXT as one whole line and a line beginning with every --line-start TEXT
# (for messages that go on to name temporary files). Any other status, or a missing line,
# fails (exit 1).
set -uo pipefail
status="" lines=() starts=()
while (($#)); do
  case "$1" in
    --status) status="$2"; shift 2 ;;
    --line) lines+=("$2"); shift 2 ;;
    --line-start) starts+=("$2"); shift 2 ;;
    --) shift; break ;;
    *) echo "expect_fail.sh: unknown option $1" >&2; exit 2 ;;
  esac
done
[[ -n "$status" && $((${#lines[@]} + ${#starts[@]})) -gt 0 && $# -gt 0 ]] || { echo "usage: expect_fail.sh --status N --line TEXT... -- COMMAND..." >&2; exit 2; }
out="$("$@" 2>&1)"
rc=$?
printf '%s\n' "$out"
echo "--- expect_fail.sh: exit status $rc (expected $status)"
((rc == status)) || { echo "FAIL: exit status $rc, expected $status"; exit 1; }
for l in "${lines[@]}"; do
  grep -qxF -- "$l" <<<"$out" || { echo "FAIL: the output lacks the line: $l"; exit 1; }
done
for l in "${starts[@]}"; do
  grep -qF -- "$l" <<<"$out" && awk -v p="$l" 'index($0, p) == 1 { found = 1 } END { exit !found }' <<<"$out" ||
    { echo "FAIL: no output line begins with: $l"; exit 1; }
done
echo "PASS: failed as expected (status $status, $((${#lines[@]} + ${#starts[@]})) line(s) matched)"
