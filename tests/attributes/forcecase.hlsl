// ATTR: [forcecase]
// ARGS: -E main -T cs_6_0
// SPIRV: OpSwitch
// WGSL: switch
// MSL: switch
// NOTE: Honored: every switch is an OpSwitch already (DXC without [forcecase] also uses one
// NOTE: when all case values are literals); the text targets print a switch.
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  [forcecase] switch (id.x) {
    case 0: Out[0] = 1; break;
    case 1: Out[1] = 3; break;
    default: Out[id.x] = 2; break;
  }
}
