// Overload resolution ranked as DXC ranks it (clang's exact / promotion / conversion; every
// HLSL shape change is a conversion): the vector overload of a Schlick-style Fresnel wins
// for vector arguments even when other arguments are literals that would splat to it, and
// the scalar one for scalar arguments.
RWStructuredBuffer<float> Out : register(u0);

float3 Fresnel_Shlick(float3 f0, float3 f90, float x) {
  float k = (1.0 - x) * (1.0 - x);
  return f0 + (f90 - f0) * k;
}
float Fresnel_Shlick(float f0, float f90, float x) {
  float k = (1.0 - x) * (1.0 - x);
  return f0 + (f90 - f0) * k + 1000.0;  // marks the scalar overload
}

uint which(uint3 v) { return 3; }
uint which(float v) { return 1; }

[numthreads(1, 1, 1)]
void main() {
  float3 f0 = float3(0.0, 0.5, 1.0);
  float3 f90 = float3(1.0, 1.0, 0.0);
  float3 a = Fresnel_Shlick(f0, f90, 0.5);   // vector: f0 + (f90 - f0) * 0.25
  float3 b = Fresnel_Shlick(f0, 1, 0.5);     // vector: f90 = (1, 1, 1)
  float3 c = Fresnel_Shlick(f0, 1.0, 0.5);   // vector
  float d = Fresnel_Shlick(0.5, 1.0, 0.5);   // scalar: 0.625 + 1000
  Out[0] = a.x; Out[1] = a.y; Out[2] = a.z;
  Out[3] = b.x; Out[4] = b.y; Out[5] = b.z;
  Out[6] = c.x; Out[7] = c.y; Out[8] = c.z;
  Out[9] = d;
  uint3 u = uint3(1, 2, 3);
  Out[10] = (float)which(u);                 // exact uint3
}
