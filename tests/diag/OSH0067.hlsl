// EXPECT: OSH0067 8:16
// ARGS: -E main -T ps_6_0
template <uint N, typename T = double> struct Weights {
  const static T w[N];
};
static int k = 1;
float main() : SV_Target {
  return float(Weights<2>::w[k]);
}
