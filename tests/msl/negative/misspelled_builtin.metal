// The syntax check must reject this file: simd_sumx is not a Metal function, and the
// shim header declares only real ones (ctest msl.shim.rejects_misspelled_builtin expects
// exactly this error, at this position):
// EXPECT-ERROR: 10:15: use of undeclared identifier 'simd_sumx'; did you mean 'simd_sum'?
#include <metal_stdlib>
using namespace metal;

kernel void main0(device uint* out [[buffer(0)]], uint id [[thread_position_in_grid]])
{
    out[id] = simd_sumx(id);
}
