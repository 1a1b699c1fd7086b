#!/usr/bin/env python3
"""Prints a SPIR-V disassembly (spirv-dis, friendly names) without its debug information:
without the NonSemantic.Shader.DebugInfo.100 (or OpenCL.DebugInfo.100) instructions and import, the
SPV_KHR_non_semantic_info extension, OpString / OpSource / OpSourceContinued / OpLine /
OpModuleProcessed, the header's id bound, and the OpConstant / OpTypeInt definitions whose
name no other line uses; then numbered ids (%12) relabelled in order of first appearance.
Two modules that differ only by debug information print the same. (spirv-opt 2023.1's
--strip-nonsemantic and --strip-debug crash on DebugScope, so they cannot do this.)
    spirv-dis MODULE.spv | strip_debug_info.py
"""
import re
import sys

lines = []
for l in sys.stdin.read().splitlines():
    # A string with newlines (a DebugSource text) spans lines: join them into one.
    if lines and len(re.findall(r'(?<!\\)"', lines[-1])) % 2:
        lines[-1] += "\n" + l
    else:
        lines.append(l)
sets = {m.group(1) for l in lines
        for m in [re.match(r'\s*(%\w+) = OpExtInstImport "(NonSemantic.Shader|OpenCL).DebugInfo.100"', l)] if m}
DROP = re.compile(r'\s*(?:%\w+ = )?Op(String|Source|SourceContinued|Line|ModuleProcessed)\b'
                  r'|\s*OpExtension "SPV_KHR_non_semantic_info"|; Bound:')


def debug(l):
    if DROP.match(l):
        return True
    m = re.match(r'\s*(%\w+) = OpExt(Inst|InstImport) (\S+) ?(\S*)', l)
    return bool(m) and (m.group(1) in sets or (m.group(2) == "Inst" and m.group(4) in sets))


lines = [l for l in lines if not debug(l)]
while True:
    uses = {}
    for l in lines:
        for t in re.findall(r'%\w+', l):
            uses[t] = uses.get(t, 0) + 1
    keep = [l for l in lines
            if not (m := re.match(r'\s*(%\w+) = Op(Constant|TypeInt) ', l)) or uses[m.group(1)] > 1]
    if len(keep) == len(lines):
        break
    lines = keep
ids = {}
for l in lines:
    print(re.sub(r'%\d+\b', lambda m: ids.setdefault(m.group(0), "%%id%d" % len(ids)), l).strip())
