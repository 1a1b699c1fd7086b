// The seed's CSSum compute shader, built by hand with the IR builder:
//   StructuredBuffer<uint> Values : register(t0);
//   RWByteAddressBuffer Total : register(u1);
//   [numthreads(64, 1, 1)]
//   void CSSum(uint3 id : SV_DispatchThreadID) {
//     uint waveTotal = WaveActiveSum(Values[id.x]);
//     if (WaveIsFirstLane()) Total.InterlockedAdd(0, waveTotal);
//   }
#pragma once
#include "ir/builder.hpp"

namespace oneshader::ir::fixtures {

inline void buildCSSum(Module& m) {
  ModuleBuilder mb(m);
  auto u32 = mb.types().scalar(Scalar::u32());
  auto values = mb.storageBuffer("Values", ResourceKind::StructuredBuffer, u32, 4, 0, 0, {'t', 0, 0});
  auto total = mb.storageBuffer("Total", ResourceKind::RWByteAddressBuffer, u32, 4, 0, 1, {'u', 1, 0});
  auto uvec3 = mb.types().vector(Scalar::u32(), 3);
  auto f = mb.function("CSSum", {{"id", uvec3, Binding::builtinOf(BuiltIn::GlobalInvocationId)}});
  FunctionBuilder b = mb.build(f);
  auto x = b.accessIndex(b.arg(0), 0);
  auto elem = b.access(b.accessIndex(b.global(values), 0), x);
  auto v = b.load(elem);
  auto waveTotal = b.subgroup(SubgroupOp::Add, CollectiveOp::Reduce, v);
  auto first = b.subgroup(SubgroupOp::Elect, CollectiveOp::None, {});
  b.ifBegin(first);
  // Byte address 0 -> word index 0 >> 2.
  auto index = b.binary(BinaryOp::ShiftRight, b.u32(0), b.u32(2));
  auto dst = b.access(b.accessIndex(b.global(total), 0), index);
  b.atomic(AtomicOp::Add, dst, waveTotal);
  b.ifEnd();
  b.ret();
  b.finish();
  mb.entryPoint("CSSum", Stage::Compute, f, {64, 1, 1});
}

}  // namespace oneshader::ir::fixtures
