// The check must reject this file: threadgroup variables exist only in kernel functions;
// a threadgroup or device object does not bind a thread reference, a device pointer is
// not a threadgroup pointer (MSL 2.4 section 4); Metal's atomic functions take device
// or threadgroup atomics, not thread ones (section 6.15).
// ctest msl.shim.rejects_threadgroup_thread expects exactly these errors:
// EXPECT-ERROR: 21:23: non-kernel function variable cannot be declared in local address space
// EXPECT-ERROR: 29:5: no matching function for call to 'bump'
// EXPECT-ERROR: 30:5: no matching function for call to 'bump'
// EXPECT-ERROR: 31:23: cannot initialize a variable of type '__local metal::uint *__private' (aka '__local unsigned int *__private') with an lvalue of type '__global_device metal::uint *__private' (aka '__global_device unsigned int *__private')
// EXPECT-ERROR: 33:5: no matching function for call to 'atomic_fetch_add_explicit'
#include <metal_stdlib>
using namespace metal;

void bump(thread uint& counter)
{
    counter += 1u;
}

fragment float4 ps_main(float4 pos [[position]])
{
    threadgroup float shared_v[4];
    return pos + float4(shared_v[0]);
}

kernel void main0(device uint* out [[buffer(0)]], uint gi [[thread_index_in_threadgroup]])
{
    threadgroup uint tile[64];
    tile[gi] = gi;
    bump(tile[gi]);
    bump(out[gi]);
    threadgroup uint* p = out;
    uint local_v = 0u;
    atomic_fetch_add_explicit((thread atomic_uint*)&local_v, 1u, memory_order_relaxed);
    atomic_fetch_add_explicit((threadgroup atomic_uint*)&tile[0], 1u, memory_order_relaxed);
    atomic_fetch_add_explicit((device atomic_uint*)&out[0], 1u, memory_order_relaxed);
}
