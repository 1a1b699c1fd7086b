// vk::BufferPointer executed (tests/exec): a linked list in one buffer, walked from a push
// constant's head pointer through each node's next pointer (a BufferPointer to the same
// struct: OpTypeForwardPointer) until a null next, reading each value through
// vk::reinterpret_pointer_cast<uint> (the node's first word) and writing the nodes through
// Get(). The node
// addresses are device addresses vkrun writes into the push constants and into the Nodes
// buffer itself ("address_of", docs/testing.md). Expectations by hand in
// inline_spirv_buffer_pointer_list.json.
struct Node;
struct Node {
  uint value;
  uint visits;
  vk::BufferPointer<Node> next;  // offset 8; 0: the end of the list
};

struct Push {
  vk::BufferPointer<Node> head;
};
[[vk::push_constant]] Push pc;

RWStructuredBuffer<uint> Out : register(u0);  // [0] sum, [1] count, [2..9] values in list order

[numthreads(1, 1, 1)]
void main() {
  vk::BufferPointer<Node> p = pc.head;
  uint sum = 0, count = 0;
  for (uint guard = 0; guard < 8; ++guard) {
    uint v = vk::reinterpret_pointer_cast<uint>(p).Get();  // value: the node's first word
    sum += v;
    Out[2 + count] = v;
    ++count;
    p.Get().visits = p.Get().visits + count;  // the node's place in the list, 1-based
    if ((uint64_t)p.Get().next == 0) break;
    p = p.Get().next;
  }
  Out[0] = sum;
  Out[1] = count;
}
