// SPIR-V emitter: function bodies (expressions, structured control flow, subgroup ops).
#include <spirv/unified1/GLSL.std.450.h>

#include <algorithm>

#include "backend/spirv/emitter.hpp"
#include "ir/atomics.hpp"
#include "ir/subgroups.hpp"

namespace oneshader::spirv {

using namespace oneshader::ir;

namespace {
// DXC: [unroll] Unroll; [loop] and [fastopt] DontUnroll; [flatten] Flatten; [branch] DontFlatten.
uint32_t loopControl(ControlHint h) {
  if (h == ControlHint::Unroll) return uint32_t(spv::LoopControlMask::Unroll);
  if (h == ControlHint::DontUnroll) return uint32_t(spv::LoopControlMask::DontUnroll);
  return 0;
}
uint32_t selectionControl(ControlHint h) {
  if (h == ControlHint::Flatten) return uint32_t(spv::SelectionControlMask::Flatten);
  if (h == ControlHint::DontFlatten) return uint32_t(spv::SelectionControlMask::DontFlatten);
  return 0;
}
}  // namespace

class FunctionEmitter {
 public:
  FunctionEmitter(Emitter& e, Handle<Function> fh, bool isEntry)
      : e_(e), fh_(fh), f_(e.m_.functions[fh]), entry_(isEntry) {}
  void run();

 private:
  Emitter& e_;
  Handle<Function> fh_;
  const Function& f_;
  bool entry_;
  Section body_;  // instructions after the variables of the first block
  Section vars_;  // OpVariable of the first block
  std::vector<SourceRange> bodyRanges_;
  std::vector<uint32_t> ids_;        // per expression
  std::vector<uint32_t> localIds_;   // per local
  std::vector<uint32_t> spillVars_;  // per expression: Function temp for dynamic value indexing
  // Per expression: derived from a non-uniform index into an array of resources (the access
  // itself, accesses and loads through it): its result is decorated NonUniform.
  std::vector<bool> nonUniform_;
  void arrayIndexCapabilities(const Expression& x);
  std::vector<uint32_t> outputVars_;  // entry result: one per member (or one)
  // A pointer to element 0 of a SampleMask variable (an array of one uint); `var` otherwise.
  uint32_t elementZero(uint32_t var, const Binding& b, spv::StorageClass sc) {
    if (!var || !b.isBuiltin() || b.builtin != BuiltIn::SampleMask) return var;
    uint32_t p = e_.id();
    put(spv::Op::OpAccessChain,
        {e_.pointerTypeId(builtinValueType(e_.types_, b.builtin), sc), p, var, e_.literalId(Literal::i32(0))});
    return p;
  }
  bool open_ = false;  // current block not yet terminated
  SourceRange range_;
  // An edge into a loop's continue block or merge block: the block it leaves and the values
  // of the loop's promoted locals (Target::slots) there.
  struct Edge {
    uint32_t label;
    std::vector<uint32_t> values;
  };
  struct Target {
    uint32_t breakLabel, continueLabel;            // continueLabel 0: switch
    const std::vector<uint32_t>* slots = nullptr;  // a loop: its promoted locals stored inside it
    std::vector<Edge>* breaks = nullptr;
    std::vector<Edge>* continues = nullptr;
  };
  Edge edge(const std::vector<uint32_t>& slots) {
    Edge e{curLabel_, {}};
    for (uint32_t slot : slots) e.values.push_back(cur_[slot]);
    return e;
  }
  // Right after a block's label: the values of `slots` joined over the edges into it (an
  // OpPhi where they differ). With no edge the block is unreachable: `unreachableUndef`
  // makes the values undefined there. `loop`: the merge of that loop (no phi for a local
  // not read after it).
  void joinEdges(const std::vector<Edge>& edges, const std::vector<uint32_t>& slots, bool unreachableUndef,
                 Handle<Statement> loop);
  void emitLoop(Handle<Statement> hs);
  std::vector<Target> targets_;
  uint32_t curLabel_ = 0;  // the block being emitted

  // SSA promotion of locals (docs/design.md "Validation cost"): a scalar or vector local
  // read and written only by whole-value loads and stores, none of them inside a loop or
  // a switch, has no OpVariable; the emitter keeps its current value (a Load is that id, a
  // Store replaces it) and joins the values of an if's branches with OpPhi at the merge.
  static constexpr uint32_t kNotPromoted = ~0u;
  std::vector<uint32_t> slot_;          // per local: its slot, or kNotPromoted
  std::vector<Handle<Type>> slotType_;  // per slot: the local's type
  std::vector<uint32_t> slotLastLoad_;  // per slot: the position of its last Load (findPromotable)
  std::vector<uint32_t> stmtEnd_;       // per statement: the position of its last nested statement
  std::vector<uint8_t> stmtInLoop_;     // per statement: inside a loop (values flow around the back edge)
  std::vector<uint32_t> stmtPos_;       // per statement: its position in emission order
  // Per slot: the position of the first statement of the block every reference of the local
  // lies in, when the local's first reference is a Store in that block (~0u otherwise): a
  // construct around that block needs no phi for it (findPromotable).
  std::vector<uint32_t> slotScope_;
  bool scopedWithin(uint32_t slot, Handle<Statement> st) const {
    uint32_t b = slotScope_[slot];
    return b != ~0u && stmtPos_[st.index] < b && b <= stmtEnd_[st.index];
  }
  std::unordered_map<uint32_t, std::vector<uint32_t>> loopStores_;  // per Loop statement: locals stored in it
  std::vector<uint32_t> cur_;  // per slot: the current value id (0: undefined so far)
  // Inside an if's branches: every change to cur_ as (slot, previous value), so that a
  // branch's changes can be listed and undone in time proportional to them.
  std::vector<std::pair<uint32_t, uint32_t>> journal_;
  uint32_t ifDepth_ = 0;
  std::vector<uint32_t> seen_;  // per slot: the stamp of the last listing that met it
  uint32_t stamp_ = 0;
  struct Arm {
    bool open = false;                                  // the branch reaches the merge block
    uint32_t label = 0;                                 // the block it branches from
    std::vector<std::pair<uint32_t, uint32_t>> values;  // (slot, value at its end) of the slots it changed
  };
  void findPromotable();
  uint32_t promoted(Handle<Expression> pointer) const {
    if (slot_.empty() || !f_.expressions.contains(pointer)) return kNotPromoted;
    const Expression& p = ex(pointer);
    return p.kind == ExprKind::LocalVariable && p.local < slot_.size() ? slot_[p.local] : kNotPromoted;
  }
  // A read of a value that no store or initializer gave: an OpUndef, made on first need.
  uint32_t current(uint32_t slot) { return cur_[slot] ? cur_[slot] : e_.undefId(slotType_[slot]); }
  void setValue(uint32_t slot, uint32_t v) {
    if (ifDepth_) journal_.push_back({slot, cur_[slot]});
    cur_[slot] = v;
  }
  Arm closeArm(size_t mark);
  void mergeArms(const Arm& a, const Arm& b, Handle<Statement> ifStmt);

  const Expression& ex(Handle<Expression> h) const { return f_.expressions[h]; }
  const TypeArena& types() const { return e_.types_; }
  void put(spv::Op op, std::initializer_list<uint32_t> ops) {
    e_.put(body_, op, ops);
    bodyRanges_.push_back(range_);
  }
  void put(spv::Op op, const std::vector<uint32_t>& ops) {
    e_.put(body_, op, ops);
    bodyRanges_.push_back(range_);
  }
  uint32_t ty(Handle<Type> t) { return e_.typeId(t); }
  uint32_t tyOf(Handle<Expression> x) { return e_.typeId(ex(x).type); }
  void label(uint32_t l) {
    put(spv::Op::OpLabel, {l});
    open_ = true;
    curLabel_ = l;
  }
  void branch(uint32_t target) {
    if (!open_) return;
    put(spv::Op::OpBranch, {target});
    open_ = false;
  }
  uint32_t value(Handle<Expression> x);
  // OpLoad of the OpTypeSampledImage variable of a [[vk::combinedImageSampler]] image.
  uint32_t loadCombined(Handle<GlobalVariable> image) {
    uint32_t r = e_.id();
    put(spv::Op::OpLoad, {e_.sampledImageTypeId(e_.m_.globals[image].type), r, e_.globalId(image)});
    return r;
  }
  void evaluate(Handle<Expression> x);
  uint32_t glsl(uint32_t resultType, GLSLstd450 inst, std::initializer_list<uint32_t> args);
  uint32_t splatTo(uint32_t scalarId, Handle<Type> vecType);
  uint32_t binary(const Expression& x);
  uint32_t math(const Expression& x);
  uint32_t convert(const Expression& x);
  void block(Handle<Block> b);
  void statement(Handle<Statement> s);
  void subgroup(const Statement& s);
  void atomic(const Statement& s);
  void spirvInst(const Statement& s);
  std::vector<std::pair<uint32_t, const SpirvInstruction*>> inlineAt_;  // body index -> inline source
  void writeOutputs(Handle<Expression> value);
  uint32_t invertY(uint32_t val, Handle<Type> t, const Binding& b);
  uint32_t storedValue(const Statement& s);
  void unsupported(const std::string& what) { e_.error(DiagId::SpirvUnsupported, range_, {what}); }
  // The construct being emitted, for this emitter's diagnostics and the module's (OSH3007).
  void setRange(SourceRange r) {
    range_ = r;
    e_.curRange_ = r;
  }
};

uint32_t FunctionEmitter::glsl(uint32_t resultType, GLSLstd450 inst, std::initializer_list<uint32_t> args) {
  uint32_t r = e_.id();
  std::vector<uint32_t> ops{resultType, r, e_.glslExt(), uint32_t(inst)};
  ops.insert(ops.end(), args.begin(), args.end());
  put(spv::Op::OpExtInst, ops);
  return r;
}

uint32_t FunctionEmitter::splatTo(uint32_t scalarId, Handle<Type> vecType) {
  uint32_t n = componentCount(types(), vecType);
  if (n <= 1) return scalarId;
  uint32_t r = e_.id();
  std::vector<uint32_t> ops{ty(vecType), r};
  for (uint32_t i = 0; i < n; ++i) ops.push_back(scalarId);
  put(spv::Op::OpCompositeConstruct, ops);
  return r;
}

uint32_t FunctionEmitter::value(Handle<Expression> h) {
  if (!f_.expressions.contains(h)) {
    e_.error(DiagId::InternalError, range_, {"spir-v: expression handle out of range"});
    return 0;
  }
  const Expression& x = ex(h);
  switch (x.kind) {
    case ExprKind::Literal: return e_.literalId(x.literal);
    case ExprKind::Constant: return e_.constantId(x.constant);
    case ExprKind::ZeroValue: return e_.nullId(x.type);
    case ExprKind::GlobalVariable: {
      const GlobalVariable& gv = e_.m_.globals[x.global];
      if (gv.combinedImageSampler) {
        if (types()[gv.type].kind != TypeKind::Image) {
          // ImageSample takes the sampler of a combined image sampler itself; nothing else reads it.
          e_.error(DiagId::InternalError, range_,
                   {"spir-v: the sampler '" + gv.name + "' of a combined image sampler used alone"});
          return 0;
        }
        // The image of a combined image sampler (Load, GetDimensions, a sample with another
        // sampler): OpImage of the loaded sampled image, as DXC does.
        uint32_t si = loadCombined(x.global);
        uint32_t r = e_.id();
        put(spv::Op::OpImage, {ty(x.type), r, si});
        return r;
      }
      uint32_t g = e_.globalId(x.global);
      if (gv.space == AddressSpace::Handle) {
        // Handles are loaded where they are used.
        uint32_t r = e_.id();
        put(spv::Op::OpLoad, {ty(x.type), r, g});
        return r;
      }
      return g;
    }
    default: break;
  }
  if (!ids_[h.index]) {
    if (e_.failed_) return 0;  // an operand already failed with a coded error: no follow-on report
    e_.error(DiagId::InternalError, f_.exprRange(h),
             {"spir-v: expression %" + std::to_string(h.index) + " used before it is evaluated"});
    return 0;
  }
  return ids_[h.index];
}

uint32_t FunctionEmitter::convert(const Expression& x) {
  Handle<Type> srcT = ex(x.a).type;
  // 64-bit address <-> PhysicalStorage pointer (vk::BufferPointer).
  bool fromPtr = types()[srcT].kind == TypeKind::Pointer, toPtr = types()[x.type].kind == TypeKind::Pointer;
  if (fromPtr || toPtr) {
    uint32_t r = e_.id();
    put(toPtr ? spv::Op::OpConvertUToPtr : spv::Op::OpConvertPtrToU, {ty(x.type), r, value(x.a)});
    return r;
  }
  auto from = scalarOf(types(), srcT), to = scalarOf(types(), x.type);
  uint32_t a = value(x.a);
  if (!from || !to) {
    unsupported("conversion between non-numeric types");
    return 0;
  }
  uint32_t rt = ty(x.type);
  uint32_t r = e_.id();
  auto isF = [](Scalar s) { return s.kind == ScalarKind::Float; };
  if (*from == *to) return a;
  if (to->kind == ScalarKind::Bool) {
    uint32_t zero = splatTo(e_.scalarConstant(*from, 0.0, 0), srcT);
    put(isF(*from) ? spv::Op::OpFOrdNotEqual : spv::Op::OpINotEqual, {rt, r, a, zero});
    return r;
  }
  if (from->kind == ScalarKind::Bool) {
    uint32_t one = splatTo(e_.scalarConstant(*to, 1.0, 1), x.type);
    uint32_t zero = splatTo(e_.scalarConstant(*to, 0.0, 0), x.type);
    put(spv::Op::OpSelect, {rt, r, a, one, zero});
    return r;
  }
  if (isF(*from) && isF(*to))
    put(spv::Op::OpFConvert, {rt, r, a});
  else if (isF(*from))
    put(to->kind == ScalarKind::Sint ? spv::Op::OpConvertFToS : spv::Op::OpConvertFToU, {rt, r, a});
  else if (isF(*to))
    put(from->kind == ScalarKind::Sint ? spv::Op::OpConvertSToF : spv::Op::OpConvertUToF, {rt, r, a});
  else if (from->width == to->width)
    put(spv::Op::OpBitcast, {rt, r, a});
  else {
    // Width change keeps the source's signedness (sign- or zero-extension), then reinterpret.
    Handle<Type> mid = withScalar(e_.types_, srcT, Scalar{from->kind, to->width});
    uint32_t m = e_.id();
    put(from->kind == ScalarKind::Sint ? spv::Op::OpSConvert : spv::Op::OpUConvert, {ty(mid), m, a});
    if (from->kind == to->kind) return m;
    put(spv::Op::OpBitcast, {rt, r, m});
  }
  return r;
}

uint32_t FunctionEmitter::binary(const Expression& x) {
  BinaryOp op = BinaryOp(x.op);
  Handle<Type> ta = ex(x.a).type, tb = ex(x.b).type;
  const Type A = types()[ta], B = types()[tb];
  uint32_t a = value(x.a), b = value(x.b);
  uint32_t rt = ty(x.type);
  uint32_t r = e_.id();
  Scalar s = A.scalar;
  bool f = s.kind == ScalarKind::Float;
  if (op == BinaryOp::Multiply && f) {
    if (A.kind == TypeKind::Matrix && B.kind == TypeKind::Vector)
      return put(spv::Op::OpMatrixTimesVector, {rt, r, a, b}), r;
    if (A.kind == TypeKind::Vector && B.kind == TypeKind::Matrix)
      return put(spv::Op::OpVectorTimesMatrix, {rt, r, a, b}), r;
    if (A.kind == TypeKind::Matrix && B.kind == TypeKind::Matrix)
      return put(spv::Op::OpMatrixTimesMatrix, {rt, r, a, b}), r;
    if (A.kind == TypeKind::Matrix && B.kind == TypeKind::Scalar)
      return put(spv::Op::OpMatrixTimesScalar, {rt, r, a, b}), r;
    if (A.kind == TypeKind::Scalar && B.kind == TypeKind::Matrix)
      return put(spv::Op::OpMatrixTimesScalar, {rt, r, b, a}), r;
    if (A.kind == TypeKind::Vector && B.kind == TypeKind::Scalar)
      return put(spv::Op::OpVectorTimesScalar, {rt, r, a, b}), r;
    if (A.kind == TypeKind::Scalar && B.kind == TypeKind::Vector)
      return put(spv::Op::OpVectorTimesScalar, {rt, r, b, a}), r;
  }
  bool shift = op == BinaryOp::ShiftLeft || op == BinaryOp::ShiftRight;
  // scalar (op) vector: splat the scalar.
  if (!shift && A.kind == TypeKind::Scalar && B.kind == TypeKind::Vector) a = splatTo(a, tb);
  if (!shift && B.kind == TypeKind::Scalar && A.kind == TypeKind::Vector) b = splatTo(b, ta);
  if (shift && B.kind == TypeKind::Scalar && A.kind == TypeKind::Vector)
    b = splatTo(b, withScalar(e_.types_, ta, B.scalar));
  if (op == BinaryOp::Modulo && s.kind == ScalarKind::Sint) {
    // HLSL's signed % truncates (the result has the dividend's sign), but Vulkan leaves
    // OpSRem and OpSMod undefined when an operand is negative (the NVIDIA H200 returns the
    // unsigned remainder). a - (a / b) * b with OpSDiv, which Vulkan defines, is exact.
    uint32_t q = e_.id(), m = e_.id();
    put(spv::Op::OpSDiv, {rt, q, a, b});
    put(spv::Op::OpIMul, {rt, m, q, b});
    put(spv::Op::OpISub, {rt, r, a, m});
    return r;
  }
  spv::Op o = binaryOpcode(op, s);
  put(o, {rt, r, a, b});
  return r;
}

uint32_t FunctionEmitter::math(const Expression& x) {
  MathFunction fn = MathFunction(x.op);
  uint32_t rt = ty(x.type);
  Handle<Type> at = ex(x.a).type;
  Scalar s = scalarOf(types(), at).value_or(Scalar::f32());
  bool fl = s.kind == ScalarKind::Float, sg = s.kind == ScalarKind::Sint;
  uint32_t a = value(x.a);
  uint32_t b = x.b.valid() ? value(x.b) : 0, c = x.c.valid() ? value(x.c) : 0;
  auto one = [&](GLSLstd450 i) { return glsl(rt, i, {a}); };
  auto two = [&](GLSLstd450 i) { return glsl(rt, i, {a, b}); };
  auto three = [&](GLSLstd450 i) { return glsl(rt, i, {a, b, c}); };
  auto plain = [&](spv::Op op) {
    uint32_t r = e_.id();
    put(op, {rt, r, a});
    return r;
  };
  if (fn >= MathFunction::Ddx && fn <= MathFunction::Fwidth)
    e_.requireDerivatives(std::string("'") + mathFunctionName(fn) + "'", range_);
  // What GLSL.std.450 has no one instruction for; every other row is math.def's.
  switch (fn) {
    case MathFunction::Saturate: {
      uint32_t z = splatTo(e_.scalarConstant(s, 0.0, 0), at), o = splatTo(e_.scalarConstant(s, 1.0, 1), at);
      return glsl(rt, GLSLstd450FClamp, {a, z, o});
    }
    case MathFunction::Mad: {
      if (fl) return three(GLSLstd450Fma);
      uint32_t m = e_.id();
      put(spv::Op::OpIMul, {rt, m, a, b});
      uint32_t r = e_.id();
      put(spv::Op::OpIAdd, {rt, r, m, c});
      return r;
    }
    case MathFunction::Dot: {
      if (fl) {
        uint32_t r = e_.id();
        put(spv::Op::OpDot, {rt, r, a, b});
        return r;
      }
      // Integer dot product: multiply, then add the components.
      uint32_t m = e_.id();
      put(spv::Op::OpIMul, {ty(at), m, a, b});
      uint32_t n = componentCount(types(), at), acc = 0;
      for (uint32_t i = 0; i < n; ++i) {
        uint32_t c2 = e_.id();
        put(spv::Op::OpCompositeExtract, {rt, c2, m, i});
        if (!acc)
          acc = c2;
        else {
          uint32_t s2 = e_.id();
          put(spv::Op::OpIAdd, {rt, s2, acc, c2});
          acc = s2;
        }
      }
      return acc;
    }
    case MathFunction::Transpose: return plain(spv::Op::OpTranspose);
    case MathFunction::CountOneBits: return plain(spv::Op::OpBitCount);
    case MathFunction::ReverseBits: return plain(spv::Op::OpBitReverse);
    case MathFunction::Ddx: return plain(spv::Op::OpDPdx);
    case MathFunction::Ddy: return plain(spv::Op::OpDPdy);
    case MathFunction::Fwidth: return plain(spv::Op::OpFwidth);
    case MathFunction::DdxFine: e_.cap(spv::Capability::DerivativeControl); return plain(spv::Op::OpDPdxFine);
    case MathFunction::DdyFine: e_.cap(spv::Capability::DerivativeControl); return plain(spv::Op::OpDPdyFine);
    case MathFunction::DdxCoarse: e_.cap(spv::Capability::DerivativeControl); return plain(spv::Op::OpDPdxCoarse);
    case MathFunction::DdyCoarse: e_.cap(spv::Capability::DerivativeControl); return plain(spv::Op::OpDPdyCoarse);
    case MathFunction::Modf:
    case MathFunction::Frexp:
      // The result type is the IR's two-member struct (ir.hpp "Modf and Frexp").
      if (!x.b.valid() && types()[x.type].kind == TypeKind::Struct)
        return one(fn == MathFunction::Modf ? GLSLstd450ModfStruct : GLSLstd450FrexpStruct);
      unsupported(std::string("math function '") + mathFunctionName(fn) + "'");
      return 0;
    default: break;
  }
  static const GLSLstd450 kGlsl[][3] = {
#define MATH(e, name, result, msl, wgsl, f, si, u) {GLSLstd450##f, GLSLstd450##si, GLSLstd450##u},
#include "ir/math.def"
#undef MATH
  };
  GLSLstd450 inst = kGlsl[size_t(fn)][fl ? 0 : sg ? 1 : 2];
  // HLSL's float min/max return the other operand when one is NaN (NMin/NMax, as DXC);
  // -ffinite-math-only promises no NaN, and FMin/FMax are enough.
  if (e_.opt_.finiteMathOnly && inst == GLSLstd450NMin) inst = GLSLstd450FMin;
  if (e_.opt_.finiteMathOnly && inst == GLSLstd450NMax) inst = GLSLstd450FMax;
  if (inst != GLSLstd450Bad) return x.c.valid() ? three(inst) : x.b.valid() ? two(inst) : one(inst);
  unsupported(std::string("math function '") + mathFunctionName(fn) + "'");
  return 0;
}

// Capabilities for indexing an array of resources (SPIR-V 2.16 / Vulkan "descriptor
// indexing"): a non-constant index needs <class>ArrayDynamicIndexing, a non-uniform one
// (NonUniformResourceIndex) ShaderNonUniform and <class>ArrayNonUniformIndexing. Texel-buffer
// classes and every non-uniform capability are SPIR-V 1.5 core or SPV_EXT_descriptor_indexing.
void FunctionEmitter::arrayIndexCapabilities(const Expression& x) {
  const GlobalVariable& g = e_.m_.globals[ex(x.a).global];
  bool dynamic = x.kind == ExprKind::Access, nu = x.nonUniform;
  if (!dynamic && !nu) return;
  using C = spv::Capability;
  C dyn = C::SampledImageArrayDynamicIndexing, non = C::SampledImageArrayNonUniformIndexing;
  bool ext = nu;
  const Type& et = types()[types()[g.type].base];
  if (g.space == AddressSpace::Storage) {
    dyn = C::StorageBufferArrayDynamicIndexing, non = C::StorageBufferArrayNonUniformIndexing;
  } else if (g.space == AddressSpace::Uniform) {
    dyn = C::UniformBufferArrayDynamicIndexing, non = C::UniformBufferArrayNonUniformIndexing;
  } else if (et.kind == TypeKind::Image && et.image.dim == ImageDim::Buffer) {
    bool storage = et.image.cls == ImageClass::Storage;
    dyn = storage ? C::StorageTexelBufferArrayDynamicIndexing : C::UniformTexelBufferArrayDynamicIndexing;
    non = storage ? C::StorageTexelBufferArrayNonUniformIndexing : C::UniformTexelBufferArrayNonUniformIndexing;
    ext |= dynamic;
  } else if (et.kind == TypeKind::Image && et.image.cls == ImageClass::Storage) {
    dyn = C::StorageImageArrayDynamicIndexing, non = C::StorageImageArrayNonUniformIndexing;
  }
  if (dynamic) e_.cap(dyn);
  if (nu) e_.cap(C::ShaderNonUniform), e_.cap(non);
  if (ext && spirvVersionFor(e_.opt_.env) < 0x00010500) e_.exts_.insert("SPV_EXT_descriptor_indexing");
}

void FunctionEmitter::evaluate(Handle<Expression> h) {
  const Expression& x = ex(h);
  setRange(f_.exprRange(h));
  uint32_t r = 0;
  auto simple = [&](spv::Op op, std::initializer_list<uint32_t> operands) {
    r = e_.id();
    std::vector<uint32_t> ops{ty(x.type), r};
    ops.insert(ops.end(), operands.begin(), operands.end());
    put(op, ops);
  };
  switch (x.kind) {
    case ExprKind::Compose: {
      std::vector<uint32_t> parts;
      for (uint32_t k = 0; k < x.operands.count; ++k) parts.push_back(value(f_.operands[x.operands.first + k]));
      r = e_.id();
      std::vector<uint32_t> ops{ty(x.type), r};
      ops.insert(ops.end(), parts.begin(), parts.end());
      put(spv::Op::OpCompositeConstruct, ops);
      break;
    }
    case ExprKind::Splat: r = splatTo(value(x.a), x.type); break;
    case ExprKind::Swizzle: {
      uint32_t v = value(x.a);
      uint32_t n = componentCount(types(), x.type);
      if (types()[x.type].kind == TypeKind::Scalar) {
        simple(spv::Op::OpCompositeExtract, {v, swizzleComponent(x.index, 0)});
      } else {
        r = e_.id();
        std::vector<uint32_t> ops{ty(x.type), r, v, v};
        for (uint32_t i = 0; i < n; ++i) ops.push_back(swizzleComponent(x.index, i));
        put(spv::Op::OpVectorShuffle, ops);
      }
      break;
    }
    case ExprKind::Access:
    case ExprKind::AccessIndex: {
      Handle<Type> bt = ex(x.a).type;
      bool ptr = types()[bt].kind == TypeKind::Pointer;
      const Expression& bx = ex(x.a);
      bool nu = x.nonUniform || nonUniform_[x.a.index];
      nonUniform_[h.index] = nu;
      if (bx.kind == ExprKind::GlobalVariable && e_.m_.globals.contains(bx.global) &&
          e_.m_.globals[bx.global].resource != ResourceKind::None &&
          types()[e_.m_.globals[bx.global].type].kind == TypeKind::Array)
        arrayIndexCapabilities(x);
      if (bx.kind == ExprKind::GlobalVariable && e_.m_.globals.contains(bx.global) &&
          e_.m_.globals[bx.global].space == AddressSpace::Handle) {
        // An element of an array of images / samplers: an access chain into the
        // UniformConstant variable, loaded here (ir.hpp, ARRAYS OF RESOURCES).
        uint32_t idx = x.kind == ExprKind::Access ? value(x.b) : e_.constantU32(x.index);
        uint32_t p = e_.id();
        put(spv::Op::OpAccessChain,
            {e_.pointerTypeId(x.type, spv::StorageClass::UniformConstant), p, e_.globalId(bx.global), idx});
        if (nu) e_.decorate(p, spv::Decoration::NonUniform);
        simple(spv::Op::OpLoad, {p});
        break;
      }
      uint32_t base = value(x.a);
      if (ptr) {
        uint32_t idx = x.kind == ExprKind::Access ? value(x.b) : e_.constantU32(x.index);
        simple(spv::Op::OpAccessChain, {base, idx});
      } else if (x.kind == ExprKind::AccessIndex) {
        simple(spv::Op::OpCompositeExtract, {base, x.index});
      } else if (types()[bt].kind == TypeKind::Vector) {
        simple(spv::Op::OpVectorExtractDynamic, {base, value(x.b)});
      } else {
        // Dynamic index into an array/matrix value: go through a Function temporary.
        uint32_t tmp = spillVars_[h.index];
        put(spv::Op::OpStore, {tmp, base});
        uint32_t p = e_.id();
        put(spv::Op::OpAccessChain, {e_.pointerTypeId(x.type, spv::StorageClass::Function), p, tmp, value(x.b)});
        simple(spv::Op::OpLoad, {p});
      }
      break;
    }
    case ExprKind::Load:
      if (uint32_t slot = promoted(x.a); slot != kNotPromoted) {
        ids_[h.index] = current(slot);
        return;
      }
      nonUniform_[h.index] = nonUniform_[x.a.index];
      if (uint32_t align = e_.physicalAlign(ex(x.a).type, x.align)) {
        simple(spv::Op::OpLoad, {value(x.a), uint32_t(spv::MemoryAccessMask::Aligned), align});
        break;
      }
      simple(spv::Op::OpLoad, {value(x.a)});
      break;
    case ExprKind::Unary: {
      auto s = scalarOf(types(), x.type);
      uint32_t a = value(x.a);
      switch (UnaryOp(x.op)) {
        case UnaryOp::Negate:
          simple(s && s->kind == ScalarKind::Float ? spv::Op::OpFNegate : spv::Op::OpSNegate, {a});
          break;
        case UnaryOp::LogicalNot: simple(spv::Op::OpLogicalNot, {a}); break;
        case UnaryOp::BitwiseNot:
          simple(s && s->kind == ScalarKind::Bool ? spv::Op::OpLogicalNot : spv::Op::OpNot, {a});
          break;
      }
      break;
    }
    case ExprKind::Binary: r = binary(x); break;
    case ExprKind::Select: {
      uint32_t c = value(x.a), a = value(x.b), b = value(x.c);
      // Before SPIR-V 1.4 a scalar condition cannot select vectors: splat it.
      if (types()[ex(x.a).type].kind == TypeKind::Scalar && types()[x.type].kind == TypeKind::Vector)
        c = splatTo(c, withScalar(e_.types_, x.type, Scalar::boolean()));
      simple(spv::Op::OpSelect, {c, a, b});
      break;
    }
    case ExprKind::Convert: r = convert(x); break;
    case ExprKind::Bitcast: simple(spv::Op::OpBitcast, {value(x.a)}); break;
    case ExprKind::Math: r = math(x); break;
    case ExprKind::Relational: {
      uint32_t a = value(x.a);
      bool vec = types()[ex(x.a).type].kind == TypeKind::Vector;
      switch (RelationalFunction(x.op)) {
        case RelationalFunction::All:
          if (vec)
            simple(spv::Op::OpAll, {a});
          else
            r = a;
          break;
        case RelationalFunction::Any:
          if (vec)
            simple(spv::Op::OpAny, {a});
          else
            r = a;
          break;
        case RelationalFunction::IsNan: simple(spv::Op::OpIsNan, {a}); break;
        case RelationalFunction::IsInf: simple(spv::Op::OpIsInf, {a}); break;
      }
      break;
    }
    case ExprKind::ArrayLength: {
      const Expression& p = ex(x.a);
      if (p.kind != ExprKind::AccessIndex || types()[ex(p.a).type].kind != TypeKind::Pointer) {
        unsupported("array length of a runtime array that is not a buffer block member");
        break;
      }
      simple(spv::Op::OpArrayLength, {value(p.a), p.index});
      break;
    }
    case ExprKind::ImageSample:
    case ExprKind::ImageQueryLod: {
      // DXC's shapes: Sample/SampleBias/SampleCmp/SampleCmpBias have an implicit level of
      // detail, SampleLevel/SampleGrad/SampleCmpLevelZero/SampleCmpLevel/SampleCmpGrad an
      // explicit one; gathers are OpImage[Dref]Gather; the `status` overloads the
      // OpImageSparse* forms (a struct of the residency code and the texel). Image operands
      // follow in mask-bit order (Bias, Lod, Grad, ConstOffset, Offset, ConstOffsets, MinLod).
      bool query = x.kind == ExprKind::ImageQueryLod;
      if (query || sampleIsImplicitLod(x.sample)) {
        // Implicit level of detail needs derivatives (Emitter::requireDerivatives).
        static const char* const kMethod[] = {
            "Sample",        "SampleLevel",   "SampleBias",     "SampleGrad", "SampleCmp", "SampleCmpLevelZero",
            "SampleCmpBias", "SampleCmpGrad", "SampleCmpLevel", "Gather",     "GatherCmp"};
        std::string what = query
                               ? std::string(x.index ? "a CalculateLevelOfDetailUnclamped" : "a CalculateLevelOfDetail")
                               : std::string("a ") + kMethod[uint32_t(x.sample)] + " with an implicit level of detail";
        if (!e_.requireDerivatives(what, range_)) break;
      }
      // [[vk::combinedImageSampler]] (ir.hpp): the image with its partner sampler is the loaded
      // combined image sampler itself; the image with another sampler is OpImage of it, then
      // OpSampledImage as usual (DXC, through spirv-opt's convert-to-sampled-image). The
      // partner sampler has no variable of its own, so it cannot sample another image.
      const Expression& ia = ex(x.a);
      const Expression& sb = ex(x.b);
      const GlobalVariable* sg = sb.kind == ExprKind::GlobalVariable ? &e_.m_.globals[sb.global] : nullptr;
      uint32_t si = 0;
      if (sg && sg->combinedImageSampler) {
        if (ia.kind != ExprKind::GlobalVariable || ia.global != sg->combined) {
          bool element = (ia.kind == ExprKind::Access || ia.kind == ExprKind::AccessIndex) &&
                         ex(ia.a).kind == ExprKind::GlobalVariable;
          std::string other = ia.kind == ExprKind::GlobalVariable ? "'" + e_.m_.globals[ia.global].name + "'"
                              : element ? "an element of '" + e_.m_.globals[ex(ia.a).global].name + "'"
                                        : "a texture";
          std::string partner = sg->combined.valid() ? "'" + e_.m_.globals[sg->combined].name + "'" : "its texture";
          unsupported("sampling " + other + " with '" + sg->name + "', the [[vk::combinedImageSampler]] sampler of " +
                      partner + ",");
          break;
        }
        si = loadCombined(ia.global);
      } else {
        uint32_t img = value(x.a), smp = value(x.b);
        si = e_.id();
        put(spv::Op::OpSampledImage, {e_.sampledImageTypeId(ex(x.a).type), si, img, smp});
      }
      uint32_t coord = value(x.c);
      // The sampled image is the resource operand of the sample: NonUniform when either
      // part came from a non-uniform index (Vulkan's rule for non-uniform descriptor access).
      if (nonUniform_[x.a.index] || nonUniform_[x.b.index]) e_.decorate(si, spv::Decoration::NonUniform);
      if (query) {
        // OpImageQueryLod gives (clamped, unclamped) as a float2 (DXC: then OpCompositeExtract).
        e_.cap(spv::Capability::ImageQuery);
        uint32_t q = e_.id();
        put(spv::Op::OpImageQueryLod, {ty(e_.types_.vector(Scalar::f32(), 2)), q, si, coord});
        simple(spv::Op::OpCompositeExtract, {q, x.index});
        break;
      }
      std::vector<uint32_t> ops{si, coord};
      bool dref = sampleIsCompare(x.sample);
      if (x.sample == SampleKind::Gather) ops.push_back(e_.literalId(Literal::i32(int32_t(x.index))));
      if (dref) ops.push_back(value(x.depthRef));
      uint32_t mask = 0;
      std::vector<uint32_t> extra;
      if (x.bias.valid()) {
        mask |= uint32_t(spv::ImageOperandsMask::Bias);
        extra.push_back(value(x.bias));
      }
      if (x.d.valid()) {
        mask |= uint32_t(spv::ImageOperandsMask::Lod);
        extra.push_back(value(x.d));
      }
      if (x.sample == SampleKind::CompareLevelZero) {
        mask |= uint32_t(spv::ImageOperandsMask::Lod);
        extra.push_back(e_.literalId(Literal::f32(0.0f)));
      }
      if (x.gradX.valid()) {
        mask |= uint32_t(spv::ImageOperandsMask::Grad);
        extra.push_back(value(x.gradX));
        extra.push_back(value(x.gradY));
      }
      if (x.offset.valid()) {
        // Four gather offsets are a constant array (ConstOffsets).
        bool four = types()[e_.m_.constants[x.offset].type].kind == TypeKind::Array;
        mask |= uint32_t(four ? spv::ImageOperandsMask::ConstOffsets : spv::ImageOperandsMask::ConstOffset);
        if (four) e_.cap(spv::Capability::ImageGatherExtended);
        extra.push_back(e_.constantId(x.offset));
      }
      if (x.dynOffset.valid()) {
        // A gather's non-constant offset (Vulkan: shaderImageGatherExtended).
        mask |= uint32_t(spv::ImageOperandsMask::Offset);
        e_.cap(spv::Capability::ImageGatherExtended);
        extra.push_back(value(x.dynOffset));
      }
      if (x.minLod.valid()) {
        mask |= uint32_t(spv::ImageOperandsMask::MinLod);
        e_.cap(spv::Capability::MinLod);
        extra.push_back(value(x.minLod));
      }
      // DXC writes the (empty) mask on the sparse forms.
      if (mask || x.sparse) {
        ops.push_back(mask);
        ops.insert(ops.end(), extra.begin(), extra.end());
      }
      bool sp = x.sparse;
      if (sp) e_.cap(spv::Capability::SparseResidency);
      spv::Op op;
      switch (x.sample) {
        case SampleKind::Gather: op = sp ? spv::Op::OpImageSparseGather : spv::Op::OpImageGather; break;
        case SampleKind::GatherCompare: op = sp ? spv::Op::OpImageSparseDrefGather : spv::Op::OpImageDrefGather; break;
        case SampleKind::Compare:
        case SampleKind::CompareBias:
          op = sp ? spv::Op::OpImageSparseSampleDrefImplicitLod : spv::Op::OpImageSampleDrefImplicitLod;
          break;
        case SampleKind::CompareLevelZero:
        case SampleKind::CompareLevel:
        case SampleKind::CompareGrad:
          op = sp ? spv::Op::OpImageSparseSampleDrefExplicitLod : spv::Op::OpImageSampleDrefExplicitLod;
          break;
        default:
          op = sampleIsImplicitLod(x.sample)
                   ? (sp ? spv::Op::OpImageSparseSampleImplicitLod : spv::Op::OpImageSampleImplicitLod)
                   : (sp ? spv::Op::OpImageSparseSampleExplicitLod : spv::Op::OpImageSampleExplicitLod);
          break;
      }
      r = e_.id();
      ops.insert(ops.begin(), {ty(x.type), r});
      put(op, ops);
      break;
    }
    case ExprKind::ImageSparseResident:
      e_.cap(spv::Capability::SparseResidency);
      simple(spv::Op::OpImageSparseTexelsResident, {value(x.a)});
      break;
    case ExprKind::ImageLoad: {
      uint32_t img = value(x.a), coord = value(x.b);
      const Type& it = types()[ex(x.a).type];
      bool sp = x.sparse;
      if (sp) e_.cap(spv::Capability::SparseResidency);
      std::vector<uint32_t> ops{img, coord};
      uint32_t mask = 0;
      std::vector<uint32_t> extra;
      if (x.c.valid() && it.image.cls != ImageClass::Storage && !it.image.multisampled) {
        mask |= uint32_t(spv::ImageOperandsMask::Lod);
        extra.push_back(value(x.c));
      }
      if (x.offset.valid()) {
        mask |= uint32_t(spv::ImageOperandsMask::ConstOffset);
        extra.push_back(e_.constantId(x.offset));
      }
      if (x.c.valid() && it.image.multisampled) {
        mask |= uint32_t(spv::ImageOperandsMask::Sample);
        extra.push_back(value(x.c));
      }
      if (mask || sp) {
        ops.push_back(mask);
        ops.insert(ops.end(), extra.begin(), extra.end());
      }
      r = e_.id();
      ops.insert(ops.begin(), {ty(x.type), r});
      // A subpass input is read (OpImageRead at its (0, 0) coordinate), as a storage image is.
      bool read = it.image.cls == ImageClass::Storage || it.image.dim == ImageDim::SubpassData;
      put(read ? (sp ? spv::Op::OpImageSparseRead : spv::Op::OpImageRead)
               : (sp ? spv::Op::OpImageSparseFetch : spv::Op::OpImageFetch),
          ops);
      break;
    }
    case ExprKind::ImageQueryLevels:
      e_.cap(spv::Capability::ImageQuery);
      simple(spv::Op::OpImageQueryLevels, {value(x.a)});
      break;
    case ExprKind::ImageQuerySamples:
      e_.cap(spv::Capability::ImageQuery);
      simple(spv::Op::OpImageQuerySamples, {value(x.a)});
      break;
    case ExprKind::ImageQuerySize: {
      e_.cap(spv::Capability::ImageQuery);
      uint32_t img = value(x.a);
      if (x.b.valid())
        simple(spv::Op::OpImageQuerySizeLod, {img, value(x.b)});
      else
        simple(spv::Op::OpImageQuerySize, {img});
      break;
    }
    default: return;  // not emitted
  }
  if (r && nonUniform_[h.index]) e_.decorate(r, spv::Decoration::NonUniform);
  ids_[h.index] = r;
}

// ---------------------------------------------------------------- statements

void FunctionEmitter::block(Handle<Block> b) {
  if (!f_.blocks.contains(b)) return;
  for (Handle<Statement> s : f_.blocks[b].stmts) {
    if (!open_) break;  // the rest of the block is unreachable
    statement(s);
  }
}

void FunctionEmitter::subgroup(const Statement& s) {
  SubgroupOp op = SubgroupOp(s.op);
  if (!e_.requireSubgroups(subgroupHlslName(op, s.collective), range_)) {
    ids_[s.result.index] = e_.id();  // keep going to report more
    return;
  }
  e_.subgroupFeatures_ |= subgroupFeatureOf(op);
  Handle<Type> rtH = ex(s.result).type;
  uint32_t rt = ty(rtH);
  uint32_t scope = e_.constantU32(uint32_t(spv::Scope::Subgroup));
  uint32_t r = e_.id();
  uint32_t arg = s.a.valid() ? value(s.a) : 0;
  spv::GroupOperation gop = spv::GroupOperation::Reduce;
  if (s.collective == CollectiveOp::InclusiveScan) gop = spv::GroupOperation::InclusiveScan;
  if (s.collective == CollectiveOp::ExclusiveScan) gop = spv::GroupOperation::ExclusiveScan;
  Scalar sc = s.a.valid() ? scalarOf(types(), ex(s.a).type).value_or(Scalar::u32()) : Scalar::u32();
  // The opcode by operand kind from ir/subgroups.def; the capability from the feature.
  const spv::Op o = spv::Op(subgroupSpirvOp(op, sc.kind));
  switch (subgroupFeatureOf(op)) {
    case vk::SubgroupBasic: e_.cap(spv::Capability::GroupNonUniform); break;
    case vk::SubgroupVote: e_.cap(spv::Capability::GroupNonUniformVote); break;
    case vk::SubgroupArithmetic: e_.cap(spv::Capability::GroupNonUniformArithmetic); break;
    case vk::SubgroupBallot: e_.cap(spv::Capability::GroupNonUniformBallot); break;
    case vk::SubgroupShuffle: e_.cap(spv::Capability::GroupNonUniformShuffle); break;
    case vk::SubgroupShuffleRelative: e_.cap(spv::Capability::GroupNonUniformShuffleRelative); break;
    case vk::SubgroupQuad: e_.cap(spv::Capability::GroupNonUniformQuad); break;
    case vk::SubgroupPartitionedNV:
      e_.cap(spv::Capability::GroupNonUniform);
      e_.cap(spv::Capability::GroupNonUniformPartitionedNV);
      e_.exts_.insert("SPV_NV_shader_subgroup_partitioned");
      break;
    default: break;
  }
  // The operands by shape.
  switch (op) {
    case SubgroupOp::Elect: put(o, {rt, r, scope}); break;
    case SubgroupOp::Ballot: put(o, {rt, r, scope, arg ? arg : e_.literalId(Literal::boolean(true))}); break;
    case SubgroupOp::BallotBitCount: put(o, {rt, r, scope, uint32_t(gop), arg}); break;
    case SubgroupOp::Broadcast:
    case SubgroupOp::Shuffle:
    case SubgroupOp::ShuffleXor:
    case SubgroupOp::ShuffleUp:
    case SubgroupOp::ShuffleDown:
    case SubgroupOp::QuadBroadcast: put(o, {rt, r, scope, arg, value(s.b)}); break;
    case SubgroupOp::QuadSwapX:
    case SubgroupOp::QuadSwapY:
    case SubgroupOp::QuadSwapDiagonal: {
      uint32_t dir = op == SubgroupOp::QuadSwapX ? 0 : op == SubgroupOp::QuadSwapY ? 1 : 2;
      put(o, {rt, r, scope, arg, e_.constantU32(dir)});
      break;
    }
    case SubgroupOp::Partition: put(o, {rt, r, arg}); break;
    case SubgroupOp::PartitionedAdd:
    case SubgroupOp::PartitionedMul:
    case SubgroupOp::PartitionedAnd:
    case SubgroupOp::PartitionedOr:
    case SubgroupOp::PartitionedXor:
      // SPV_NV_shader_subgroup_partitioned: the group operation PartitionedExclusiveScanNV
      // with the partition's ballot as the last operand (DXC's WaveMultiPrefix* mapping).
      put(o, {rt, r, scope, uint32_t(spv::GroupOperation::PartitionedExclusiveScanNV), arg, value(s.b)});
      break;
    case SubgroupOp::All:
    case SubgroupOp::Any:
    case SubgroupOp::AllEqual:
    case SubgroupOp::BroadcastFirst: put(o, {rt, r, scope, arg}); break;
    default: put(o, {rt, r, scope, uint32_t(gop), arg}); break;  // Add ... Xor (vk::SubgroupArithmetic)
  }
  ids_[s.result.index] = r;
}

void FunctionEmitter::atomic(const Statement& s) {
  Handle<Type> pt = ex(s.a).type;
  const Type& P = types()[pt];
  Scalar sc = scalarOf(types(), P.base).value_or(Scalar::u32());
  if (sc.width == 64) e_.cap(spv::Capability::Int64Atomics);
  uint32_t scope =
      e_.constantU32(uint32_t(P.space == AddressSpace::WorkGroup ? spv::Scope::Workgroup : spv::Scope::Device));
  uint32_t relaxed = e_.constantU32(0);
  uint32_t ptr = value(s.a), val = value(s.b);
  uint32_t rt = e_.scalarTypeId(sc);
  uint32_t r = e_.id();
  bool sg = sc.kind == ScalarKind::Sint;
  const AtomicInfo& info = atomicInfo(AtomicOp(s.op));
  spv::Op op = spv::Op(sg ? info.spirvSint : info.spirvUint);
  if (AtomicOp(s.op) == AtomicOp::CompareExchange) {
    put(op, {rt, r, ptr, scope, relaxed, relaxed, val, value(s.c)});
    if (s.result.valid()) ids_[s.result.index] = r;
    return;
  }
  put(op, {rt, r, ptr, scope, relaxed, val});
  if (s.result.valid()) ids_[s.result.index] = r;
}

// Inline SPIR-V: operands resolved here, the instruction encoded by the Emitter.
void FunctionEmitter::spirvInst(const Statement& s) {
  if (s.index >= f_.spirvInsts.size()) {
    e_.error(DiagId::InternalError, range_, {"spir-v: inline instruction index out of range"});
    return;
  }
  const SpirvInstruction& in = f_.spirvInsts[s.index];
  std::vector<uint32_t> words;
  for (const SpirvOperand& o : in.operands) {
    if (o.kind == SpirvOperand::Kind::Id)
      words.push_back(value(o.value));
    else if (o.kind == SpirvOperand::Kind::TypeId)
      words.push_back(ty(o.type));
    else
      words.insert(words.end(), o.words.begin(), o.words.end());
  }
  uint32_t rt = in.resultType.valid() ? ty(in.resultType) : 0;
  uint32_t before = body_.count;
  uint32_t r = e_.inlineInstruction(in, words, rt, body_);
  if (body_.count > before) {
    bodyRanges_.push_back(range_);
    inlineAt_.push_back({before, &in});
  }
  if (s.result.valid()) ids_[s.result.index] = r;
  // OpEmitMeshTasksEXT (DispatchMesh), OpIgnoreIntersectionKHR (IgnoreHit) and
  // OpTerminateRayKHR (AcceptHitAndEndSearch) end their block: the rest of it is unreachable.
  if (in.placement == SpirvInstruction::Placement::Body && in.set.empty() &&
      (in.opcode == uint32_t(spv::Op::OpEmitMeshTasksEXT) || in.opcode == uint32_t(spv::Op::OpIgnoreIntersectionKHR) ||
       in.opcode == uint32_t(spv::Op::OpTerminateRayKHR)))
    open_ = false;
}

// -fvk-invert-y (DXC's shape): the y of a float4 position output negated. Vulkan's
// framebuffer y grows downwards, DirectX's (and Metal's and WebGPU's) upwards.
uint32_t FunctionEmitter::invertY(uint32_t val, Handle<Type> t, const Binding& b) {
  Stage st = e_.ep_.stage;
  if (!e_.opt_.invertY || !b.isBuiltin() || b.builtin != BuiltIn::Position ||
      !(st == Stage::Vertex || st == Stage::Domain || st == Stage::Geometry || st == Stage::Mesh))
    return val;
  std::optional<Scalar> s = scalarOf(types(), t);
  if (!s || componentCount(types(), t) != 4) return val;
  uint32_t sc = e_.scalarTypeId(*s);
  uint32_t old = e_.id(), nv = e_.id(), r = e_.id();
  put(spv::Op::OpCompositeExtract, {sc, old, val, 1});
  put(spv::Op::OpFNegate, {sc, nv, old});
  put(spv::Op::OpCompositeInsert, {ty(t), r, nv, val, 1});
  return r;
}

// The value a Store writes: -fvk-invert-y on a store to a Position output variable (the
// stages whose interface lowering writes Output globals: geometry's Append, ...).
uint32_t FunctionEmitter::storedValue(const Statement& s) {
  uint32_t v = value(s.b);
  const Expression* pp = &ex(s.a);
  // A mesh shader's Position output is an array: an element of it is written.
  while (e_.opt_.invertY && (pp->kind == ExprKind::Access || pp->kind == ExprKind::AccessIndex) &&
         e_.ep_.stage == Stage::Mesh && componentCount(types(), ex(s.b).type) == 4)
    pp = &ex(pp->a);
  const Expression& p = *pp;
  if (!e_.opt_.invertY || p.kind != ExprKind::GlobalVariable || !e_.m_.globals.contains(p.global)) return v;
  const GlobalVariable& g = e_.m_.globals[p.global];
  if (g.space != AddressSpace::Output || g.spirvBuiltin != uint32_t(spv::BuiltIn::Position)) return v;
  return invertY(v, ex(s.b).type, Binding::builtinOf(BuiltIn::Position));
}

void FunctionEmitter::writeOutputs(Handle<Expression> v) {
  if (!f_.result || outputVars_.empty()) return;
  uint32_t val = value(v);
  const Type rt = types()[f_.result->type];
  if (rt.kind == TypeKind::Struct && !f_.result->binding.isBuiltin() &&
      f_.result->binding.kind == Binding::Kind::None) {
    for (uint32_t i = 0; i < rt.members.size() && i < outputVars_.size(); ++i) {
      uint32_t m = e_.id();
      put(spv::Op::OpCompositeExtract, {ty(rt.members[i].type), m, val, i});
      put(spv::Op::OpStore, {elementZero(outputVars_[i], rt.members[i].binding, spv::StorageClass::Output),
                             invertY(m, rt.members[i].type, rt.members[i].binding)});
    }
  } else {
    put(spv::Op::OpStore, {elementZero(outputVars_[0], f_.result->binding, spv::StorageClass::Output),
                           invertY(val, f_.result->type, f_.result->binding)});
  }
}

void FunctionEmitter::statement(Handle<Statement> hs) {
  const Statement& s = f_.statements[hs];
  setRange(f_.stmtRange(hs));
  switch (s.kind) {
    case StmtKind::Emit: forEachEmitted(f_, s, [&](Handle<Expression> h) { evaluate(h); }); break;
    case StmtKind::Block: block(s.block0); break;
    case StmtKind::If: {
      uint32_t cond = value(s.a);
      uint32_t thenL = e_.id(), mergeL = e_.id();
      uint32_t elseL = s.block1.valid() ? e_.id() : mergeL;
      put(spv::Op::OpSelectionMerge, {mergeL, selectionControl(s.hint)});
      put(spv::Op::OpBranchConditional, {cond, thenL, elseL});
      // Promoted locals: each branch starts from the values at the header; a branch without
      // an else is the edge from the header itself.
      Arm thenArm, elseArm{true, curLabel_, {}};
      size_t mark = journal_.size();
      ++ifDepth_;
      label(thenL);
      block(s.block0);
      thenArm = closeArm(mark);
      branch(mergeL);
      if (s.block1.valid()) {
        label(elseL);
        block(s.block1);
        elseArm = closeArm(mark);
        branch(mergeL);
      }
      --ifDepth_;
      label(mergeL);
      mergeArms(thenArm, elseArm, hs);
      break;
    }
    case StmtKind::Switch: {
      uint32_t sel = value(s.a);
      uint32_t mergeL = e_.id();
      std::vector<uint32_t> labels;
      uint32_t defaultL = mergeL;
      for (uint32_t k = 0; k < s.range.count; ++k) {
        labels.push_back(e_.id());
        if (f_.cases[s.range.first + k].isDefault) defaultL = labels.back();
      }
      auto selScalar = scalarOf(types(), ex(s.a).type).value_or(Scalar::i32());
      put(spv::Op::OpSelectionMerge, {mergeL, selectionControl(s.hint)});
      std::vector<uint32_t> ops{sel, defaultL};
      for (uint32_t k = 0; k < s.range.count; ++k) {
        const SwitchCase& c = f_.cases[s.range.first + k];
        if (c.isDefault) continue;
        ops.push_back(uint32_t(uint64_t(c.value)));
        if (selScalar.width == 64) ops.push_back(uint32_t(uint64_t(c.value) >> 32));
        ops.push_back(labels[k]);
      }
      put(spv::Op::OpSwitch, ops);
      open_ = false;
      targets_.push_back({mergeL, 0});
      for (uint32_t k = 0; k < s.range.count; ++k) {
        const SwitchCase& c = f_.cases[s.range.first + k];
        label(labels[k]);
        block(c.body);
        branch(c.fallThrough && k + 1 < labels.size() ? labels[k + 1] : mergeL);
      }
      targets_.pop_back();
      label(mergeL);
      break;
    }
    case StmtKind::Loop: emitLoop(hs); break;
    case StmtKind::Break:
      if (!targets_.empty()) {
        const Target& t = targets_.back();
        if (open_ && t.breaks) t.breaks->push_back(edge(*t.slots));
        branch(t.breakLabel);
      }
      break;
    case StmtKind::Continue:
      for (auto it = targets_.rbegin(); it != targets_.rend(); ++it)
        if (it->continueLabel) {
          if (open_ && it->continues) it->continues->push_back(edge(*it->slots));
          branch(it->continueLabel);
          break;
        }
      break;
    case StmtKind::Return:
      if (entry_) {
        if (e_.interlockMode_) put(spv::Op::OpEndInvocationInterlockEXT, {});
        if (s.a.valid()) writeOutputs(s.a);
        put(spv::Op::OpReturn, {});
      } else if (s.a.valid()) {
        put(spv::Op::OpReturnValue, {value(s.a)});
      } else {
        put(spv::Op::OpReturn, {});
      }
      open_ = false;
      break;
    case StmtKind::Kill:
      put(spv::Op::OpKill, {});
      open_ = false;
      break;
    case StmtKind::Debug: {
      // printf: NonSemantic.DebugPrintf instruction 1 (format string, arguments); DebugBreak:
      // NonSemantic.DebugBreak instruction 1 (DXC's shapes).
      bool brk = DebugOp(s.op) == DebugOp::Break;
      std::vector<uint32_t> ops{e_.voidTypeId(), e_.id(),
                                e_.extImport(brk ? "NonSemantic.DebugBreak" : "NonSemantic.DebugPrintf"), 1};
      if (!brk) {
        ops.push_back(e_.stringId(s.index < f_.strings.size() ? f_.strings[s.index] : std::string()));
        for (uint32_t k = 0; k < s.range.count; ++k) ops.push_back(value(f_.operands[s.range.first + k]));
      }
      put(spv::Op::OpExtInst, ops);
      break;
    }
    case StmtKind::Store:
      if (uint32_t slot = promoted(s.a); slot != kNotPromoted) {
        setValue(slot, value(s.b));
        break;
      }
      if (uint32_t align = e_.physicalAlign(ex(s.a).type, s.align)) {
        put(spv::Op::OpStore, {value(s.a), value(s.b), uint32_t(spv::MemoryAccessMask::Aligned), align});
        break;
      }
      put(spv::Op::OpStore, {value(s.a), storedValue(s)});
      break;
    case StmtKind::ImageStore: put(spv::Op::OpImageWrite, {value(s.a), value(s.b), value(s.c)}); break;
    case StmtKind::Call: {
      const Function& callee = e_.m_.functions[s.function];
      uint32_t rt = callee.result ? ty(callee.result->type) : e_.voidTypeId();
      std::vector<uint32_t> ops{rt, e_.id(), e_.functionIds_[s.function.index]};
      for (uint32_t k = 0; k < s.range.count; ++k) ops.push_back(value(f_.operands[s.range.first + k]));
      put(spv::Op::OpFunctionCall, ops);
      if (s.result.valid()) ids_[s.result.index] = ops[1];
      break;
    }
    case StmtKind::Atomic: atomic(s); break;
    case StmtKind::Barrier: {
      auto scope = [&](MemoryScope m) {
        switch (m) {
          case MemoryScope::Device: return e_.constantU32(uint32_t(spv::Scope::Device));
          case MemoryScope::Workgroup: return e_.constantU32(uint32_t(spv::Scope::Workgroup));
          case MemoryScope::Subgroup: return e_.constantU32(uint32_t(spv::Scope::Subgroup));
          case MemoryScope::Invocation: return e_.constantU32(uint32_t(spv::Scope::Invocation));
        }
        return e_.constantU32(uint32_t(spv::Scope::Workgroup));
      };
      uint32_t sem = uint32_t(spv::MemorySemanticsMask::AcquireRelease);
      if (s.memory & BarrierWorkgroup) sem |= uint32_t(spv::MemorySemanticsMask::WorkgroupMemory);
      if (s.memory & BarrierUniform) sem |= uint32_t(spv::MemorySemanticsMask::UniformMemory);
      if (s.memory & BarrierImage) sem |= uint32_t(spv::MemorySemanticsMask::ImageMemory);
      uint32_t semId = e_.constantU32(sem);
      if (s.control)
        put(spv::Op::OpControlBarrier, {scope(s.execScope), scope(s.memScope), semId});
      else
        put(spv::Op::OpMemoryBarrier, {scope(s.memScope), semId});
      break;
    }
    case StmtKind::Subgroup: subgroup(s); break;
    case StmtKind::SpirvInst: spirvInst(s); break;
  }
}

void FunctionEmitter::run() {
  e_.require(f_.spirvRequirements);
  ids_.assign(f_.expressions.size(), 0);
  spillVars_.assign(f_.expressions.size(), 0);
  nonUniform_.assign(f_.expressions.size(), false);
  uint32_t voidT = e_.voidTypeId();
  uint32_t fid = e_.functionIds_[fh_.index];
  uint32_t resultT = (!entry_ && f_.result) ? ty(f_.result->type) : voidT;
  std::vector<uint32_t> paramTypes;
  if (!entry_)
    for (const FunctionArgument& a : f_.arguments) paramTypes.push_back(ty(a.type));
  // A signature over SPIR-V's limits (OSH3008) is reported at the function; the body's
  // debug line ranges (range_) are not touched.
  SourceRange outer = e_.curRange_;
  if (f_.range.valid()) e_.curRange_ = f_.range;
  uint32_t fnT = e_.functionTypeId(resultT, paramTypes);
  e_.curRange_ = outer;
  Section head;
  // HLSL [noinline] is DontInline (DXC); entry point wrappers have no control.
  uint32_t control = f_.noInline ? uint32_t(spv::FunctionControlMask::DontInline) : 0u;
  e_.put(head, spv::Op::OpFunction, {resultT, fid, control, fnT});
  std::vector<uint32_t> params;
  if (!entry_) {
    for (size_t i = 0; i < f_.arguments.size(); ++i) {
      uint32_t p = e_.id();
      e_.put(head, spv::Op::OpFunctionParameter, {paramTypes[i], p});
      e_.name(p, f_.arguments[i].name);
      e_.spirvDecorate(p, f_.arguments[i].spirvDecorations);
      e_.pointerDecorations(p, f_.arguments[i].type, f_.arguments[i].spirvDecorations, true);
      params.push_back(p);
    }
    e_.spirvDecorate(fid, f_.spirvDecorations);
  }
  uint32_t firstLabel = e_.id();
  e_.put(head, spv::Op::OpLabel, {firstLabel});
  e_.name(fid, entry_ ? e_.ep_.name : f_.name);
  open_ = true;
  curLabel_ = firstLabel;
  // Locals: a promoted one starts as its initializer, else undefined (as an OpVariable
  // without an initializer is); the others are variables.
  if (!e_.opt_.debugInfo) findPromotable();
  for (uint32_t li = 0; li < f_.locals.size(); ++li) {
    const LocalVariable& l = f_.locals[li];
    if (!slot_.empty() && slot_[li] != kNotPromoted) {
      cur_[slot_[li]] = l.init.valid() ? e_.constantId(l.init) : 0;
      localIds_.push_back(0);
      continue;
    }
    uint32_t v = e_.id();
    uint32_t pt = e_.pointerTypeId(l.type, spv::StorageClass::Function);
    if (l.init.valid())
      e_.put(vars_, spv::Op::OpVariable, {pt, v, uint32_t(spv::StorageClass::Function), e_.constantId(l.init)});
    else
      e_.put(vars_, spv::Op::OpVariable, {pt, v, uint32_t(spv::StorageClass::Function)});
    e_.name(v, l.name);
    e_.spirvDecorate(v, l.spirvDecorations);
    e_.pointerDecorations(v, l.type, l.spirvDecorations, false);
    localIds_.push_back(v);
  }
  // Temporaries for dynamic indexing of array/matrix values.
  for (uint32_t i = 0; i < f_.expressions.size(); ++i) {
    const Expression& x = f_.expressions.raw()[i];
    if (x.kind != ExprKind::Access || !f_.expressions.contains(x.a)) continue;
    if (ex(x.a).kind == ExprKind::GlobalVariable) continue;  // an array of resources: an access chain
    const Type& bt = types()[ex(x.a).type];
    if (bt.kind == TypeKind::Array || bt.kind == TypeKind::Matrix) {
      uint32_t v = e_.id();
      e_.put(vars_, spv::Op::OpVariable,
             {e_.pointerTypeId(ex(x.a).type, spv::StorageClass::Function), v, uint32_t(spv::StorageClass::Function)});
      spillVars_[i] = v;
    }
  }
  // Non-emitted expressions with fixed values.
  for (uint32_t i = 0; i < f_.expressions.size(); ++i) {
    const Expression& x = f_.expressions.raw()[i];
    setRange(f_.exprRange(Handle<Expression>(i)));
    if (x.kind == ExprKind::LocalVariable && x.local < localIds_.size())
      ids_[i] = localIds_[x.local];
    else if (x.kind == ExprKind::FunctionArgument && !entry_ && x.index < params.size())
      ids_[i] = params[x.index];
    else if (x.kind == ExprKind::Builtin && x.builtin == BuiltIn::HelperInvocation &&
             (e_.ep_.stage != Stage::Pixel || e_.helperByInstruction(Binding::builtinOf(x.builtin)))) {
      // IsHelperLane(): false outside pixel shaders; OpIsHelperInvocationEXT before Vulkan 1.3.
      if (e_.ep_.stage != Stage::Pixel) {
        ids_[i] = e_.literalId(Literal::boolean(false));
      } else {
        e_.requireIsHelperInvocation();
        uint32_t r = e_.id();
        put(spv::Op::OpIsHelperInvocationEXT, {ty(x.type), r});
        ids_[i] = r;
      }
    } else if (x.kind == ExprKind::Builtin) {
      uint32_t var = e_.builtinInput(x.builtin, range_);
      if (var) {
        uint32_t r = e_.id();
        put(spv::Op::OpLoad, {ty(x.type), r, var});
        ids_[i] = r;
      }
    }
  }
  // Entry point: load inputs for the arguments, create outputs for the result.
  if (entry_) {
    std::vector<uint32_t> argValues;
    for (size_t i = 0; i < f_.arguments.size(); ++i) {
      const FunctionArgument& a = f_.arguments[i];
      const Type at = types()[a.type];
      uint32_t v = 0;
      // [[vk::builtin("HelperInvocation")]] before Vulkan 1.3: OpIsHelperInvocationEXT.
      auto helper = [&](const Binding& b) -> uint32_t {
        if (!e_.helperByInstruction(b)) return 0;
        e_.requireIsHelperInvocation();
        uint32_t r = e_.id();
        put(spv::Op::OpIsHelperInvocationEXT, {ty(builtinValueType(e_.types_, b.builtin)), r});
        return r;
      };
      if (a.binding.kind == Binding::Kind::None && at.kind == TypeKind::Struct) {
        std::vector<uint32_t> parts;
        for (const StructMember& mem : at.members) {
          if (uint32_t h = helper(mem.binding)) {
            parts.push_back(h);
            continue;
          }
          uint32_t var =
              e_.interfaceVariable(mem.type, mem.binding, true, a.name + "." + mem.name, &mem.spirvDecorations);
          var = elementZero(var, mem.binding, spv::StorageClass::Input);
          uint32_t l = e_.id();
          put(spv::Op::OpLoad, {ty(mem.type), l, var});
          parts.push_back(l);
        }
        v = e_.id();
        std::vector<uint32_t> ops{ty(a.type), v};
        ops.insert(ops.end(), parts.begin(), parts.end());
        put(spv::Op::OpCompositeConstruct, ops);
      } else if (uint32_t h = helper(a.binding)) {
        v = h;
      } else {
        uint32_t var = e_.interfaceVariable(a.type, a.binding, true, a.name, &a.spirvDecorations);
        if (!var) continue;
        var = elementZero(var, a.binding, spv::StorageClass::Input);
        bool distance = a.binding.builtin == BuiltIn::ClipDistance || a.binding.builtin == BuiltIn::CullDistance;
        Handle<Type> vt = a.binding.isBuiltin() && !distance ? builtinValueType(e_.types_, a.binding.builtin) : a.type;
        uint32_t l = e_.id();
        put(spv::Op::OpLoad, {ty(vt), l, var});
        v = l;
        if (vt != a.type) {
          // e.g. `uint id : SV_DispatchThreadID`: take the leading components.
          uint32_t n = componentCount(types(), a.type);
          v = e_.id();
          if (n == 1)
            put(spv::Op::OpCompositeExtract, {ty(a.type), v, l, 0});
          else {
            std::vector<uint32_t> ops{ty(a.type), v, l, l};
            for (uint32_t k = 0; k < n; ++k) ops.push_back(k);
            put(spv::Op::OpVectorShuffle, ops);
          }
        }
      }
      argValues.push_back(v);
    }
    for (uint32_t i = 0; i < f_.expressions.size(); ++i) {
      const Expression& x = f_.expressions.raw()[i];
      if (x.kind == ExprKind::FunctionArgument && x.index < argValues.size()) ids_[i] = argValues[x.index];
    }
    if (f_.result) {
      const Type rt = types()[f_.result->type];
      if (rt.kind == TypeKind::Struct && f_.result->binding.kind == Binding::Kind::None) {
        for (const StructMember& mem : rt.members)
          outputVars_.push_back(
              e_.interfaceVariable(mem.type, mem.binding, false, "out." + mem.name, &mem.spirvDecorations));
      } else {
        outputVars_.push_back(
            e_.interfaceVariable(f_.result->type, f_.result->binding, false, "out.var", &f_.result->spirvDecorations));
      }
    }
  }
  if (entry_ && e_.interlockMode_) put(spv::Op::OpBeginInvocationInterlockEXT, {});
  block(f_.body);
  if (open_) {
    if (f_.result && !entry_)
      put(spv::Op::OpUnreachable, {});
    else {
      if (entry_ && e_.interlockMode_) put(spv::Op::OpEndInvocationInterlockEXT, {});
      put(spv::Op::OpReturn, {});
    }
    open_ = false;
  }
  put(spv::Op::OpFunctionEnd, {});
  // Stitch: header, variables, body.
  for (const Section* s : {&head, &vars_}) {
    e_.functions_.words.insert(e_.functions_.words.end(), s->words.begin(), s->words.end());
    e_.functions_.count += s->count;
    e_.fnRanges_.insert(e_.fnRanges_.end(), s->count, f_.range);
  }
  for (const auto& [at, in] : inlineAt_) e_.inlineOrigins_[e_.functions_.count + at] = in;
  e_.functions_.words.insert(e_.functions_.words.end(), body_.words.begin(), body_.words.end());
  e_.functions_.count += body_.count;
  e_.fnRanges_.insert(e_.fnRanges_.end(), bodyRanges_.begin(), bodyRanges_.end());
  if (e_.opt_.debugInfo) e_.emitted_.push_back({fh_.index, fid, std::move(params), localIds_});
}

// Which locals are promoted (FunctionEmitter::slot_). One pass over the expressions, the
// operand lists, the statements and the inline instructions: a local stays a variable when
// any of them names it other than as the pointer of a whole-value Load or Store, or when a
// Load or Store of it lies inside a loop or a switch.
void FunctionEmitter::findPromotable() {
  std::vector<uint8_t> ok(f_.locals.size(), 0);
  bool any = false;
  for (uint32_t l = 0; l < f_.locals.size(); ++l) {
    const LocalVariable& v = f_.locals[l];
    TypeKind k = types()[v.type].kind;
    ok[l] = (k == TypeKind::Scalar || k == TypeKind::Vector) && v.spirvDecorations.empty();
    any |= ok[l] != 0;
  }
  if (!any) return;
  auto localOf = [&](Handle<Expression> h) -> uint32_t {
    if (!h.valid() || !f_.expressions.contains(h)) return ~0u;
    const Expression& p = ex(h);
    return p.kind == ExprKind::LocalVariable && p.local < ok.size() ? p.local : ~0u;
  };
  auto refuse = [&](Handle<Expression> h) {
    if (uint32_t l = localOf(h); l != ~0u) ok[l] = 0;
  };
  for (const Expression& x : f_.expressions) {
    if (x.kind != ExprKind::Load) refuse(x.a);
    for (Handle<Expression> h : {x.b, x.c, x.d, x.bias, x.gradX, x.gradY, x.depthRef, x.minLod, x.dynOffset}) refuse(h);
  }
  for (Handle<Expression> h : f_.operands) refuse(h);
  for (const SpirvInstruction& in : f_.spirvInsts)
    for (const SpirvOperand& o : in.operands)
      if (o.kind == SpirvOperand::Kind::Id) refuse(o.value);
  for (const Statement& s : f_.statements) {
    if (s.kind != StmtKind::Store) refuse(s.a);
    for (Handle<Expression> h : {s.b, s.c, s.result}) refuse(h);
  }
  // Loads and Stores inside a loop or a switch refuse the local. The same walk numbers the
  // statements in emission order (an explicit stack: blocks nest deeply), for the end of
  // each statement and the last Load of each local: a local not read after an if needs no
  // OpPhi at its merge.
  std::vector<uint32_t> lastLoad(f_.locals.size(), 0);
  stmtEnd_.assign(f_.statements.size(), 0);
  stmtPos_.assign(f_.statements.size(), 0);
  // Each local's scope: the innermost block holding all its Loads and Stores (walked up from
  // the previous one to the first block still open), and whether its first reference is a
  // Store in that block itself; then every entry into the block sets it before any read,
  // and no construct around the block needs a phi for it.
  const uint32_t nb = uint32_t(f_.blocks.size());
  std::vector<uint32_t> blockParent(nb, ~0u), blockFirst(nb, 0), scope(f_.locals.size(), ~0u);
  std::vector<uint8_t> blockOpen(nb, 0), firstIsStore(f_.locals.size(), 0);
  std::vector<uint32_t> firstBlock(f_.locals.size(), ~0u);
  auto reference = [&](uint32_t l, uint32_t b, bool store) {
    if (scope[l] == ~0u) {
      scope[l] = firstBlock[l] = b;
      firstIsStore[l] = store;
      return;
    }
    uint32_t x = scope[l];
    while (x != ~0u && !blockOpen[x]) x = blockParent[x];
    scope[l] = x;
  };
  stmtInLoop_.assign(f_.statements.size(), 0);
  std::unordered_map<uint32_t, uint32_t> loopParent;  // Loop statement -> the loop around it (~0u: none)
  struct Frame {
    Handle<Block> b;
    bool inside;  // inside a switch
    size_t next;
    uint32_t close;  // the statement this frame ends (~0u: none)
    uint32_t loop;   // the innermost Loop statement around it (~0u: none)
  };
  std::vector<Frame> work{{f_.body, false, 0, ~0u, ~0u}};
  uint32_t counter = 0;
  while (!work.empty()) {
    Frame& top = work.back();
    if (!f_.blocks.contains(top.b) || top.next >= f_.blocks[top.b].stmts.size()) {
      if (top.close != ~0u) stmtEnd_[top.close] = counter - 1;
      if (f_.blocks.contains(top.b)) blockOpen[top.b.index] = 0;
      work.pop_back();
      continue;
    }
    const uint32_t cb = top.b.index;
    if (top.next == 0) {
      blockOpen[cb] = 1;
      blockFirst[cb] = counter;
    }
    Handle<Statement> hs = f_.blocks[top.b].stmts[top.next++];
    bool inside = top.inside;
    uint32_t loop = top.loop;
    uint32_t at = counter++;
    stmtEnd_[hs.index] = at;
    stmtPos_[hs.index] = at;
    stmtInLoop_[hs.index] = loop != ~0u;
    const Statement& s = f_.statements[hs];
    std::vector<std::pair<Handle<Block>, bool>> children;
    switch (s.kind) {
      case StmtKind::Emit:
        for (uint32_t k = 0; k < s.range.count; ++k) {
          Handle<Expression> h(s.range.first + k);
          if (!f_.expressions.contains(h) || ex(h).kind != ExprKind::Load) continue;
          if (inside) refuse(ex(h).a);
          if (uint32_t l = localOf(ex(h).a); l != ~0u) {
            lastLoad[l] = at;
            reference(l, cb, false);
          }
        }
        break;
      case StmtKind::Store:
        if (inside) refuse(s.a);
        if (uint32_t l = localOf(s.a); l != ~0u) {
          reference(l, cb, true);
          for (uint32_t x = loop; x != ~0u; x = loopParent[x]) loopStores_[x].push_back(l);
        }
        break;
      case StmtKind::Block: children = {{s.block0, inside}}; break;
      case StmtKind::If: children = {{s.block0, inside}, {s.block1, inside}}; break;
      case StmtKind::Loop:
        children = {{s.block0, inside}, {s.block1, inside}};
        loopParent[hs.index] = loop;
        break;
      case StmtKind::Switch:
        for (uint32_t k = 0; k < s.range.count; ++k) children.push_back({f_.cases[s.range.first + k].body, true});
        break;
      default: break;
    }
    if (children.empty()) continue;
    uint32_t inner = s.kind == StmtKind::Loop ? hs.index : loop;
    work.push_back({Handle<Block>(), inside, 0, hs.index, loop});
    for (size_t k = children.size(); k > 0; --k) {
      if (f_.blocks.contains(children[k - 1].first)) blockParent[children[k - 1].first.index] = cb;
      work.push_back({children[k - 1].first, children[k - 1].second, 0, ~0u, inner});
    }
  }
  slot_.assign(f_.locals.size(), kNotPromoted);
  for (uint32_t l = 0; l < f_.locals.size(); ++l)
    if (ok[l]) {
      slot_[l] = uint32_t(slotType_.size());
      slotType_.push_back(f_.locals[l].type);
      slotLastLoad_.push_back(lastLoad[l]);
      bool scoped = scope[l] != ~0u && firstIsStore[l] && firstBlock[l] == scope[l];
      slotScope_.push_back(scoped ? blockFirst[scope[l]] : ~0u);
    }
  cur_.assign(slotType_.size(), 0);
  seen_.assign(slotType_.size(), 0);
  if (slotType_.empty()) slot_.clear();
}

// The end of an if's branch: what reaches the merge block from it, and the values of the
// promoted locals it changed; then the changes are undone (the next branch starts from the
// header's values).
FunctionEmitter::Arm FunctionEmitter::closeArm(size_t mark) {
  Arm a{open_, curLabel_, {}};
  ++stamp_;
  for (size_t i = mark; i < journal_.size(); ++i) {
    uint32_t slot = journal_[i].first;
    if (seen_[slot] == stamp_) continue;
    seen_[slot] = stamp_;
    a.values.push_back({slot, cur_[slot]});
  }
  for (size_t i = journal_.size(); i > mark; --i) cur_[journal_[i - 1].first] = journal_[i - 1].second;
  journal_.resize(mark);
  return a;
}

// At an if's merge block (just labelled): the values of the promoted locals either branch
// changed, an OpPhi where the two branches that reach it disagree.
void FunctionEmitter::mergeArms(const Arm& a, const Arm& b, Handle<Statement> ifStmt) {
  if (!a.open && !b.open) return;  // the merge block is unreachable
  if (!a.open || !b.open) {
    for (const auto& [slot, v] : (a.open ? a : b).values) setValue(slot, v);
    return;
  }
  // The header's values stand for a slot one branch left alone.
  ++stamp_;
  for (const auto& [slot, v] : a.values) seen_[slot] = stamp_;
  std::vector<std::pair<uint32_t, uint32_t>> elseOnly;
  std::unordered_map<uint32_t, uint32_t> elseValue;
  for (const auto& [slot, v] : b.values) {
    if (seen_[slot] == stamp_)
      elseValue[slot] = v;
    else
      elseOnly.push_back({slot, v});
  }
  auto join = [&](uint32_t slot, uint32_t tv, uint32_t ev) {
    if ((!stmtInLoop_[ifStmt.index] && slotLastLoad_[slot] <= stmtEnd_[ifStmt.index]) || scopedWithin(slot, ifStmt)) {
      if (cur_[slot]) setValue(slot, 0);
      return;
    }
    if (tv == ev) {
      if (tv != cur_[slot]) setValue(slot, tv);
      return;
    }
    uint32_t r = e_.id();
    uint32_t t = ty(slotType_[slot]);
    if (!tv) tv = e_.undefId(slotType_[slot]);
    if (!ev) ev = e_.undefId(slotType_[slot]);
    put(spv::Op::OpPhi, {t, r, tv, a.label, ev, b.label});
    setValue(slot, r);
  };
  for (const auto& [slot, v] : a.values) {
    auto it = elseValue.find(slot);
    join(slot, v, it == elseValue.end() ? cur_[slot] : it->second);
  }
  for (const auto& [slot, v] : elseOnly) join(slot, cur_[slot], v);
}

// A loop. Its promoted locals stored inside it get an OpPhi in the header (the value before
// the loop from the block that enters it, the value at the end of the continue construct from
// the back edge, patched in once that is emitted); the continue block and the merge block
// join the values of the edges into them (the body's end and each continue; each break and
// the exit of the continue construct's condition).
void FunctionEmitter::emitLoop(Handle<Statement> hs) {
  const Statement& s = f_.statements[hs];
  uint32_t headerL = e_.id(), bodyL = e_.id(), contL = e_.id(), mergeL = e_.id();
  std::vector<uint32_t> slots;
  if (!slot_.empty()) {
    auto it = loopStores_.find(hs.index);
    if (it != loopStores_.end()) {
      ++stamp_;
      for (uint32_t l : it->second)
        if (uint32_t slot = slot_[l]; slot != kNotPromoted && seen_[slot] != stamp_ && !scopedWithin(slot, hs)) {
          seen_[slot] = stamp_;
          slots.push_back(slot);
        }
    }
  }
  uint32_t preheader = curLabel_;
  branch(headerL);
  label(headerL);
  std::vector<std::pair<size_t, uint32_t>> headerPhis;  // (word offset in body_, slot)
  for (uint32_t slot : slots) {
    uint32_t r = e_.id();
    headerPhis.push_back({body_.words.size(), slot});
    put(spv::Op::OpPhi, {ty(slotType_[slot]), r, current(slot), preheader, 0, 0});
    setValue(slot, r);
  }
  put(spv::Op::OpLoopMerge, {mergeL, contL, loopControl(s.hint)});
  put(spv::Op::OpBranch, {bodyL});
  label(bodyL);
  std::vector<Edge> breaks, continues;
  targets_.push_back({mergeL, contL, &slots, &breaks, &continues});
  block(s.block0);
  targets_.pop_back();
  if (open_) continues.push_back(edge(slots));
  branch(contL);
  label(contL);
  joinEdges(continues, slots, true, Handle<Statement>());
  if (s.block1.valid()) block(s.block1);
  if (open_) {
    setRange(f_.stmtRange(hs));
    for (const auto& [at, slot] : headerPhis) {
      body_.words[at + 5] = current(slot);
      body_.words[at + 6] = curLabel_;
    }
    headerPhis.clear();
    if (s.a.valid()) {
      breaks.push_back(edge(slots));
      put(spv::Op::OpBranchConditional, {value(s.a), mergeL, headerL});
    } else {
      put(spv::Op::OpBranch, {headerL});
    }
    open_ = false;
  }
  if (!headerPhis.empty())
    e_.error(DiagId::InternalError, f_.stmtRange(hs), {"spir-v: a loop whose continue construct has no back edge"});
  label(mergeL);
  joinEdges(breaks, slots, true, hs);
}

void FunctionEmitter::joinEdges(const std::vector<Edge>& edges, const std::vector<uint32_t>& slots,
                                bool unreachableUndef, Handle<Statement> loop) {
  if (edges.empty()) {
    // No edge reaches the block: its code is unreachable. Undefined values there (a module
    // constant) are valid wherever they are used, the back edge's phi operand included.
    if (unreachableUndef)
      for (uint32_t slot : slots)
        if (cur_[slot]) setValue(slot, 0);
    return;
  }
  for (size_t k = 0; k < slots.size(); ++k) {
    uint32_t slot = slots[k];
    if (loop.valid() && !stmtInLoop_[loop.index] && slotLastLoad_[slot] <= stmtEnd_[loop.index]) {
      if (cur_[slot]) setValue(slot, 0);  // not read after the loop
      continue;
    }
    bool same = true;
    for (const Edge& e : edges) same &= e.values[k] == edges[0].values[k];
    if (same) {
      if (cur_[slot] != edges[0].values[k]) setValue(slot, edges[0].values[k]);
      continue;
    }
    uint32_t r = e_.id();
    std::vector<uint32_t> ops{ty(slotType_[slot]), r};
    for (const Edge& e : edges) {
      ops.push_back(e.values[k] ? e.values[k] : e_.undefId(slotType_[slot]));
      ops.push_back(e.label);
    }
    put(spv::Op::OpPhi, ops);
    setValue(slot, r);
  }
}

// Rasterizer ordered views (SPIR-V.rst "Rasterizer Ordered Views"): a pixel shader that
// reaches one runs its whole body in the fragment shader interlock
// (SPV_EXT_fragment_shader_interlock); the ordering is per sample when SV_SampleIndex is an
// input, per shading-rate region when SV_ShadingRate is, per pixel otherwise (DXC's choice).
void Emitter::findInterlock() {
  if (ep_.stage != Stage::Pixel) return;
  bool any = false;
  for (uint32_t fi : reachableFunctions(m_, ep_.function))
    for (const Expression& x : m_.functions[Handle<Function>(fi)].expressions)
      if (x.kind == ExprKind::GlobalVariable && m_.globals.contains(x.global) && m_.globals[x.global].rasterOrdered)
        any = true;
  if (!any) return;
  bool sample = false, rate = false;
  auto see = [&](const Binding& b) {
    sample |= b.isBuiltin() && b.builtin == BuiltIn::SampleIndex;
    rate |= b.isBuiltin() && b.builtin == BuiltIn::ShadingRate;
  };
  for (const FunctionArgument& a : m_.functions[ep_.function].arguments) {
    see(a.binding);
    if (types_[a.type].kind == TypeKind::Struct)
      for (const StructMember& mem : types_[a.type].members) see(mem.binding);
  }
  using M = spv::ExecutionMode;
  using C = spv::Capability;
  interlockMode_ = uint32_t(sample ? M::SampleInterlockOrderedEXT
                            : rate ? M::ShadingRateInterlockOrderedEXT
                                   : M::PixelInterlockOrderedEXT);
  cap(sample ? C::FragmentShaderSampleInterlockEXT
      : rate ? C::FragmentShaderShadingRateInterlockEXT
             : C::FragmentShaderPixelInterlockEXT);
  exts_.insert("SPV_EXT_fragment_shader_interlock");
}

void Emitter::emitFunctions() {
  findInterlock();
  // Functions reachable from the entry point, in IR order (deterministic).
  const std::vector<uint32_t> order = reachableFunctions(m_, ep_.function);
  for (uint32_t fi : order) functionIds_[fi] = id();
  for (uint32_t fi : order) {
    if (failed_) return;
    FunctionEmitter fe(*this, Handle<Function>(fi), fi == ep_.function.index);
    fe.run();
  }
}

}  // namespace oneshader::spirv
