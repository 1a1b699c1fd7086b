// IR builders.
#include "ir/builder.hpp"

#include "ir/util.hpp"

namespace oneshader::ir {

FunctionBuilder::FunctionBuilder(Module& m, Handle<Function> f) : m_(m), f_(f) {
  Function& fn = m_.functions[f_];
  if (!fn.body.valid()) fn.body = fn.blocks.append(Block{});
  cur_ = fn.body;
  pendingEmit_ = fn.expressions.size();
}

uint32_t FunctionBuilder::addLocal(std::string name, Handle<Type> type, Handle<Constant> init) {
  fn().locals.push_back(LocalVariable{std::move(name), type, init, {}, {}, 0});
  return uint32_t(fn().locals.size() - 1);
}

Handle<Expression> FunctionBuilder::add(Expression e) {
  Function& f = fn();
  Handle<Expression> h = f.expressions.append(std::move(e));
  f.exprRanges.resize(f.expressions.size());
  f.exprRanges[h.index] = range_;
  return h;
}

Handle<Expression> FunctionBuilder::literal(Literal l) {
  Expression e;
  e.kind = ExprKind::Literal;
  e.literal = l;
  e.type = types().scalar(l.scalar);
  return add(e);
}

Handle<Expression> FunctionBuilder::constant(Handle<Constant> c) {
  Expression e;
  e.kind = ExprKind::Constant;
  e.constant = c;
  e.type = m_.constants[c].type;
  return add(e);
}

Handle<Expression> FunctionBuilder::zero(Handle<Type> type) {
  Expression e;
  e.kind = ExprKind::ZeroValue;
  e.type = type;
  return add(e);
}

Handle<Expression> FunctionBuilder::compose(Handle<Type> type, std::initializer_list<Handle<Expression>> parts) {
  return compose(type, std::vector<Handle<Expression>>(parts));
}

Handle<Expression> FunctionBuilder::compose(Handle<Type> type, const std::vector<Handle<Expression>>& parts) {
  Expression e;
  e.kind = ExprKind::Compose;
  e.type = type;
  e.operands = Range{uint32_t(fn().operands.size()), uint32_t(parts.size())};
  for (auto p : parts) fn().operands.push_back(p);
  return add(e);
}

Handle<Expression> FunctionBuilder::splat(Handle<Type> vectorType, Handle<Expression> scalar) {
  Expression e;
  e.kind = ExprKind::Splat;
  e.type = vectorType;
  e.a = scalar;
  return add(e);
}

Handle<Expression> FunctionBuilder::swizzle(Handle<Expression> vec, std::initializer_list<uint32_t> components) {
  Expression e;
  e.kind = ExprKind::Swizzle;
  e.a = vec;
  uint32_t i = 0;
  for (uint32_t c : components) e.index |= (c & 3) << (2 * i++);
  Scalar s = scalarOf(types(), typeOf(vec)).value_or(Scalar::f32());
  e.type = i == 1 ? types().scalar(s) : types().vector(s, i);
  return add(e);
}

Handle<Expression> FunctionBuilder::access(Handle<Expression> base, Handle<Expression> index) {
  Expression e;
  e.kind = ExprKind::Access;
  e.a = base;
  e.b = index;
  e.type = accessResultType(types(), typeOf(base), 0, /*dynamic=*/true);
  return add(e);
}

Handle<Expression> FunctionBuilder::accessIndex(Handle<Expression> base, uint32_t index) {
  Expression e;
  e.kind = ExprKind::AccessIndex;
  e.a = base;
  e.index = index;
  e.type = accessResultType(types(), typeOf(base), index, /*dynamic=*/false);
  return add(e);
}

Handle<Expression> FunctionBuilder::load(Handle<Expression> pointer, uint32_t align) {
  Expression e;
  e.kind = ExprKind::Load;
  e.a = pointer;
  e.align = align;
  Handle<Type> pt = typeOf(pointer);
  Handle<Type> t = types().contains(pt) && types()[pt].kind == TypeKind::Pointer ? types()[pt].base : Handle<Type>{};
  if (t.valid() && types()[t].kind == TypeKind::Atomic) t = types().scalar(types()[t].scalar);
  e.type = t;
  return add(e);
}

Handle<Expression> FunctionBuilder::local(uint32_t index) {
  Expression e;
  e.kind = ExprKind::LocalVariable;
  e.local = index;
  e.type =
      index < fn().locals.size() ? types().pointer(fn().locals[index].type, AddressSpace::Function) : Handle<Type>{};
  return add(e);
}

Handle<Expression> FunctionBuilder::global(Handle<GlobalVariable> g) {
  Expression e;
  e.kind = ExprKind::GlobalVariable;
  e.global = g;
  const GlobalVariable& gv = m_.globals[g];
  e.type = gv.space == AddressSpace::Handle ? gv.type : types().pointer(gv.type, gv.space, gv.spirvClass);
  return add(e);
}

Handle<Expression> FunctionBuilder::arg(uint32_t index) {
  Expression e;
  e.kind = ExprKind::FunctionArgument;
  e.index = index;
  e.type = index < fn().arguments.size() ? fn().arguments[index].type : Handle<Type>{};
  return add(e);
}

Handle<Expression> FunctionBuilder::builtin(BuiltIn b) {
  Expression e;
  e.kind = ExprKind::Builtin;
  e.builtin = b;
  e.type = builtinValueType(types(), b);
  return add(e);
}

Handle<Expression> FunctionBuilder::unary(UnaryOp op, Handle<Expression> a) {
  Expression e;
  e.kind = ExprKind::Unary;
  e.op = uint8_t(op);
  e.a = a;
  e.type = typeOf(a);
  return add(e);
}

Handle<Expression> FunctionBuilder::binary(BinaryOp op, Handle<Expression> a, Handle<Expression> b) {
  Expression e;
  e.kind = ExprKind::Binary;
  e.op = uint8_t(op);
  e.a = a;
  e.b = b;
  e.type = binaryResultType(types(), op, typeOf(a), typeOf(b));
  return add(e);
}

Handle<Expression> FunctionBuilder::select(Handle<Expression> cond, Handle<Expression> accept,
                                           Handle<Expression> reject) {
  Expression e;
  e.kind = ExprKind::Select;
  e.a = cond;
  e.b = accept;
  e.c = reject;
  e.type = typeOf(accept);
  return add(e);
}

Handle<Expression> FunctionBuilder::convert(Handle<Expression> a, Scalar to) {
  Expression e;
  e.kind = ExprKind::Convert;
  e.a = a;
  e.type = withScalar(types(), typeOf(a), to);
  return add(e);
}

Handle<Expression> FunctionBuilder::bitcast(Handle<Expression> a, Handle<Type> to) {
  Expression e;
  e.kind = ExprKind::Bitcast;
  e.a = a;
  e.type = to;
  return add(e);
}

Handle<Expression> FunctionBuilder::math(MathFunction f, Handle<Expression> a, Handle<Expression> b,
                                         Handle<Expression> c, Handle<Expression> d) {
  Expression e;
  e.kind = ExprKind::Math;
  e.op = uint8_t(f);
  e.a = a;
  e.b = b;
  e.c = c;
  e.d = d;
  // Modf / Frexp take only `a` and give their result struct (ir.hpp); with a second operand
  // (not a form lowering produces, and the validator rejects it) the type stays a's.
  bool twoResults = f == MathFunction::Modf || f == MathFunction::Frexp;
  e.type = twoResults && b.valid() ? typeOf(a) : mathResultType(types(), f, typeOf(a));
  return add(e);
}

Handle<Expression> FunctionBuilder::relational(RelationalFunction f, Handle<Expression> a) {
  Expression e;
  e.kind = ExprKind::Relational;
  e.op = uint8_t(f);
  e.a = a;
  if (f == RelationalFunction::All || f == RelationalFunction::Any)
    e.type = types().scalar(Scalar::boolean());
  else
    e.type = withScalar(types(), typeOf(a), Scalar::boolean());
  return add(e);
}

Handle<Expression> FunctionBuilder::arrayLength(Handle<Expression> pointer) {
  Expression e;
  e.kind = ExprKind::ArrayLength;
  e.a = pointer;
  e.type = types().scalar(Scalar::u32());
  return add(e);
}

Handle<Expression> FunctionBuilder::imageSample(Handle<Expression> image, Handle<Expression> sampler,
                                                Handle<Expression> coord, Handle<Expression> level) {
  SampleOperands ops;
  ops.kind = level.valid() ? SampleKind::Level : SampleKind::Implicit;
  ops.level = level;
  return imageSample(image, sampler, coord, ops);
}

Handle<Expression> FunctionBuilder::imageSample(Handle<Expression> image, Handle<Expression> sampler,
                                                Handle<Expression> coord, const SampleOperands& ops) {
  Expression e;
  e.kind = ExprKind::ImageSample;
  e.a = image;
  e.b = sampler;
  e.c = coord;
  e.d = ops.level;
  e.sample = ops.kind;
  e.bias = ops.bias;
  e.gradX = ops.gradX;
  e.gradY = ops.gradY;
  e.depthRef = ops.depthRef;
  e.offset = ops.offset;
  e.minLod = ops.minLod;
  e.dynOffset = ops.dynOffset;
  e.index = ops.component;
  e.sparse = ops.sparse;
  Handle<Type> it = typeOf(image);
  Scalar s = types().contains(it) ? types()[it].image.sampled : Scalar::f32();
  bool depth = types().contains(it) && types()[it].image.cls == ImageClass::Depth;
  bool scalar = sampleIsGather(ops.kind) ? false : depth || sampleIsCompare(ops.kind);
  e.type = scalar ? types().scalar(s) : types().vector(s, 4);
  if (ops.sparse) e.type = sparseResultType(e.type);
  return add(e);
}

Handle<Expression> FunctionBuilder::imageLoad(Handle<Expression> image, Handle<Expression> coord,
                                              Handle<Expression> levelOrSample, Handle<Constant> offset, bool sparse) {
  Expression e;
  e.kind = ExprKind::ImageLoad;
  e.a = image;
  e.b = coord;
  e.c = levelOrSample;
  e.offset = offset;
  e.sparse = sparse;
  Handle<Type> it = typeOf(image);
  Scalar s = types().contains(it) ? types()[it].image.sampled : Scalar::f32();
  e.type = types().vector(s, 4);
  if (sparse) e.type = sparseResultType(e.type);
  return add(e);
}

Handle<Type> FunctionBuilder::sparseResultType(Handle<Type> texel) {
  StructMember code, value;
  code.name = "code";
  code.type = types().scalar(Scalar::u32());
  value.name = "value";
  value.type = texel;
  return types().structure("SparseResidencyStruct", {code, value});
}

Handle<Expression> FunctionBuilder::imageQueryLod(Handle<Expression> image, Handle<Expression> sampler,
                                                  Handle<Expression> coord, bool unclamped) {
  Expression e;
  e.kind = ExprKind::ImageQueryLod;
  e.a = image;
  e.b = sampler;
  e.c = coord;
  e.index = unclamped ? 1 : 0;
  e.type = types().scalar(Scalar::f32());
  return add(e);
}

Handle<Expression> FunctionBuilder::imageSparseResident(Handle<Expression> code) {
  Expression e;
  e.kind = ExprKind::ImageSparseResident;
  e.a = code;
  e.type = types().scalar(Scalar::boolean());
  return add(e);
}

Handle<Expression> FunctionBuilder::imageQuerySize(Handle<Expression> image, Handle<Type> resultType,
                                                   Handle<Expression> level) {
  Expression e;
  e.kind = ExprKind::ImageQuerySize;
  e.a = image;
  e.b = level;
  e.type = resultType;
  return add(e);
}

Handle<Expression> FunctionBuilder::imageQueryLevels(Handle<Expression> image) {
  Expression e;
  e.kind = ExprKind::ImageQueryLevels;
  e.a = image;
  e.type = types().scalar(Scalar::u32());
  return add(e);
}

Handle<Expression> FunctionBuilder::imageQuerySamples(Handle<Expression> image) {
  Expression e;
  e.kind = ExprKind::ImageQuerySamples;
  e.a = image;
  e.type = types().scalar(Scalar::u32());
  return add(e);
}

// ---------------------------------------------------------------- statements

void FunctionBuilder::flushEmit() {
  Function& f = fn();
  uint32_t end = f.expressions.size();
  // Skip leading expressions that need no Emit; emit one range for the rest.
  while (pendingEmit_ < end && !needsEmit(f.expressions.raw()[pendingEmit_].kind)) ++pendingEmit_;
  if (pendingEmit_ < end) {
    uint32_t last = end;
    while (last > pendingEmit_ && !needsEmit(f.expressions.raw()[last - 1].kind)) --last;
    Statement s;
    s.kind = StmtKind::Emit;
    s.range = Range{pendingEmit_, last - pendingEmit_};
    Handle<Statement> h = f.statements.append(s);
    f.stmtRanges.resize(f.statements.size());
    f.stmtRanges[h.index] = range_;
    f.blocks[cur_].stmts.push_back(h);
  }
  pendingEmit_ = end;
}

Handle<Statement> FunctionBuilder::push(Statement s) {
  flushEmit();
  Function& f = fn();
  Handle<Statement> h = f.statements.append(std::move(s));
  f.stmtRanges.resize(f.statements.size());
  f.stmtRanges[h.index] = range_;
  f.blocks[cur_].stmts.push_back(h);
  return h;
}

Handle<Block> FunctionBuilder::newBlock() { return fn().blocks.append(Block{}); }

void FunctionBuilder::setBlock(Handle<Block> b) {
  flushEmit();
  cur_ = b;
}

void FunctionBuilder::store(Handle<Expression> pointer, Handle<Expression> value, uint32_t align) {
  Statement s;
  s.kind = StmtKind::Store;
  s.a = pointer;
  s.b = value;
  s.align = align;
  push(s);
}

void FunctionBuilder::ret(Handle<Expression> value) {
  Statement s;
  s.kind = StmtKind::Return;
  s.a = value;
  push(s);
}

void FunctionBuilder::kill() {
  Statement s;
  s.kind = StmtKind::Kill;
  push(s);
}

void FunctionBuilder::imageStore(Handle<Expression> image, Handle<Expression> coord, Handle<Expression> texel) {
  Statement s;
  s.kind = StmtKind::ImageStore;
  s.a = image;
  s.b = coord;
  s.c = texel;
  push(s);
}

void FunctionBuilder::brk() {
  Statement s;
  s.kind = StmtKind::Break;
  push(s);
}

void FunctionBuilder::cont() {
  Statement s;
  s.kind = StmtKind::Continue;
  push(s);
}

Handle<Expression> FunctionBuilder::call(Handle<Function> callee, std::vector<Handle<Expression>> args) {
  flushEmit();
  Statement s;
  s.kind = StmtKind::Call;
  s.function = callee;
  s.range = Range{uint32_t(fn().operands.size()), uint32_t(args.size())};
  for (auto a : args) fn().operands.push_back(a);
  const Function& cf = m_.functions[callee];
  if (cf.result) {
    Expression e;
    e.kind = ExprKind::CallResult;
    e.function = callee;
    e.type = cf.result->type;
    s.result = add(e);
  }
  push(s);
  return s.result;
}

Handle<Expression> FunctionBuilder::atomic(AtomicOp op, Handle<Expression> pointer, Handle<Expression> value,
                                           Handle<Expression> compare) {
  flushEmit();
  Statement s;
  s.kind = StmtKind::Atomic;
  s.op = uint8_t(op);
  s.a = pointer;
  s.b = value;
  s.c = compare;
  Expression e;
  e.kind = ExprKind::AtomicResult;
  e.type = typeOf(value);
  s.result = add(e);
  push(s);
  return s.result;
}

Handle<Expression> FunctionBuilder::spirvInst(SpirvInstruction inst) {
  flushEmit();
  Statement s;
  s.kind = StmtKind::SpirvInst;
  s.index = uint32_t(fn().spirvInsts.size());
  if (inst.hasResult && inst.resultType.valid()) {
    Expression e;
    e.kind = ExprKind::SpirvInstResult;
    e.type = inst.resultType;
    s.result = add(e);
  }
  fn().spirvInsts.push_back(std::move(inst));
  push(s);
  return s.result;
}

void FunctionBuilder::debugPrintf(std::string format, const std::vector<Handle<Expression>>& args) {
  Statement s;
  s.kind = StmtKind::Debug;
  s.op = uint8_t(DebugOp::Printf);
  s.index = uint32_t(fn().strings.size());
  fn().strings.push_back(std::move(format));
  s.range = Range{uint32_t(fn().operands.size()), uint32_t(args.size())};
  for (Handle<Expression> a : args) fn().operands.push_back(a);
  push(std::move(s));
}

void FunctionBuilder::debugBreak() {
  Statement s;
  s.kind = StmtKind::Debug;
  s.op = uint8_t(DebugOp::Break);
  push(std::move(s));
}

void FunctionBuilder::barrier(HlslBarrier b) { barrier(hlslBarrier(b)); }

void FunctionBuilder::barrier(const BarrierInfo& info) {
  Statement s;
  s.kind = StmtKind::Barrier;
  s.control = info.control;
  s.execScope = info.execScope;
  s.memScope = info.memScope;
  s.memory = info.memory;
  push(s);
}

Handle<Expression> FunctionBuilder::subgroup(SubgroupOp op, CollectiveOp coll, Handle<Expression> argument,
                                             Handle<Expression> lane, Handle<Type> resultType) {
  flushEmit();
  Statement s;
  s.kind = StmtKind::Subgroup;
  s.op = uint8_t(op);
  s.collective = coll;
  s.a = argument;
  s.b = lane;
  Expression e;
  e.kind = ExprKind::SubgroupResult;
  if (resultType.valid()) {
    e.type = resultType;
  } else {
    switch (op) {
      case SubgroupOp::Elect:
      case SubgroupOp::All:
      case SubgroupOp::Any:
      case SubgroupOp::AllEqual: e.type = types().scalar(Scalar::boolean()); break;
      case SubgroupOp::Ballot:
      case SubgroupOp::Partition: e.type = types().vector(Scalar::u32(), 4); break;
      case SubgroupOp::BallotBitCount: e.type = types().scalar(Scalar::u32()); break;
      default: e.type = argument.valid() ? typeOf(argument) : Handle<Type>{}; break;
    }
  }
  s.result = add(e);
  push(s);
  return s.result;
}

// ---------------------------------------------------------------- control flow

void FunctionBuilder::ifBegin(Handle<Expression> cond, ControlHint hint) {
  Statement s;
  s.kind = StmtKind::If;
  s.hint = hint;
  s.a = cond;
  s.block0 = newBlock();
  Handle<Block> outer = cur_;
  Handle<Statement> h = push(s);
  frames_.push_back(Frame{Frame::If, h, outer, {}});
  cur_ = fn().statements[h].block0;
}

void FunctionBuilder::ifElse() {
  flushEmit();
  if (frames_.empty() || frames_.back().kind != Frame::If) return;
  Statement& s = fn().statements[frames_.back().stmt];
  Handle<Block> b = newBlock();
  fn().statements[frames_.back().stmt].block1 = b;
  (void)s;
  cur_ = b;
}

void FunctionBuilder::ifEnd() {
  flushEmit();
  if (frames_.empty() || frames_.back().kind != Frame::If) return;
  cur_ = frames_.back().outer;
  frames_.pop_back();
}

void FunctionBuilder::loopBegin(ControlHint hint) {
  Statement s;
  s.kind = StmtKind::Loop;
  s.hint = hint;
  s.block0 = newBlock();
  s.block1 = newBlock();
  Handle<Block> outer = cur_;
  Handle<Statement> h = push(s);
  frames_.push_back(Frame{Frame::Loop, h, outer, {}});
  cur_ = fn().statements[h].block0;
}

void FunctionBuilder::loopContinuing() {
  flushEmit();
  if (frames_.empty() || frames_.back().kind != Frame::Loop) return;
  cur_ = fn().statements[frames_.back().stmt].block1;
}

void FunctionBuilder::loopEnd(Handle<Expression> breakIf) {
  if (breakIf.valid()) {
    // break_if is evaluated at the end of the continuing block.
    if (frames_.empty() || frames_.back().kind != Frame::Loop) return;
    cur_ = fn().statements[frames_.back().stmt].block1;
  }
  flushEmit();
  if (frames_.empty() || frames_.back().kind != Frame::Loop) return;
  fn().statements[frames_.back().stmt].a = breakIf;
  cur_ = frames_.back().outer;
  frames_.pop_back();
}

void FunctionBuilder::switchBegin(Handle<Expression> selector, ControlHint hint) {
  Statement s;
  s.kind = StmtKind::Switch;
  s.hint = hint;
  s.a = selector;
  s.range = Range{uint32_t(fn().cases.size()), 0};
  Handle<Block> outer = cur_;
  Handle<Statement> h = push(s);
  frames_.push_back(Frame{Frame::Switch, h, outer, {}});
}

void FunctionBuilder::switchCase(int64_t value, bool fallThrough) {
  flushEmit();
  if (frames_.empty() || frames_.back().kind != Frame::Switch) return;
  SwitchCase c;
  c.value = value;
  c.fallThrough = fallThrough;
  c.body = newBlock();
  frames_.back().cases.push_back(c);
  cur_ = c.body;
}

void FunctionBuilder::switchDefault(bool fallThrough) {
  flushEmit();
  if (frames_.empty() || frames_.back().kind != Frame::Switch) return;
  SwitchCase c;
  c.isDefault = true;
  c.fallThrough = fallThrough;
  c.body = newBlock();
  frames_.back().cases.push_back(c);
  cur_ = c.body;
}

void FunctionBuilder::switchEnd() {
  flushEmit();
  if (frames_.empty() || frames_.back().kind != Frame::Switch) return;
  // Cases of one switch are contiguous in Function::cases: they are appended when the
  // switch closes (a nested switch closes first and appends its own before).
  Statement& s = fn().statements[frames_.back().stmt];
  s.range = Range{uint32_t(fn().cases.size()), uint32_t(frames_.back().cases.size())};
  for (const SwitchCase& c : frames_.back().cases) fn().cases.push_back(c);
  cur_ = frames_.back().outer;
  frames_.pop_back();
}

void FunctionBuilder::blockBegin() {
  Statement s;
  s.kind = StmtKind::Block;
  s.block0 = newBlock();
  Handle<Block> outer = cur_;
  Handle<Statement> h = push(s);
  frames_.push_back(Frame{Frame::Plain, h, outer, {}});
  cur_ = fn().statements[h].block0;
}

void FunctionBuilder::blockEnd() {
  flushEmit();
  if (frames_.empty() || frames_.back().kind != Frame::Plain) return;
  cur_ = frames_.back().outer;
  frames_.pop_back();
}

bool FunctionBuilder::finish() {
  flushEmit();
  return frames_.empty();
}

// ---------------------------------------------------------------- module builder

Handle<Constant> ModuleBuilder::constant(Literal l, std::string name) {
  Constant c;
  c.kind = Constant::Kind::Literal;
  c.name = std::move(name);
  c.type = m_.types.scalar(l.scalar);
  c.value = l;
  return m_.constants.append(c);
}

Handle<Constant> ModuleBuilder::specConstant(Literal defaultValue, uint32_t specId, std::string name) {
  Handle<Constant> h = constant(defaultValue, std::move(name));
  m_.constants[h].spec = true;
  m_.constants[h].specId = specId;
  return h;
}

Handle<Constant> ModuleBuilder::composite(Handle<Type> type, std::vector<Handle<Constant>> parts, std::string name) {
  Constant c;
  c.kind = Constant::Kind::Composite;
  c.name = std::move(name);
  c.type = type;
  c.components = Range{uint32_t(m_.constantComponents.size()), uint32_t(parts.size())};
  for (auto p : parts) m_.constantComponents.push_back(p);
  return m_.constants.append(c);
}

Handle<Constant> ModuleBuilder::specOp(SpecOpKind kind, uint8_t op, Handle<Type> type,
                                       std::vector<Handle<Constant>> operands, std::string name) {
  Constant c;
  c.kind = Constant::Kind::SpecOp;
  c.name = std::move(name);
  c.type = type;
  c.specOp = kind;
  c.op = op;
  c.components = Range{uint32_t(m_.constantComponents.size()), uint32_t(operands.size())};
  for (auto p : operands) m_.constantComponents.push_back(p);
  return m_.constants.append(c);
}

Handle<Constant> ModuleBuilder::zeroConstant(Handle<Type> type, std::string name) {
  Constant c;
  c.kind = Constant::Kind::Zero;
  c.name = std::move(name);
  c.type = type;
  return m_.constants.append(c);
}

Handle<Type> ModuleBuilder::storageBufferBlock(Handle<Type> element, uint32_t stride, std::string name,
                                               MatrixLayout matrixLayout) {
  Handle<Type> arr = m_.types.runtimeArray(element, stride);
  StructMember mem;
  mem.name = "data";
  mem.type = arr;
  mem.offset = 0;
  mem.matrixLayout = matrixLayout;
  return m_.types.structure(name.empty() ? std::string("buffer_block") : std::move(name), {mem});
}

Handle<GlobalVariable> ModuleBuilder::storageBuffer(std::string name, ResourceKind kind, Handle<Type> element,
                                                    uint32_t stride, uint32_t set, uint32_t binding, HlslRegister reg) {
  GlobalVariable g;
  g.name = std::move(name);
  g.space = AddressSpace::Storage;
  bool readOnly = kind == ResourceKind::StructuredBuffer || kind == ResourceKind::ByteAddressBuffer;
  g.access = readOnly ? StorageAccess::Load : StorageAccess::LoadStore;
  g.type = storageBufferBlock(element, stride, std::string("type.") + resourceKindName(kind));
  g.binding = ResourceBinding{set, binding};
  g.resource = kind;
  g.reg = reg;
  return m_.globals.append(std::move(g));
}

Handle<GlobalVariable> ModuleBuilder::uniformBuffer(std::string name, Handle<Type> block, uint32_t set,
                                                    uint32_t binding) {
  GlobalVariable g;
  g.name = std::move(name);
  g.space = AddressSpace::Uniform;
  g.type = block;
  g.binding = ResourceBinding{set, binding};
  g.resource = ResourceKind::ConstantBuffer;
  return m_.globals.append(std::move(g));
}

Handle<Function> ModuleBuilder::function(std::string name, std::vector<FunctionArgument> args,
                                         std::optional<FunctionResult> result) {
  Function f;
  f.name = std::move(name);
  f.arguments = std::move(args);
  f.result = std::move(result);
  f.body = f.blocks.append(Block{});
  return m_.functions.append(std::move(f));
}

void ModuleBuilder::entryPoint(std::string name, Stage stage, Handle<Function> f,
                               std::initializer_list<uint32_t> workgroupSize) {
  EntryPoint e;
  e.name = std::move(name);
  e.stage = stage;
  e.function = f;
  uint32_t i = 0;
  for (uint32_t v : workgroupSize)
    if (i < 3) e.workgroupSize[i++] = v;
  m_.entryPoints.push_back(std::move(e));
}

}  // namespace oneshader::ir
