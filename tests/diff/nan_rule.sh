#!/usr/bin/env bash
# diff.nan_rule: the differential layer's NaN rule, on fixed dumps (tests/diff/nan_rule/).
# a_* and b_* hold the same 4 words except: words 0 and 1 are NaNs with different sign and
# payload bits, word 3 is a NaN in a and 1.0 in b.
#   - float buffer, words 0..2 only (b3 = a3): equal, 2 NaN pairs taken as equal;
#   - float buffer, all words: word 3 (NaN against a number) differs;
#   - uint buffer: words 0 and 1 differ too (no NaN rule outside float/half buffers);
#   - float buffer without --float-nan: words 0 and 1 differ (the rule is opt-in).
#   nan_rule.sh VKRUN WORK_DIR
set -uo pipefail
vkrun="${1:?usage: nan_rule.sh VKRUN WORK_DIR}" work="${2:?usage}"
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/nan_rule"
mkdir -p "$work"
for f in a_float b_float a_uint b_uint; do "$vkrun" --init-dump "$here/$f.json" "$work/$f.bin" || { echo "FAIL: init-dump $f"; exit 1; }; done
# b with word 3 = a's NaN: the same contents as a_float except for the payloads in words 0, 1.
python3 - "$work/b_float.bin" "$work/a_float.bin" "$work/b3_float.bin" <<'PY'
import sys
b = bytearray(open(sys.argv[1], 'rb').read()); a = open(sys.argv[2], 'rb').read()
b[-4:] = a[-4:]
open(sys.argv[3], 'wb').write(b)
PY
bad=0
expect() {  # STATUS LINE-SUFFIX ARGS...: vkrun --compare must exit STATUS and print a line ending so
  local status="$1" want="$2"; shift 2
  out="$("$vkrun" --compare "$@")"; rc=$?
  printf '%s\n' "$out" | sed 's/^/  /'
  if ((rc != status)) || ! grep -qF -- "$want" <<<"$out"; then echo "FAIL: expected exit $status and '$want'"; bad=1; fi
}
expect 0 "(4 words compared, 0 undefined words skipped, 2 NaN pairs with different bits taken as equal)" \
  "$here/a_float.json" "$work/a_float.bin" "$work/b3_float.bin" --float-nan
expect 1 "buffer V differs between A and B in 1 of 4 words (first at [3])" \
  "$here/a_float.json" "$work/a_float.bin" "$work/b_float.bin" --float-nan
expect 1 "buffer V differs between A and B in 3 of 4 words (first at [0])" \
  "$here/a_uint.json" "$work/a_uint.bin" "$work/b_uint.bin" --float-nan
expect 1 "buffer V differs between A and B in 2 of 4 words (first at [0])" \
  "$here/a_float.json" "$work/a_float.bin" "$work/b3_float.bin"
((bad)) && exit 1
echo "PASS: NaN pairs are equal only in float buffers and only with --float-nan; NaN against a number differs"
