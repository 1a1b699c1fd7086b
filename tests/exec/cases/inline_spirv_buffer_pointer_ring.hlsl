// vk::BufferPointer executed without 64-bit integers (tests/exec): a ring of nodes in one
// buffer walked 7 steps through each node's next pointer, reading each node's value and
// counting the visits through Get(). No pointer is compared or turned into an integer, so
// the module needs no Int64 and runs where the device has bufferDeviceAddress but not
// shaderInt64 (SwiftShader). Two SwiftShader defects shape it (glslang's modules of the
// same code crash it too; docs/testing.md): a PhysicalStorageBuffer pointer carried around
// a loop, and an OpBitcast between such pointers (vk::reinterpret_pointer_cast). So the
// steps are written out; inline_spirv_buffer_pointer_list walks in a loop and casts. Expectations by hand in
// inline_spirv_buffer_pointer_ring.json.
struct Node;
struct Node {
  uint value;
  uint steps;
  vk::BufferPointer<Node> next;  // offset 8
};

struct Push {
  vk::BufferPointer<Node> start;
};
[[vk::push_constant]] Push pc;

RWStructuredBuffer<uint> Out : register(u0);  // [k]: the value at step k; [16]: the sum

#define STEP(k)                                                                 \
  {                                                                             \
    uint v = p.Get().value;                                                     \
    Out[k] = v;                                                                 \
    sum += v;                                                                   \
    p.Get().steps += 1; /* how often the walk passed this node */              \
    p = p.Get().next;                                                           \
  }

[numthreads(1, 1, 1)]
void main() {
  vk::BufferPointer<Node> p = pc.start;
  uint sum = 0;
  STEP(0) STEP(1) STEP(2) STEP(3) STEP(4) STEP(5) STEP(6)
  Out[16] = sum;
}
