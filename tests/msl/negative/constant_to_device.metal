// The check must reject this file: MSL's address spaces are disjoint (MSL 2.4 section 4).
// A constant pointer is not a device pointer (copy_out), a constant object does not bind
// a device reference (take_device), and constant memory is read-only (c[1] = ...). The
// shim gives each space its own clang address space, so clang rejects all three.
// ctest msl.shim.rejects_constant_to_device expects exactly these errors:
// EXPECT-ERROR: 20:11: assigning 'const __global_host float *__private' to '__global_device float *' changes address space of pointer
// EXPECT-ERROR: 25:5: no matching function for call to 'take_device'
// EXPECT-ERROR: 27:10: read-only variable is not assignable
#include <metal_stdlib>
using namespace metal;

void take_device(device float& x)
{
    x = 1.0f;
}

void copy_out(device float* dst, constant float* src)
{
    *dst = *src;
    dst = src;
}

kernel void main0(constant float* c [[buffer(0)]], device float* d [[buffer(1)]])
{
    take_device(c[0]);
    copy_out(d, c);
    c[1] = 2.0f;
}
