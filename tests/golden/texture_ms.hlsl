// Multisampled textures (DXC SPIR-V.rst "Textures"; CodeGenSPIRV texture.load / method.
// get-dimensions tests):
//  Texture2DMS<T>::Load(int2 p, int s)        OpImageFetch %v4T img p Sample s
//  Texture2DMSArray<T>::Load(int3 p, int s)   the same with a 3-component coordinate
//  GetDimensions(w, h, samples)               OpImageQuerySize %v2uint (no Lod: MS images
//                                             have no levels) + OpImageQuerySamples %uint
//  GetDimensions(w, h, elements, samples)     OpImageQuerySize %v3uint + OpImageQuerySamples
// Image types: `OpTypeImage %float 2D 0 0 1 1 Unknown` (MS = 1, Sampled = 1) and
// `... %uint 2D 0 1 1 1 Unknown` for the array; capability ImageQuery for the queries
// (sampled MS arrays need no ImageMSArray: that one is for storage images).
Texture2DMS<float4> ms : register(t0);
Texture2DMS<float, 4> ms4 : register(t1);
Texture2DMSArray<uint2> msa : register(t2);
RWStructuredBuffer<float4> Out : register(u3);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float4 a = ms.Load(int2(id.xy), 1);
  float b = ms4.Load(int2(1, 2), id.x);
  uint2 c = msa.Load(int3(id), 3);
  uint w, h, s;
  ms.GetDimensions(w, h, s);
  float fw, fh, fe, fs;
  msa.GetDimensions(fw, fh, fe, fs);
  Out[0] = a + b + float4(c, w + h, s) + float4(fw, fh, fe, fs);
}
