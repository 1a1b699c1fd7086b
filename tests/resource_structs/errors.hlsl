// What DXC refuses in a global struct of resources is OSH0007 at the declaration: a struct
// holding other data too ("global structures containing both resources and non-resources
// are not supported"), and buffers ("global structures containing buffers are not
// supported").
//
// RUN: not %oneshader %s -T ps_6_0 -E main 2>&1 | FileCheck %s

struct Mixed { Texture2D t; float a; };
struct WithBuffer { Texture2D t; RWStructuredBuffer<float> rw; };

// CHECK: errors.hlsl:[[@LINE+1]]:1: error OSH0007: a global struct holding both resources and other data ('gm.a' is a 'float') is not supported yet
Mixed gm;
// CHECK: errors.hlsl:[[@LINE+1]]:1: error OSH0007: a global struct holding a 'RWStructuredBuffer' ('gb.rw') is not supported yet
WithBuffer gb;

float4 main() : SV_Target { return 0; }

// A bound on what one struct may flatten to (each resource is a global and a binding).
struct One { SamplerState s; };
// CHECK: errors.hlsl:[[@LINE+1]]:1: error OSH0007: a global struct of resources taking more than 65536 bindings is not supported yet
One many[100000];
