# Prints a SPIR-V binary one instruction a line as `opcode: word word ...` (decimal), for
# instructions spirv-dis cannot print (SPIRV-Tools v2023.1 predates SPV_KHR_cooperative_matrix).
import struct
import sys

data = open(sys.argv[1], 'rb').read()
words = struct.unpack('<%dI' % (len(data) // 4), data)
i = 5
while i < len(words):
    n, op = words[i] >> 16, words[i] & 0xffff
    print('%d: %s' % (op, ' '.join(str(w) for w in words[i + 1:i + n])))
    i += max(n, 1)
