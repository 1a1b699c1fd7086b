// EXPECT: OSH0066 10:12
template <class S, class T> class Sel;
template <> class Sel<uint, float> {
 public:
  static float Convert(uint a) { return (float)a; }
};
RWStructuredBuffer<float> buf;
[numthreads(1, 1, 1)]
void main() {
  buf[0] = Sel<int, float>::Convert(1);
}
