// Readable, deterministic text dump of an IR module.
#include <cstdio>
#include <string>

#include "ir/atomics.hpp"
#include "ir/ir.hpp"

namespace oneshader::ir {

namespace {

const char* scalarName(Scalar s) {
  switch (s.kind) {
    case ScalarKind::Bool: return "bool";
    case ScalarKind::Sint: return s.width == 16 ? "i16" : s.width == 64 ? "i64" : "i32";
    case ScalarKind::Uint: return s.width == 16 ? "u16" : s.width == 64 ? "u64" : "u32";
    case ScalarKind::Float: return s.width == 16 ? "f16" : s.width == 64 ? "f64" : "f32";
  }
  return "?";
}

const char* spaceName(AddressSpace s) {
  switch (s) {
    case AddressSpace::Function: return "function";
    case AddressSpace::Private: return "private";
    case AddressSpace::WorkGroup: return "workgroup";
    case AddressSpace::Uniform: return "uniform";
    case AddressSpace::Storage: return "storage";
    case AddressSpace::PushConstant: return "push_constant";
    case AddressSpace::Handle: return "handle";
    case AddressSpace::Input: return "input";
    case AddressSpace::Output: return "output";
    case AddressSpace::PhysicalStorage: return "physical_storage";
    case AddressSpace::SpirvClass: return "spirv_class";
  }
  return "?";
}

const char* unaryName(UnaryOp op) { return unaryInfo(op).name; }
const char* binaryName(BinaryOp op) { return binaryInfo(op).name; }

const char* atomicName(AtomicOp op) { return atomicInfo(op).name; }

const char* collectiveName(CollectiveOp c) {
  switch (c) {
    case CollectiveOp::None: return "";
    case CollectiveOp::Reduce: return " reduce";
    case CollectiveOp::InclusiveScan: return " inclusive_scan";
    case CollectiveOp::ExclusiveScan: return " exclusive_scan";
  }
  return "";
}

const char* scopeName(MemoryScope s) {
  switch (s) {
    case MemoryScope::Device: return "device";
    case MemoryScope::Workgroup: return "workgroup";
    case MemoryScope::Subgroup: return "subgroup";
    case MemoryScope::Invocation: return "invocation";
  }
  return "?";
}

std::string bindingText(const Binding& b) {
  if (b.kind == Binding::Kind::BuiltIn) return std::string(" @builtin(") + builtinName(b.builtin) + ")";
  if (b.kind == Binding::Kind::Location)
    return " @location(" + std::to_string(b.location) + ")" +
           (b.blendIndex >= 0 ? " @blend_src(" + std::to_string(b.blendIndex) + ")" : "");
  return {};
}

std::string literalText(const Literal& l) {
  char buf[64];
  switch (l.scalar.kind) {
    case ScalarKind::Bool: return l.b ? "true" : "false";
    case ScalarKind::Sint: snprintf(buf, sizeof buf, "%lldi%d", (long long)l.i, l.scalar.width); break;
    case ScalarKind::Uint: snprintf(buf, sizeof buf, "%lluu%d", (unsigned long long)l.u, l.scalar.width); break;
    case ScalarKind::Float: snprintf(buf, sizeof buf, "%.9gf%d", l.f, l.scalar.width); break;
  }
  return buf;
}

const char* stageText(Stage s) {
  switch (s) {
    case Stage::Vertex: return "vertex";
    case Stage::Pixel: return "pixel";
    case Stage::Geometry: return "geometry";
    case Stage::Hull: return "hull";
    case Stage::Domain: return "domain";
    case Stage::Compute: return "compute";
    case Stage::Mesh: return "mesh";
    case Stage::Amplification: return "amplification";
    case Stage::RayGeneration: return "raygeneration";
    case Stage::Intersection: return "intersection";
    case Stage::AnyHit: return "anyhit";
    case Stage::ClosestHit: return "closesthit";
    case Stage::Miss: return "miss";
    case Stage::Callable: return "callable";
  }
  return "?";
}

std::string h(uint32_t i) { return "%" + std::to_string(i); }

class Printer {
 public:
  explicit Printer(const Module& m) : m_(m) {}
  std::string run();

 private:
  const Module& m_;
  std::string out_;
  const Function* f_ = nullptr;
  std::string ty(Handle<Type> t) { return typeName(m_.types, t); }
  std::string e(Handle<Expression> x) { return x.valid() ? h(x.index) : std::string("<none>"); }
  static std::string hint(ControlHint c) {
    return c == ControlHint::None ? std::string() : std::string(controlHintName(c)) + " ";
  }
  void expr(uint32_t i, const Expression& x);
  void block(Handle<Block> b, int indent);
  void stmt(Handle<Statement> s, int indent);
};

void Printer::expr(uint32_t i, const Expression& x) {
  out_ += "    " + h(i) + ": " + ty(x.type) + " = ";
  switch (x.kind) {
    case ExprKind::Literal: out_ += "literal " + literalText(x.literal); break;
    case ExprKind::Constant: out_ += "constant c" + std::to_string(x.constant.index); break;
    case ExprKind::ZeroValue: out_ += "zero"; break;
    case ExprKind::Compose: {
      out_ += "compose(";
      for (uint32_t k = 0; k < x.operands.count; ++k) out_ += (k ? ", " : "") + e(f_->operands[x.operands.first + k]);
      out_ += ")";
      break;
    }
    case ExprKind::Splat: out_ += "splat " + e(x.a); break;
    case ExprKind::Swizzle: {
      out_ += "swizzle " + e(x.a) + ".";
      uint32_t n = componentCount(m_.types, x.type);
      for (uint32_t k = 0; k < n; ++k) out_ += "xyzw"[swizzleComponent(x.index, k)];
      break;
    }
    case ExprKind::Access:
      out_ += std::string(x.nonUniform ? "access nonuniform " : "access ") + e(x.a) + "[" + e(x.b) + "]";
      break;
    case ExprKind::AccessIndex:
      out_ += std::string(x.nonUniform ? "access nonuniform " : "access ") + e(x.a) + "." + std::to_string(x.index);
      break;
    case ExprKind::Load: out_ += "load " + e(x.a); break;
    case ExprKind::LocalVariable: out_ += "local l" + std::to_string(x.local); break;
    case ExprKind::GlobalVariable: out_ += "global g" + std::to_string(x.global.index); break;
    case ExprKind::FunctionArgument: out_ += "arg " + std::to_string(x.index); break;
    case ExprKind::Builtin: out_ += std::string("builtin ") + builtinName(x.builtin); break;
    case ExprKind::Unary: out_ += std::string(unaryName(UnaryOp(x.op))) + " " + e(x.a); break;
    case ExprKind::Binary: out_ += std::string(binaryName(BinaryOp(x.op))) + " " + e(x.a) + ", " + e(x.b); break;
    case ExprKind::Select: out_ += "select " + e(x.a) + ", " + e(x.b) + ", " + e(x.c); break;
    case ExprKind::Convert: out_ += "convert " + e(x.a); break;
    case ExprKind::Bitcast: out_ += "bitcast " + e(x.a); break;
    case ExprKind::Math:
      out_ += std::string(mathFunctionName(MathFunction(x.op))) + "(" + e(x.a);
      for (auto o : {x.b, x.c, x.d})
        if (o.valid()) out_ += ", " + e(o);
      out_ += ")";
      break;
    case ExprKind::Relational: {
      static const char* const n[] = {"all", "any", "isnan", "isinf"};
      out_ += std::string(n[x.op & 3]) + " " + e(x.a);
      break;
    }
    case ExprKind::ArrayLength: out_ += "array_length " + e(x.a); break;
    case ExprKind::ImageSample:
      out_ += "image_sample " + e(x.a) + ", " + e(x.b) + ", " + e(x.c);
      if (x.sample != SampleKind::Implicit && x.sample != SampleKind::Level)
        out_ += std::string(" ") + sampleKindName(x.sample);
      if (x.d.valid()) out_ += " level " + e(x.d);
      if (x.bias.valid()) out_ += " bias " + e(x.bias);
      if (x.gradX.valid()) out_ += " grad " + e(x.gradX) + ", " + e(x.gradY);
      if (x.depthRef.valid()) out_ += " depth_ref " + e(x.depthRef);
      if (sampleIsGather(x.sample) && x.sample == SampleKind::Gather) out_ += " component " + std::to_string(x.index);
      if (x.offset.valid()) out_ += " offset c" + std::to_string(x.offset.index);
      if (x.dynOffset.valid()) out_ += " offset " + e(x.dynOffset);
      if (x.minLod.valid()) out_ += " min_lod " + e(x.minLod);
      if (x.sparse) out_ += " sparse";
      break;
    case ExprKind::ImageLoad:
      out_ += "image_load " + e(x.a) + ", " + e(x.b);
      if (x.c.valid()) out_ += " lod_or_sample " + e(x.c);
      if (x.offset.valid()) out_ += " offset c" + std::to_string(x.offset.index);
      if (x.sparse) out_ += " sparse";
      break;
    case ExprKind::ImageQueryLod:
      out_ += std::string(x.index ? "image_lod_unclamped " : "image_lod ") + e(x.a) + ", " + e(x.b) + ", " + e(x.c);
      break;
    case ExprKind::ImageSparseResident: out_ += "sparse_resident " + e(x.a); break;
    case ExprKind::ImageQuerySize:
      out_ += "image_size " + e(x.a);
      if (x.b.valid()) out_ += " level " + e(x.b);
      break;
    case ExprKind::ImageQueryLevels: out_ += "image_levels " + e(x.a); break;
    case ExprKind::ImageQuerySamples: out_ += "image_samples " + e(x.a); break;
    case ExprKind::CallResult: out_ += "call_result f" + std::to_string(x.function.index); break;
    case ExprKind::AtomicResult: out_ += "atomic_result"; break;
    case ExprKind::SubgroupResult: out_ += "subgroup_result"; break;
    case ExprKind::SpirvInstResult: out_ += "spirv_result"; break;
  }
  out_ += "\n";
}

void Printer::block(Handle<Block> b, int indent) {
  if (!f_->blocks.contains(b)) {
    out_ += std::string(indent, ' ') + "<bad block>\n";
    return;
  }
  for (Handle<Statement> s : f_->blocks[b].stmts) stmt(s, indent);
}

void Printer::stmt(Handle<Statement> hs, int indent) {
  std::string pad(indent, ' ');
  if (!f_->statements.contains(hs)) {
    out_ += pad + "<bad statement>\n";
    return;
  }
  const Statement& s = f_->statements[hs];
  switch (s.kind) {
    case StmtKind::Emit:
      out_ += pad + "emit " + h(s.range.first) + ".." + h(s.range.first + s.range.count) + "\n";
      break;
    case StmtKind::Block:
      out_ += pad + "{\n";
      block(s.block0, indent + 2);
      out_ += pad + "}\n";
      break;
    case StmtKind::If:
      out_ += pad + hint(s.hint) + "if " + e(s.a) + " {\n";
      block(s.block0, indent + 2);
      if (s.block1.valid()) {
        out_ += pad + "} else {\n";
        block(s.block1, indent + 2);
      }
      out_ += pad + "}\n";
      break;
    case StmtKind::Switch:
      out_ += pad + hint(s.hint) + "switch " + e(s.a) + " {\n";
      for (uint32_t k = 0; k < s.range.count && s.range.first + k < f_->cases.size(); ++k) {
        const SwitchCase& c = f_->cases[s.range.first + k];
        out_ += pad + "  " + (c.isDefault ? std::string("default") : "case " + std::to_string(c.value)) +
                (c.fallThrough ? " (fallthrough)" : "") + ":\n";
        block(c.body, indent + 4);
      }
      out_ += pad + "}\n";
      break;
    case StmtKind::Loop:
      out_ += pad + hint(s.hint) + "loop {\n";
      block(s.block0, indent + 2);
      out_ += pad + "} continuing {\n";
      block(s.block1, indent + 2);
      if (s.a.valid()) out_ += pad + "  break_if " + e(s.a) + "\n";
      out_ += pad + "}\n";
      break;
    case StmtKind::Break: out_ += pad + "break\n"; break;
    case StmtKind::Continue: out_ += pad + "continue\n"; break;
    case StmtKind::Return: out_ += pad + "return" + (s.a.valid() ? " " + e(s.a) : std::string()) + "\n"; break;
    case StmtKind::Kill: out_ += pad + "kill\n"; break;
    case StmtKind::SpirvInst: {
      if (s.index >= f_->spirvInsts.size()) {
        out_ += pad + "spirv <bad index>\n";
        break;
      }
      const SpirvInstruction& in = f_->spirvInsts[s.index];
      out_ += pad + (s.result.valid() ? e(s.result) + " = " : std::string()) + "spirv " +
              (in.set.empty() ? std::string() : "\"" + in.set + "\" ") + std::to_string(in.opcode);
      for (const SpirvOperand& o : in.operands) {
        if (o.kind == SpirvOperand::Kind::Id) {
          out_ += " " + e(o.value);
        } else if (o.kind == SpirvOperand::Kind::TypeId) {
          out_ += " type(" + ty(o.type) + ")";
        } else {
          out_ += " #";
          for (size_t k = 0; k < o.words.size(); ++k) out_ += (k ? ":" : "") + std::to_string(o.words[k]);
        }
      }
      out_ += "\n";
      break;
    }
    case StmtKind::Debug: {
      if (DebugOp(s.op) == DebugOp::Break) {
        out_ += pad + "debug_break\n";
        break;
      }
      std::string fmt = s.index < f_->strings.size() ? f_->strings[s.index] : std::string("<bad index>");
      out_ += pad + "debug_printf \"" + fmt + "\"";
      for (uint32_t k = 0; k < s.range.count; ++k) out_ += ", " + e(f_->operands[s.range.first + k]);
      out_ += "\n";
      break;
    }
    case StmtKind::ImageStore: out_ += pad + "image_store " + e(s.a) + ", " + e(s.b) + ", " + e(s.c) + "\n"; break;
    case StmtKind::Store: out_ += pad + "store " + e(s.a) + ", " + e(s.b) + "\n"; break;
    case StmtKind::Call: {
      out_ += pad + (s.result.valid() ? e(s.result) + " = " : std::string()) + "call f" +
              std::to_string(s.function.index) + "(";
      for (uint32_t k = 0; k < s.range.count; ++k) out_ += (k ? ", " : "") + e(f_->operands[s.range.first + k]);
      out_ += ")\n";
      break;
    }
    case StmtKind::Atomic:
      out_ += pad + e(s.result) + " = atomic_" + atomicName(AtomicOp(s.op)) + " " + e(s.a) + ", " + e(s.b);
      if (s.c.valid()) out_ += ", " + e(s.c);
      out_ += "\n";
      break;
    case StmtKind::Barrier:
      out_ += pad +
              (s.control ? "control_barrier exec=" + std::string(scopeName(s.execScope)) + " " : "memory_barrier ") +
              "mem=" + scopeName(s.memScope) + " classes=" + std::to_string(s.memory) + "\n";
      break;
    case StmtKind::Subgroup:
      out_ += pad + e(s.result) + " = subgroup_" + subgroupOpName(SubgroupOp(s.op)) + collectiveName(s.collective);
      if (s.a.valid()) out_ += " " + e(s.a);
      if (s.b.valid()) out_ += ", lane " + e(s.b);
      out_ += "\n";
      break;
  }
}

std::string Printer::run() {
  for (uint32_t i = 0; i < m_.types.size(); ++i) {
    const Type& t = m_.types[Handle<Type>(i)];
    out_ += "type t" + std::to_string(i) + " = " + typeName(m_.types, Handle<Type>(i));
    if (t.kind == TypeKind::Struct) {
      out_ += " {";
      for (const StructMember& mem : t.members) {
        out_ += " " + mem.name + ": " + ty(mem.type) + " @offset(" + std::to_string(mem.offset) + ")";
        if (mem.matrixLayout != MatrixLayout::None)
          out_ += std::string(mem.matrixLayout == MatrixLayout::RowMajor ? " row_major" : " col_major") + "(" +
                  std::to_string(mem.matrixStride) + ")";
        out_ += bindingText(mem.binding) + ";";
      }
      out_ += " }";
    }
    out_ += "\n";
  }
  for (uint32_t i = 0; i < m_.constants.size(); ++i) {
    const Constant& c = m_.constants[Handle<Constant>(i)];
    out_ += "const c" + std::to_string(i) + (c.name.empty() ? "" : " " + c.name) + ": " + ty(c.type) + " = ";
    if (c.kind == Constant::Kind::Literal) {
      out_ += literalText(c.value);
      if (c.spec) out_ += " spec_id(" + std::to_string(c.specId) + ")";
    } else if (c.kind == Constant::Kind::Zero) {
      out_ += "zero";
    } else {
      if (c.kind == Constant::Kind::SpecOp) {
        switch (c.specOp) {
          case SpecOpKind::Unary: out_ += std::string("spec ") + unaryInfo(UnaryOp(c.op)).name; break;
          case SpecOpKind::Binary: out_ += std::string("spec ") + binaryInfo(BinaryOp(c.op)).name; break;
          case SpecOpKind::Select: out_ += "spec select"; break;
          case SpecOpKind::Convert: out_ += "spec convert"; break;
        }
      }
      out_ += "(";
      for (uint32_t k = 0; k < c.components.count; ++k)
        out_ += (k ? ", c" : "c") + std::to_string(m_.constantComponents[c.components.first + k].index);
      out_ += ")";
    }
    out_ += "\n";
  }
  for (uint32_t i = 0; i < m_.globals.size(); ++i) {
    const GlobalVariable& g = m_.globals[Handle<GlobalVariable>(i)];
    out_ += "global g" + std::to_string(i) + " " + g.name + ": " + spaceName(g.space);
    if (g.space == AddressSpace::Storage) out_ += g.access == StorageAccess::Load ? "(read)" : "(read_write)";
    out_ += " " + ty(g.type);
    if (g.binding)
      out_ += " @group(" + std::to_string(g.binding->group) + ") @binding(" + std::to_string(g.binding->binding) + ")";
    if (g.resource != ResourceKind::None) out_ += std::string(" ") + resourceKindName(g.resource);
    if (g.reg.cls)
      out_ += " register(" + std::string(1, g.reg.cls) + std::to_string(g.reg.index) + ", space" +
              std::to_string(g.reg.space) + ")";
    if (g.combinedImageSampler)
      out_ += g.combined.valid() ? " combined(g" + std::to_string(g.combined.index) + ")" : std::string(" combined");
    out_ += "\n";
  }
  for (uint32_t i = 0; i < m_.functions.size(); ++i) {
    const Function& f = m_.functions[Handle<Function>(i)];
    f_ = &f;
    out_ += "fn f" + std::to_string(i) + " " + f.name + "(";
    for (size_t k = 0; k < f.arguments.size(); ++k)
      out_ +=
          (k ? ", " : "") + f.arguments[k].name + ": " + ty(f.arguments[k].type) + bindingText(f.arguments[k].binding);
    out_ += ")";
    if (f.result) out_ += " -> " + ty(f.result->type) + bindingText(f.result->binding);
    out_ += " {\n";
    for (size_t k = 0; k < f.locals.size(); ++k)
      out_ += "  local l" + std::to_string(k) + " " + f.locals[k].name + ": " + ty(f.locals[k].type) +
              (f.locals[k].init.valid() ? " = c" + std::to_string(f.locals[k].init.index) : std::string()) + "\n";
    out_ += "  expressions:\n";
    for (uint32_t k = 0; k < f.expressions.size(); ++k) expr(k, f.expressions.raw()[k]);
    out_ += "  body:\n";
    block(f.body, 4);
    out_ += "}\n";
  }
  for (const EntryPoint& ep : m_.entryPoints) {
    out_ += "entry_point " + ep.name + " " + stageText(ep.stage) + " f" + std::to_string(ep.function.index);
    if (ep.stage == Stage::Compute) {
      out_ += " workgroup_size(";
      for (int d = 0; d < 3; ++d) {
        out_ += d ? ", " : "";
        out_ += ep.workgroupSizeSpec[d].valid() ? "c" + std::to_string(ep.workgroupSizeSpec[d].index) + " = " : "";
        out_ += std::to_string(ep.workgroupSize[d]);
      }
      out_ += ")";
    }
    out_ += "\n";
  }
  return std::move(out_);
}

}  // namespace

std::string typeName(const TypeArena& types, Handle<Type> h) {
  if (!types.contains(h)) return "<invalid type>";
  const Type& t = types[h];
  switch (t.kind) {
    case TypeKind::Scalar: return scalarName(t.scalar);
    case TypeKind::Vector:  // a stride: a packed vector (passes::packVectors)
      return (t.stride ? "packed_vec" : "vec") + std::to_string(t.size) + "<" + scalarName(t.scalar) + ">";
    case TypeKind::Matrix:
      return "mat" + std::to_string(t.columns) + "x" + std::to_string(t.size) + "<" + scalarName(t.scalar) + ">";
    case TypeKind::Array:
      return "array<" + typeName(types, t.base) + (t.arraySize ? ", " + std::to_string(t.arraySize) : std::string()) +
             (t.stride ? ", stride " + std::to_string(t.stride) : std::string()) + ">";
    case TypeKind::Struct: return "struct " + (t.name.empty() ? "t" + std::to_string(h.index) : t.name);
    case TypeKind::Pointer: return std::string("ptr<") + spaceName(t.space) + ", " + typeName(types, t.base) + ">";
    case TypeKind::Atomic: return std::string("atomic<") + scalarName(t.scalar) + ">";
    case TypeKind::Image: {
      static const char* const dims[] = {"1d", "2d", "3d", "cube", "buffer", "subpass"};
      static_assert(std::size(dims) == size_t(ImageDim::SubpassData) + 1);
      static const char* const cls[] = {"sampled", "depth", "storage"};
      return std::string("texture_") + cls[size_t(t.image.cls)] + "_" + dims[size_t(t.image.dim)] +
             (t.image.arrayed ? "_array" : "") + (t.image.multisampled ? "_ms" : "") + "<" +
             scalarName(t.image.sampled) + ">";
    }
    case TypeKind::Sampler: return t.comparisonSampler ? "sampler_comparison" : "sampler";
    case TypeKind::SpirvType: {
      // spirv_type<21, size 1, align 1: lit 8, lit 0> / spirv_opaque_type<28: texture_..., const u32 4>
      std::string r = std::string(t.spirvOpaque ? "spirv_opaque_type<" : "spirv_type<") + std::to_string(t.spirvOpcode);
      if (!t.spirvOpaque) r += ", size " + std::to_string(t.spirvSize) + ", align " + std::to_string(t.spirvAlign);
      const char* sep = ": ";
      for (const SpirvTypeOperand& o : t.spirvOperands) {
        r += sep;
        sep = ", ";
        if (o.kind == SpirvTypeOperand::Kind::Type) {
          r += typeName(types, o.type);
          continue;
        }
        r += o.kind == SpirvTypeOperand::Kind::Literal ? "lit" : "const " + typeName(types, o.type);
        for (uint32_t w : o.words) r += " " + std::to_string(w);
      }
      return r + ">";
    }
    case TypeKind::AccelerationStructure: return "acceleration_structure";
    case TypeKind::RayQuery: return "ray_query";
  }
  return "?";
}

std::string print(const Module& m) { return Printer(m).run(); }

}  // namespace oneshader::ir
