// Builders that make constructing IR by hand (tests) and from the AST (lowering) short.
//
//   ir::Module m;
//   ir::ModuleBuilder mb(m);
//   auto u32 = mb.types().scalar(ir::Scalar::u32());
//   auto f = mb.function("CSSum", {{"id", mb.types().vector(ir::Scalar::u32(), 3),
//                                   ir::Binding::builtinOf(ir::BuiltIn::GlobalInvocationId)}});
//   ir::FunctionBuilder b = mb.build(f);
//   auto x = b.accessIndex(b.arg(0), 0);          // emitted automatically
//   b.ifBegin(cond); ... b.ifElse(); ... b.ifEnd();
//   b.finish();
//   mb.entryPoint("CSSum", Stage::Compute, f, {64, 1, 1});
//
// The FunctionBuilder inserts Emit statements for you: every expression that needs one is
// covered by an Emit placed right before the next statement (or block boundary).
#pragma once
#include <initializer_list>
#include <vector>

#include "ir/ir.hpp"

namespace oneshader::ir {

class FunctionBuilder {
 public:
  FunctionBuilder(Module& m, Handle<Function> f);
  Function& fn() { return m_.functions[f_]; }
  Module& module() { return m_; }
  TypeArena& types() { return m_.types; }
  Handle<Function> handle() const { return f_; }

  // Source range attached to every node created from now on.
  void setRange(SourceRange r) { range_ = r; }

  // ---- locals
  uint32_t addLocal(std::string name, Handle<Type> type, Handle<Constant> init = {});

  // ---- expressions (result types are inferred unless given)
  Handle<Expression> literal(Literal l);
  Handle<Expression> u32(uint32_t v) { return literal(Literal::u32(v)); }
  Handle<Expression> i32(int32_t v) { return literal(Literal::i32(v)); }
  Handle<Expression> f32(float v) { return literal(Literal::f32(v)); }
  Handle<Expression> boolean(bool v) { return literal(Literal::boolean(v)); }
  Handle<Expression> constant(Handle<Constant> c);
  Handle<Expression> zero(Handle<Type> type);
  Handle<Expression> compose(Handle<Type> type, std::initializer_list<Handle<Expression>> parts);
  Handle<Expression> compose(Handle<Type> type, const std::vector<Handle<Expression>>& parts);
  Handle<Expression> splat(Handle<Type> vectorType, Handle<Expression> scalar);
  // components: indices 0..3 of the source vector; result size = components.size()
  Handle<Expression> swizzle(Handle<Expression> vec, std::initializer_list<uint32_t> components);
  Handle<Expression> access(Handle<Expression> base, Handle<Expression> index);
  Handle<Expression> accessIndex(Handle<Expression> base, uint32_t index);
  Handle<Expression> load(Handle<Expression> pointer, uint32_t align = 0);  // align: PhysicalStorage only
  Handle<Expression> local(uint32_t index);
  Handle<Expression> global(Handle<GlobalVariable> g);
  Handle<Expression> arg(uint32_t index);
  Handle<Expression> builtin(BuiltIn b);  // SubgroupSize / SubgroupLocalInvocationId (u32)
  Handle<Expression> unary(UnaryOp op, Handle<Expression> a);
  Handle<Expression> binary(BinaryOp op, Handle<Expression> a, Handle<Expression> b);
  Handle<Expression> select(Handle<Expression> cond, Handle<Expression> accept, Handle<Expression> reject);
  Handle<Expression> convert(Handle<Expression> a, Scalar to);
  Handle<Expression> bitcast(Handle<Expression> a, Handle<Type> to);
  Handle<Expression> math(MathFunction f, Handle<Expression> a, Handle<Expression> b = {}, Handle<Expression> c = {},
                          Handle<Expression> d = {});
  Handle<Expression> relational(RelationalFunction f, Handle<Expression> a);
  Handle<Expression> arrayLength(Handle<Expression> pointerToRuntimeArray);
  Handle<Expression> imageSample(Handle<Expression> image, Handle<Expression> sampler, Handle<Expression> coord,
                                 Handle<Expression> level = {});
  // Any sampling kind (see SampleKind in ir.hpp); unused operands stay invalid.
  struct SampleOperands {
    SampleKind kind = SampleKind::Implicit;
    Handle<Expression> level, bias, gradX, gradY, depthRef, minLod, dynOffset;
    Handle<Constant> offset;
    uint32_t component = 0;  // Gather: the component gathered (0..3)
    bool sparse = false;     // result struct { u32 residency, texel } (sparseResultType)
  };
  Handle<Expression> imageSample(Handle<Expression> image, Handle<Expression> sampler, Handle<Expression> coord,
                                 const SampleOperands& ops);
  // ImageLoad: texel fetch (sampled) or read (storage): a vector of 4 of the sampled scalar.
  // `levelOrSample`: the mip level (sampled) or sample index (multisampled); may be invalid.
  Handle<Expression> imageLoad(Handle<Expression> image, Handle<Expression> coord,
                               Handle<Expression> levelOrSample = {}, Handle<Constant> offset = {},
                               bool sparse = false);
  // ImageQueryLod: f32, the clamped (unclamped = false) or unclamped level of detail.
  Handle<Expression> imageQueryLod(Handle<Expression> image, Handle<Expression> sampler, Handle<Expression> coord,
                                   bool unclamped);
  // ImageSparseResident of a residency code (bool).
  Handle<Expression> imageSparseResident(Handle<Expression> code);
  // The struct { u32 residency; T texel; } of a sparse ImageSample / ImageLoad of texel type T.
  Handle<Type> sparseResultType(Handle<Type> texel);
  // ImageQuerySize with an explicit result type (u32 or uvecN); level only for sampled non-MS images.
  Handle<Expression> imageQuerySize(Handle<Expression> image, Handle<Type> resultType, Handle<Expression> level = {});
  Handle<Expression> imageQueryLevels(Handle<Expression> image);
  Handle<Expression> imageQuerySamples(Handle<Expression> image);
  // Raw: append an expression whose type the caller has set.
  Handle<Expression> add(Expression e);

  // ---- statements
  void store(Handle<Expression> pointer, Handle<Expression> value, uint32_t align = 0);
  void ret(Handle<Expression> value = {});
  void kill();
  // Writes a texel (a vector of 4 of the image's sampled scalar) to a storage image.
  void imageStore(Handle<Expression> image, Handle<Expression> coord, Handle<Expression> texel);
  void brk();
  void cont();
  // Returns the CallResult expression (invalid if the callee returns nothing).
  Handle<Expression> call(Handle<Function> callee, std::vector<Handle<Expression>> args);
  // Returns the AtomicResult (the original value), always created.
  Handle<Expression> atomic(AtomicOp op, Handle<Expression> pointer, Handle<Expression> value,
                            Handle<Expression> compare = {});
  void barrier(HlslBarrier b);
  // printf(format, args...) and DebugBreak(): a Debug statement (ir.hpp StmtKind::Debug).
  void debugPrintf(std::string format, const std::vector<Handle<Expression>>& args);
  void debugBreak();
  void barrier(const BarrierInfo& info);
  // Returns the SubgroupResult. resultType may be left invalid: it is inferred
  // (bool for Elect/All/Any/AllEqual, uint4 for Ballot/Partition, u32 for BallotBitCount,
  //  the argument's type otherwise).
  Handle<Expression> subgroup(SubgroupOp op, CollectiveOp coll, Handle<Expression> argument,
                              Handle<Expression> lane = {}, Handle<Type> resultType = {});

  // Inline SPIR-V: appends `inst` to the function and a SpirvInst statement. Returns the
  // SpirvInstResult (invalid when the instruction has no result or a %void one).
  Handle<Expression> spirvInst(SpirvInstruction inst);

  // ---- structured control flow
  void ifBegin(Handle<Expression> cond, ControlHint hint = ControlHint::None);
  void ifElse();
  void ifEnd();
  void loopBegin(ControlHint hint = ControlHint::None);
  void loopContinuing();
  void loopEnd(Handle<Expression> breakIf = {});
  void switchBegin(Handle<Expression> selector, ControlHint hint = ControlHint::None);
  void switchCase(int64_t value, bool fallThrough = false);
  void switchDefault(bool fallThrough = false);
  void switchEnd();
  void blockBegin();
  void blockEnd();

  // Flushes pending emits; checks that every construct was closed (returns false if not).
  bool finish();

  // ---- raw structure (for passes that copy statements: src/passes/rewrite.hpp)
  // The block statements go into now, and a switch to another block of this function
  // (pending expressions are emitted into the current block first).
  Handle<Block> currentBlock() const { return cur_; }
  void setBlock(Handle<Block> b);
  Handle<Block> newBlock();
  // Appends a statement whose fields the caller has set (after emitting pending expressions).
  Handle<Statement> append(Statement s) { return push(std::move(s)); }

 private:
  Module& m_;
  Handle<Function> f_;
  SourceRange range_;
  uint32_t pendingEmit_ = 0;  // first expression not yet covered by an Emit
  struct Frame {
    enum Kind : uint8_t { If, Loop, Switch, Plain } kind;
    Handle<Statement> stmt;
    Handle<Block> outer;            // block the statement lives in
    std::vector<SwitchCase> cases;  // Switch: cases so far
  };
  std::vector<Frame> frames_;
  Handle<Block> cur_;

  Handle<Statement> push(Statement s);
  void flushEmit();
  Handle<Type> typeOf(Handle<Expression> e) const { return m_.functions[f_].expressions[e].type; }
};

class ModuleBuilder {
 public:
  explicit ModuleBuilder(Module& m) : m_(m) {}
  Module& module() { return m_; }
  TypeArena& types() { return m_.types; }

  Handle<Constant> constant(Literal l, std::string name = {});
  Handle<Constant> composite(Handle<Type> type, std::vector<Handle<Constant>> parts, std::string name = {});
  // A specialization constant (Constant::spec) with its default value.
  Handle<Constant> specConstant(Literal defaultValue, uint32_t specId, std::string name);
  Handle<Constant> zeroConstant(Handle<Type> type, std::string name = {});
  // A SpecOp constant (ir.hpp, Constant): `kind` / `op` over `operands`, of scalar type `type`.
  Handle<Constant> specOp(SpecOpKind kind, uint8_t op, Handle<Type> type, std::vector<Handle<Constant>> operands,
                          std::string name = {});

  Handle<GlobalVariable> global(GlobalVariable g) { return m_.globals.append(std::move(g)); }
  // struct { T data[]; } with Offset 0 and ArrayStride `stride` (the buffer block of a
  // StructuredBuffer<T>; ByteAddressBuffer uses u32 and stride 4).
  // `matrixLayout`: the majorness of a matrix (or array-of-matrix) element (None: HLSL's
  // default column_major, see StructMember).
  Handle<Type> storageBufferBlock(Handle<Type> element, uint32_t stride, std::string name = {},
                                  MatrixLayout matrixLayout = MatrixLayout::None);
  // A storage-buffer global wrapping `element`; binding {set, binding}.
  Handle<GlobalVariable> storageBuffer(std::string name, ResourceKind kind, Handle<Type> element, uint32_t stride,
                                       uint32_t set, uint32_t binding, HlslRegister reg = {});
  // A constant-buffer global (Uniform space) of the laid-out struct `block`.
  Handle<GlobalVariable> uniformBuffer(std::string name, Handle<Type> block, uint32_t set, uint32_t binding);

  Handle<Function> function(std::string name, std::vector<FunctionArgument> args = {},
                            std::optional<FunctionResult> result = std::nullopt);
  FunctionBuilder build(Handle<Function> f) { return FunctionBuilder(m_, f); }
  void entryPoint(std::string name, Stage stage, Handle<Function> f,
                  std::initializer_list<uint32_t> workgroupSize = {1, 1, 1});

 private:
  Module& m_;
};

}  // namespace oneshader::ir
