// MSL writer: function signatures (entry points with attributes, helpers with the
// program-scope state they use as reference parameters) and statements.
#include <algorithm>

#include "backend/msl/function_writer.hpp"
#include "backend/msl/helpers.hpp"
#include "ir/atomics.hpp"
#include "ir/subgroups.hpp"
#include "ir/builtins.hpp"

namespace oneshader::msl {

using namespace oneshader::ir;

FunctionWriter::FunctionWriter(Writer& w, Handle<Function> fh, bool isEntry, std::string& out)
    : w_(w),
      fh_(fh),
      f_(w.m_.functions[fh]),
      entry_(isEntry),
      out_(out),
      names_(isReserved, &w.globalNames_),
      locals_(w.m_, w.m_.functions[fh], text_,
              [this](Handle<Expression> h, const std::string& t) { return bind(h, t); }) {}

void FunctionWriter::line(const std::string& s) {
  body_.append(size_t(indent_) * 4, ' ');
  body_ += s;
  body_ += '\n';
}

std::string FunctionWriter::bind(Handle<Expression> h, const std::string& text) {
  std::string n = temp(h);
  line(w_.declare(ex(h).type, n) + " = " + text + ";");
  return n;
}

// ---------------------------------------------------------------- signatures

// The table ir/builtins.def, which reflection reads too. Metal has no fully-covered input,
// per-primitive shading rate, draw or device index, or cull distance; its interpolation
// qualifiers are for [[stage_in]] members, not [[barycentric_coord]] (noperspective SV_Barycentrics);
// HelperInvocation is simd_is_helper_thread(); amplification_id is another model than SV_ViewID.
// A vertex output's [[clip_distance]] is a C array member (entrySignature), never a parameter
// or a plain member.
static const char* builtinAttribute(BuiltIn b, Stage stage, bool input) {
  return b == BuiltIn::ClipDistance ? nullptr : mslBuiltinAttribute(b, stage, input);
}

// What an MSL error names for a built-in: the attribute for the [[vk::builtin]] ones.
static std::string builtinText(const Binding& b, const char* dir) {
  if (const char* vk = vkBuiltinSpelling(b.builtin))
    return "[[vk::builtin(\"" + std::string(vk) + "\")]] (the " + dir + " '" + b.semantic + "')";
  if (b.semantic.starts_with("SV_") || b.semantic.starts_with("sv_"))
    return "the semantic '" + b.semantic + "' (" + std::string(dir) + ")";
  return "the built-in " + std::string(dir) + " '" + std::string(builtinName(b.builtin)) + "'";
}

// The interpolation qualifier added inside a fragment input's [[user(locnN), ...]].
static std::string interpolationAttr(const Binding& b) {
  if (b.interpolation == Binding::Interpolation::Flat) return ", flat";
  const char* where = b.sampling == Binding::Sampling::Centroid ? "centroid"
                      : b.sampling == Binding::Sampling::Sample ? "sample"
                                                                : "center";
  if (b.interpolation == Binding::Interpolation::Linear) return std::string(", ") + where + "_no_perspective";
  if (b.sampling == Binding::Sampling::Center) return "";
  return std::string(", ") + where + "_perspective";
}

std::string FunctionWriter::signature(std::string& prologue) {
  (void)prologue;
  std::string ret = f_.result ? w_.typeName(f_.result->type) : "void";
  std::string s = ret + " " + w_.functionNames_[fh_.index] + "(";
  bool first = true;
  auto param = [&](const std::string& p) {
    s += (first ? "" : ", ") + p;
    first = false;
  };
  for (size_t i = 0; i < f_.arguments.size(); ++i) {
    const FunctionArgument& a = f_.arguments[i];
    const Type& t = ty(a.type);
    if (t.kind == TypeKind::Pointer) {
      const char* sp = t.space == AddressSpace::WorkGroup ? "threadgroup "
                       : t.space == AddressSpace::Storage ? "device "
                                                          : "thread ";
      param(sp + w_.typeName(t.base) + "& " + argNames_[i]);
    } else if (t.kind == TypeKind::Image || t.kind == TypeKind::Sampler) {
      param(w_.typeName(a.type) + " " + argNames_[i]);
    } else {
      param(w_.declare(a.type, argNames_[i]));
    }
  }
  const FunctionNeeds& n = w_.needs_[fh_.index];
  for (uint32_t g : n.globals) param(w_.globalParameter(g));
  if (n.simdSize) param("uint " + w_.simdSizeName_);
  if (n.simdLane) param("uint " + w_.simdLaneName_);
  if (n.bufferSizes) param("constant uint* " + w_.bufferSizesName_);
  return s + ")";
}

std::string FunctionWriter::entrySignature(std::string& prologue) {
  const EntryPoint& ep = w_.ep_;
  range_ = f_.range;  // an interface value Metal cannot express is reported at the entry point
  std::vector<std::string> params;
  // Resources, in argument-table order.
  std::vector<std::pair<uint64_t, uint32_t>> res;
  for (uint32_t g : w_.needs_[fh_.index].globals) {
    auto it = w_.bindingIndex_.find(g);
    if (it == w_.bindingIndex_.end()) continue;
    const GlobalVariable& gv = w_.m_.globals[Handle<GlobalVariable>(g)];
    int kind = w_.resourceKind(gv);
    res.push_back({uint64_t(kind) << 32 | it->second, g});
  }
  std::sort(res.begin(), res.end());
  for (auto [key, g] : res) {
    static const char* attr[3] = {"buffer", "texture", "sampler"};
    // A rasterizer ordered view: Metal's raster order group 0 orders its accesses between
    // overlapping fragments in primitive order, as the HLSL type does (MSL 2.4 5.2.3).
    bool rov = w_.m_.globals[Handle<GlobalVariable>(g)].rasterOrdered && w_.ep_.stage == Stage::Pixel;
    params.push_back(w_.globalParameter(g) + " [[" + attr[key >> 32] + "(" + std::to_string(uint32_t(key)) + ")" +
                     (rov ? ", raster_order_group(0)" : "") + "]]");
  }
  size_t resourceParams = params.size();
  if (w_.needs_[fh_.index].bufferSizes) {
    // GetDimensions on a buffer: element i is the byte size of the buffer at [[buffer(i)]].
    long buffers = long(std::count_if(res.begin(), res.end(), [](const auto& r) { return (r.first >> 32) == 0; }));
    params.insert(params.begin() + buffers, "constant uint* " + w_.bufferSizesName_ + " [[buffer(" +
                                                std::to_string(w_.bufferSizesIndex_) + ")]]");
    ++resourceParams;
  }
  // Program-scope state that MSL keeps per thread or per threadgroup: kernel locals.
  for (uint32_t g : w_.needs_[fh_.index].globals) {
    const GlobalVariable& gv = w_.m_.globals[Handle<GlobalVariable>(g)];
    const std::string& n = w_.globalNamesOf_[g];
    if (gv.space == AddressSpace::WorkGroup)
      prologue += "    threadgroup " + w_.declare(gv.type, n) + ";\n";
    else if (gv.space == AddressSpace::Private) {
      std::string init = gv.init.valid() ? constant(gv.init) : w_.typeName(gv.type) + "{}";
      prologue += "    " + w_.declare(gv.type, n) + " = " + init + ";\n";
    }
  }
  // Stage inputs.
  bool graphics = ep.stage != Stage::Compute;
  std::string inStruct, inName;
  std::string inMembers;
  Namer inNames(isReserved);
  auto stageIn = [&](Handle<Type> t, const Binding& b, const std::string& base) {
    std::string m = inNames.make(base);
    std::string attr = ep.stage == Stage::Vertex
                           ? " [[attribute(" + std::to_string(b.location) + ")]]"
                           : " [[user(locn" + std::to_string(b.location) + ")" + interpolationAttr(b) + "]]";
    inMembers += "    " + w_.declare(t, m) + attr + ";\n";
    if (inName.empty()) inName = names_.make("in");
    return inName + "." + m;
  };
  auto builtinParam = [&](Handle<Type> t, const Binding& bd, const std::string& base, bool named) -> std::string {
    BuiltIn b = bd.builtin;
    // [[vk::builtin("HelperInvocation")]]: MSL 2.3's simd_is_helper_thread() (fragment only).
    if (b == BuiltIn::HelperInvocation) return "simd_is_helper_thread()";
    const char* attr0 = builtinAttribute(b, ep.stage, true);
    if (!attr0) {
      error(builtinText(bd, "input"));
      return "0";
    }
    if (b == BuiltIn::BaryCoord && bd.sampling != Binding::Sampling::Center) {
      error("the semantic '" + bd.semantic + "' with " +
            (bd.sampling == Binding::Sampling::Centroid ? "centroid" : "sample") + " interpolation");
      return "0";
    }
    std::string attr = attr0;
    // MSL wants uint/uint2/uint3 for the compute positions; other types convert.
    Handle<Type> vt = builtinValueType(w_.types_, b);
    const Type& T = ty(t);
    bool ok = t == vt || (T.kind == TypeKind::Scalar && T.scalar == Scalar::u32() && ty(vt).kind == TypeKind::Vector) ||
              (T.kind == TypeKind::Vector && T.scalar == Scalar::u32() && ty(vt).kind == TypeKind::Vector);
    if (ok) {
      std::string n = named ? base : names_.make(base);
      params.push_back(w_.declare(t, n) + " [[" + attr + "]]");
      return n;
    }
    std::string n = names_.make(base + "_in");
    params.push_back(w_.declare(vt, n) + " [[" + attr + "]]");
    uint32_t want = componentCount(w_.types_, t), have = componentCount(w_.types_, vt);
    std::string src = n;
    if (want < have) src += want == 1 ? ".x" : want == 2 ? ".xy" : ".xyz";
    return w_.typeName(t) + "(" + src + ")";
  };
  for (size_t i = 0; i < f_.arguments.size(); ++i) {
    const FunctionArgument& a = f_.arguments[i];
    const Type& t = ty(a.type);
    if (a.binding.isBuiltin()) {
      std::string v = builtinParam(a.type, a.binding, argNames_[i], true);
      if (v != argNames_[i] && v.find('(') == std::string::npos && v.find('.') == std::string::npos)
        argNames_[i] = v;
      else if (v != argNames_[i])
        prologue += "    " + w_.declare(a.type, argNames_[i]) + " = " + v + ";\n";
    } else if (a.binding.kind == Binding::Kind::Location) {
      prologue += "    " + w_.declare(a.type, argNames_[i]) + " = " + stageIn(a.type, a.binding, a.name) + ";\n";
    } else if (t.kind == TypeKind::Struct) {
      prologue += "    " + w_.declare(a.type, argNames_[i]) + ";\n";
      for (size_t k = 0; k < t.members.size(); ++k) {
        const StructMember& mem = t.members[k];
        std::string v = mem.binding.isBuiltin() ? builtinParam(mem.type, mem.binding, mem.name, false)
                                                : stageIn(mem.type, mem.binding, mem.name);
        prologue += "    " + argNames_[i] + "." + w_.memberName(a.type, uint32_t(k)) + " = " + v + ";\n";
      }
    } else {
      error("an entry-point parameter without a semantic");
    }
  }
  const FunctionNeeds& n = w_.needs_[fh_.index];
  if (n.simdSize) params.push_back("uint " + w_.simdSizeName_ + " [[threads_per_simdgroup]]");
  if (n.simdLane) params.push_back("uint " + w_.simdLaneName_ + " [[thread_index_in_simdgroup]]");
  std::string decls;
  if (!inMembers.empty()) {
    inStruct = w_.globalNames_.make(ep.name + "_in");
    decls += "struct " + inStruct + "\n{\n" + inMembers + "};\n\n";
    params.insert(params.begin() + long(resourceParams), inStruct + " " + inName + " [[stage_in]]");
  }
  // Outputs.
  std::string ret = "void";
  if (f_.result) {
    outStruct_ = w_.globalNames_.make(ep.name + "_out");
    std::string members;
    Namer outNames(isReserved);
    auto outMember = [&](Handle<Type> t, const Binding& b, const std::string& base) {
      std::string m = outNames.make(base);
      std::string attr;
      if (b.isBuiltin() && b.builtin == BuiltIn::ClipDistance && ep.stage == Stage::Vertex &&
          ty(t).kind == TypeKind::Array) {
        // Metal's clip distances: a C array member `float NAME [[clip_distance]] [N]`,
        // copied element by element from the result.
        cArrayMembers_[outMembers_.size()] = ty(t).arraySize;
        members += "    float " + m + " [[clip_distance]] [" + std::to_string(ty(t).arraySize) + "];\n";
        outMembers_.push_back(m);
        return;
      }
      if (b.isBuiltin()) {
        const char* a = builtinAttribute(b.builtin, ep.stage, false);
        if (!a) error(builtinText(b, "output"));
        attr = std::string(" [[") + (a ? a : "") + "]]";
      } else if (ep.stage == Stage::Pixel) {
        // [[vk::index(N)]]: dual-source blending, MSL's index(N) on colour attachment 0.
        attr = " [[color(" + std::to_string(b.location) + ")" +
               (b.blendIndex >= 0 ? ", index(" + std::to_string(b.blendIndex) + ")" : "") + "]]";
      } else {
        attr = " [[user(locn" + std::to_string(b.location) + ")]]";
      }
      members += "    " + w_.declare(t, m) + attr + ";\n";
      outMembers_.push_back(m);
    };
    const Type& rt = ty(f_.result->type);
    if (rt.kind == TypeKind::Struct && f_.result->binding.kind == Binding::Kind::None) {
      for (const StructMember& mem : rt.members) outMember(mem.type, mem.binding, mem.name);
    } else {
      outMember(f_.result->type, f_.result->binding, f_.result->binding.isBuiltin() ? "position" : "out_var");
    }
    decls += "struct " + outStruct_ + "\n{\n" + members + "};\n\n";
    ret = outStruct_;
  }
  const char* qual = ep.stage == Stage::Compute ? "kernel" : ep.stage == Stage::Pixel ? "fragment" : "vertex";
  if (ep.stage != Stage::Compute && ep.stage != Stage::Pixel && ep.stage != Stage::Vertex) error("this shader stage");
  std::string s = decls;
  if (!graphics) {
    // [numthreads(X, Y, Z)]: Metal takes the size from the host's dispatch; the attribute
    // bounds it (a dispatch with more threads per threadgroup fails to create). A dimension
    // set by a specialization constant is the host's to choose (reflection names the
    // constant), so a specialised size has no bound.
    uint64_t total = uint64_t(ep.workgroupSize[0]) * ep.workgroupSize[1] * ep.workgroupSize[2];
    s += "// threads per threadgroup: ";
    bool specialised = false;
    for (int d = 0; d < 3; ++d) {
      s += d ? ", " : "";
      s += std::to_string(ep.workgroupSize[d]);
      if (auto id = workgroupSpecId(w_.m_, ep.workgroupSizeSpec[d])) {
        s += " (default; specialization constant " + std::to_string(*id) + ")";
        specialised = true;
      }
    }
    s += "\n";
    if (total && !specialised) s += "[[max_total_threads_per_threadgroup(" + std::to_string(total) + ")]]\n";
  }
  if (ep.earlyFragmentTests) s += "[[early_fragment_tests]]\n";
  s += std::string(qual) + " " + ret + " " + w_.functionNames_[fh_.index] + "(";
  for (size_t i = 0; i < params.size(); ++i) s += (i ? ", " : "") + params[i];
  return s + ")";
}

// ---------------------------------------------------------------- statements

void FunctionWriter::block(Handle<Block> b) {
  if (!f_.blocks.contains(b)) return;
  for (Handle<Statement> s : f_.blocks[b].stmts) statement(s);
  locals_.endBlock(true);
}

void FunctionWriter::subgroup(const Statement& s) {
  SubgroupOp op = SubgroupOp(s.op);
  Handle<Expression> res = s.result;
  std::string rt = w_.typeName(ex(res).type);
  std::string a = s.a.valid() ? operand(s.a) : "";
  bool excl = s.collective == CollectiveOp::ExclusiveScan, incl = s.collective == CollectiveOp::InclusiveScan;
  Scalar sc = s.a.valid() ? scalarOf(w_.types_, ex(s.a).type).value_or(Scalar::u32()) : Scalar::u32();
  if (sc.width == 64) {
    wave64(s);
    return;
  }
  std::string v;
  // The function from ir/subgroups.def; the printer adds the operands (and their casts).
  const char* fn = subgroupMsl(op, s.collective);
  auto lane = [&]() { return ", ushort(" + operand(s.b) + ")"; };
  auto arith = [&]() {
    if (!*fn) {
      error(std::string("a prefix form of ") + subgroupMsl(op, CollectiveOp::Reduce));
      return std::string("0");
    }
    if (sc.kind == ScalarKind::Bool) {
      std::string ut = w_.typeName(withScalar(w_.types_, ex(s.a).type, Scalar::u32()));
      return rt + "(" + fn + "(" + ut + "(" + a + ")))";
    }
    return std::string(fn) + "(" + a + ")";
  };
  switch (op) {
    case SubgroupOp::Elect: v = std::string(fn) + "()"; break;
    case SubgroupOp::All:
    case SubgroupOp::Any:
    case SubgroupOp::BroadcastFirst: v = std::string(fn) + "(" + a + ")"; break;
    case SubgroupOp::AllEqual: {
      // WaveActiveAllEqual = all(x == broadcast_first(x)) over the lanes.
      std::string all = subgroupMsl(SubgroupOp::All, CollectiveOp::None);
      std::string cmp = "(" + a + " == " + subgroupMsl(SubgroupOp::BroadcastFirst, CollectiveOp::None) + "(" + a + "))";
      v = tyOf(s.a).kind == TypeKind::Vector ? all + "(all" + cmp + ")" : all + cmp;
      break;
    }
    case SubgroupOp::Ballot: {
      if (uses_[res.index] == 0) {
        v = std::string(fn) + "(" + (s.a.valid() ? a : std::string("true")) + ")";
        break;
      }
      // simd_vote holds one bit per lane (SIMD-groups have at most 64 lanes): lanes 0-31
      // in .x and 32-63 in .y, as HLSL's uint4 ballot.
      std::string vote = names_.make("_vote" + std::to_string(res.index));
      line("ulong " + vote + " = static_cast<ulong>(static_cast<simd_vote::vote_t>(" + fn + "(" +
           (s.a.valid() ? a : std::string("true")) + ")));");
      v = "uint4(uint(" + vote + "), uint(" + vote + " >> 32), 0u, 0u)";
      break;
    }
    case SubgroupOp::BallotBitCount:
      // A count of a WaveActiveBallot is the sum of its condition (passes::countBallots);
      // what is left counts a uint4 from elsewhere.
      if (excl || incl) {
        error("a prefix bit count of a ballot that is not WaveActiveBallot's");
        break;
      }
      v = "(popcount(" + a + ".x) + popcount(" + a + ".y) + popcount(" + a + ".z) + popcount(" + a + ".w))";
      break;
    case SubgroupOp::Broadcast:
    case SubgroupOp::Shuffle:
    case SubgroupOp::ShuffleXor:
    case SubgroupOp::ShuffleUp:
    case SubgroupOp::ShuffleDown:
    case SubgroupOp::QuadBroadcast: v = std::string(fn) + "(" + a + lane() + ")"; break;
    // The lane index in a quad is x + 2y: X flips bit 0, Y bit 1, the diagonal both.
    case SubgroupOp::QuadSwapX: v = std::string(fn) + "(" + a + ", 1)"; break;
    case SubgroupOp::QuadSwapY: v = std::string(fn) + "(" + a + ", 2)"; break;
    case SubgroupOp::QuadSwapDiagonal: v = std::string(fn) + "(" + a + ", 3)"; break;
    default:
      if (subgroupFeatureOf(op) == vk::SubgroupArithmetic)  // Add ... Xor
        v = arith();
      else
        error(std::string("the wave operation '") + subgroupOpName(op) + "'");
      break;
  }
  if (v.empty()) v = rt + "{}";
  if (uses_[res.index] == 0) {  // no name for a result nothing reads
    line(v + ";");
    return;
  }
  if (locals_.result(res, v, uses_[res.index])) return;
  std::string n = temp(res);
  line(rt + " " + n + " = " + v + ";");
  text_[res.index] = n;
}

// A wave operation on a 64-bit integer: Metal's SIMD-group functions take 8- to 32-bit
// values, so the helpers (helpers.cpp) move the two 32-bit halves; vectors go component
// by component. Doubles: MSL has none.
void FunctionWriter::wave64(const Statement& s) {
  SubgroupOp op = SubgroupOp(s.op);
  Handle<Expression> res = s.result;
  std::string rt = w_.typeName(ex(res).type);
  Scalar sc = scalarOf(w_.types_, ex(s.a).type).value_or(Scalar::u32());
  text_[res.index] = rt + "{}";
  if (sc.kind == ScalarKind::Float) {
    error("a wave operation on a 64-bit floating-point value (MSL has no double)");
    return;
  }
  bool allEqual = op == SubgroupOp::AllEqual;
  std::string fn = wave64Helper(w_, allEqual ? SubgroupOp::BroadcastFirst : op, s.collective, sc);
  if (fn.empty()) {
    error(std::string("the wave operation '") + subgroupOpName(op) + "' on a 64-bit value");
    return;
  }
  std::string extra = !allEqual && wave64MoveTakesLane(op) ? ", ushort(" + operand(s.b) + ")" : "";
  Handle<Type> vt = ex(s.a).type;
  uint32_t n = ty(vt).kind == TypeKind::Vector ? ty(vt).size : 1;
  std::string a = operand(s.a);
  std::string v;
  if (n == 1) {
    v = fn + "(" + a + extra + ")";
  } else {
    std::string x = names_.make("_e" + std::to_string(res.index) + "_x");
    line(w_.declare(vt, x) + " = " + a + ";");
    a = x;
    if (uses_[res.index] == 0 && !allEqual) {  // a statement per component, no name
      for (uint32_t k = 0; k < n; ++k) line(fn + "(" + x + "." + "xyzw"[k] + extra + ");");
      return;
    }
    v = w_.typeName(vt) + "(";
    for (uint32_t k = 0; k < n; ++k) v += std::string(k ? ", " : "") + fn + "(" + x + "." + "xyzw"[k] + extra + ")";
    v += ")";
  }
  if (allEqual) {
    std::string all = subgroupMsl(SubgroupOp::All, CollectiveOp::None);
    v = n == 1 ? all + "(" + a + " == " + v + ")" : all + "(all(" + a + " == " + v + "))";
  }
  if (uses_[res.index] == 0) {
    line(v + ";");
    return;
  }
  std::string r = temp(res);
  line(rt + " " + r + " = " + v + ";");
  text_[res.index] = r;
}

void FunctionWriter::atomic(const Statement& s) {
  const Type& P = tyOf(s.a);
  const Type& E = ty(P.base);
  Scalar sc = scalarOf(w_.types_, P.base).value_or(Scalar::u32());
  if (sc.width != 32) {
    error("a 64-bit atomic operation");
    return;
  }
  const char* space = P.space == AddressSpace::WorkGroup ? "threadgroup" : "device";
  if (P.space != AddressSpace::WorkGroup && P.space != AddressSpace::Storage)
    error("an atomic operation outside buffers and groupshared memory");
  std::string at = sc.kind == ScalarKind::Sint ? "atomic_int" : "atomic_uint";
  std::string obj =
      E.kind == TypeKind::Atomic ? "&" + operand(s.a) : "(" + std::string(space) + " " + at + "*)&" + operand(s.a);
  std::string val = operand(s.b);
  std::string rt = w_.scalarName(sc, range_);
  std::string r;
  const char* fn = atomicInfo(AtomicOp(s.op)).msl;
  if (AtomicOp(s.op) == AtomicOp::CompareExchange) {
    // A strong compare-exchange from the weak one: retry while it failed spuriously.
    std::string cmp = operand(s.c);
    r = s.result.valid() ? temp(s.result) : names_.make("_cmp");
    line(rt + " " + r + ";");
    line("do");
    line("{");
    line("    " + r + " = " + cmp + ";");
    line("} while (!" + std::string(fn) + "(" + obj + ", &" + r + ", " + val +
         ", memory_order_relaxed, memory_order_relaxed) && " + r + " == " + cmp + ");");
    if (s.result.valid()) text_[s.result.index] = r;
    return;
  }
  std::string call = std::string(fn) + "(" + obj + ", " + val + ", memory_order_relaxed)";
  if (!s.result.valid() || !locals_.result(s.result, call, uses_[s.result.index])) line(call + ";");
}

void FunctionWriter::barrier(const Statement& s) {
  std::string flags;
  auto add = [&](const char* f) { flags += (flags.empty() ? "" : " | ") + std::string(f); };
  if (s.memory & BarrierUniform) add("mem_flags::mem_device");
  if (s.memory & BarrierWorkgroup) add("mem_flags::mem_threadgroup");
  if (s.memory & BarrierImage) add("mem_flags::mem_texture");
  if (flags.empty()) flags = "mem_flags::mem_none";
  // MSL 2.4 has no fence without execution synchronisation in every stage: a memory
  // barrier is written as threadgroup_barrier too (as SPIRV-Cross does).
  line("threadgroup_barrier(" + flags + ");");
}

void FunctionWriter::call(const Statement& s) {
  std::string c = w_.functionNames_[s.function.index] + "(";
  bool first = true;
  for (uint32_t k = 0; k < s.range.count; ++k) {
    c += (first ? "" : ", ") + operand(f_.operands[s.range.first + k]);
    first = false;
  }
  const FunctionNeeds& n = w_.needs_[s.function.index];
  for (uint32_t g : n.globals) c += (first ? "" : ", ") + w_.globalNamesOf_[g], first = false;
  if (n.simdSize) c += (first ? "" : ", ") + w_.simdSizeName_, first = false;
  if (n.simdLane) c += (first ? "" : ", ") + w_.simdLaneName_, first = false;
  if (n.bufferSizes) c += (first ? "" : ", ") + w_.bufferSizesName_, first = false;
  c += ")";
  if (!s.result.valid() || !locals_.result(s.result, c, uses_[s.result.index])) line(c + ";");
}

void FunctionWriter::ret(const Statement& s) {
  if (!entry_ || !f_.result) {
    line(s.a.valid() && !entry_ ? "return " + operand(s.a) + ";" : "return;");
    return;
  }
  if (!s.a.valid()) {
    line("return {};");
    return;
  }
  std::string v = operand(s.a);
  std::string o = names_.make("out");
  line(outStruct_ + " " + o + " = {};");
  const Type& rt = ty(f_.result->type);
  if (rt.kind == TypeKind::Struct && f_.result->binding.kind == Binding::Kind::None) {
    std::string tmp = v;
    if (v.find_first_of("({[ ") != std::string::npos) {
      tmp = names_.make("result");
      line(w_.declare(f_.result->type, tmp) + " = " + v + ";");
    }
    for (size_t k = 0; k < outMembers_.size(); ++k) {
      std::string from = tmp + "." + w_.memberName(f_.result->type, uint32_t(k));
      if (auto c = cArrayMembers_.find(k); c != cArrayMembers_.end()) {
        for (uint32_t e = 0; e < c->second; ++e)
          line(o + "." + outMembers_[k] + "[" + std::to_string(e) + "] = " + from + "[" + std::to_string(e) + "];");
        continue;
      }
      line(o + "." + outMembers_[k] + " = " + from + ";");
    }
  } else if (!outMembers_.empty()) {
    if (auto c = cArrayMembers_.find(0); c != cArrayMembers_.end()) {
      std::string tmp = names_.make("result");
      line(w_.declare(f_.result->type, tmp) + " = " + v + ";");
      for (uint32_t e = 0; e < c->second; ++e)
        line(o + "." + outMembers_[0] + "[" + std::to_string(e) + "] = " + tmp + "[" + std::to_string(e) + "];");
    } else {
      line(o + "." + outMembers_[0] + " = " + v + ";");
    }
  }
  line("return " + o + ";");
}

// `pointer = value`.
void FunctionWriter::store(Handle<Expression> ptr, const std::string& value) {
  line(operand(ptr) + " = " + value + ";");
}

void FunctionWriter::statement(Handle<Statement> hs) {
  const Statement& s = f_.statements[hs];
  range_ = f_.stmtRange(hs);
  if (s.kind != StmtKind::Emit) locals_.beforeStatement(hs);
  switch (s.kind) {
    case StmtKind::Emit: forEachEmitted(f_, s, [&](Handle<Expression> h) { evaluate(h); }); break;
    case StmtKind::Block:
      line("{");
      ++indent_;
      block(s.block0);
      --indent_;
      line("}");
      break;
    case StmtKind::If:
      line("if (" + operand(s.a) + ")");
      line("{");
      ++indent_;
      block(s.block0);
      --indent_;
      line("}");
      if (s.block1.valid() && !f_.blocks[s.block1].stmts.empty()) {
        line("else");
        line("{");
        ++indent_;
        block(s.block1);
        --indent_;
        line("}");
      }
      break;
    case StmtKind::Switch: {
      Scalar sel = scalarOf(w_.types_, ex(s.a).type).value_or(Scalar::i32());
      bool isUnsigned = sel.kind == ScalarKind::Uint;
      line("switch (" + operand(s.a) + ")");
      line("{");
      for (uint32_t k = 0; k < s.range.count; ++k) {
        const SwitchCase& c = f_.cases[s.range.first + k];
        Literal wide;  // a 64-bit selector's label: `12345678910l`, `18446744073709551615ul`
        wide.scalar = sel;
        wide.i = c.value;
        if (c.isDefault)
          line("default:");
        else if (sel.width == 64)
          line("case " + literalText(wide) + ":");
        else
          line("case " + (isUnsigned ? std::to_string(uint32_t(c.value)) + "u" : std::to_string(int32_t(c.value))) +
               ":");
        line("{");
        ++indent_;
        block(c.body);
        bool ends = false;  // the body already leaves the case
        if (f_.blocks.contains(c.body) && !f_.blocks[c.body].stmts.empty()) {
          StmtKind k = f_.statements[f_.blocks[c.body].stmts.back()].kind;
          ends = k == StmtKind::Break || k == StmtKind::Continue || k == StmtKind::Return || k == StmtKind::Kill;
        }
        if (!c.fallThrough && !ends) line("break;");
        --indent_;
        line("}");
      }
      line("}");
      break;
    }
    case StmtKind::Loop: {
      // `continue` in the body must run the continuing block: the continuing block and
      // the break-if run at the top of every iteration but the first.
      bool hasCont = (s.block1.valid() && !f_.blocks[s.block1].stmts.empty()) || s.a.valid();
      std::string gate;
      if (hasCont) {
        gate = names_.make("loop_init");
        line("bool " + gate + " = true;");
      }
      line("while (true)");
      line("{");
      ++indent_;
      if (hasCont) {
        line("if (!" + gate + ")");
        line("{");
        ++indent_;
        if (s.block1.valid()) block(s.block1);
        range_ = f_.stmtRange(hs);
        if (s.a.valid()) line("if (" + operand(s.a) + ") break;");
        --indent_;
        line("}");
        line(gate + " = false;");
      }
      block(s.block0);
      --indent_;
      line("}");
      break;
    }
    case StmtKind::Break: line("break;"); break;
    case StmtKind::Continue: line("continue;"); break;
    case StmtKind::Return: ret(s); break;
    case StmtKind::Kill: line("discard_fragment();"); break;
    case StmtKind::Store:
      if (int32_t l = locals_.declaredBy(hs); l >= 0) {
        // The local's declaration, with its first value (locals.hpp).
        line(w_.declare(f_.locals[uint32_t(l)].type, localNames_[uint32_t(l)]) + " = " + operand(s.b) + ";");
        break;
      }
      store(s.a, operand(s.b));
      break;
    case StmtKind::ImageStore: {
      const Type& it = tyOf(s.a);
      uint32_t dims = it.image.dim == ImageDim::D1 || it.image.dim == ImageDim::Buffer ? 1
                      : it.image.dim == ImageDim::D2                                   ? 2
                                                                                       : 3;
      std::string c = operand(s.b);
      if (it.image.arrayed) c = vectorValue(c, ex(s.b).type);
      std::string coord = dims == 1 ? "uint(" + c + ")"
                                    : "uint" + std::to_string(dims) + "(" + c +
                                          (it.image.arrayed ? (dims == 2 ? ".xy" : ".x") : "") + ")";
      std::string layer = it.image.arrayed ? ", uint(" + c + (dims == 2 ? ".z" : ".y") + ")" : "";
      line(operand(s.a) + ".write(" + operand(s.c) + ", " + coord + layer + ");");
      break;
    }
    case StmtKind::Call: call(s); break;
    case StmtKind::Atomic: atomic(s); break;
    case StmtKind::Barrier: barrier(s); break;
    case StmtKind::Subgroup: subgroup(s); break;
    case StmtKind::SpirvInst: error("inline SPIR-V"); break;  // the driver reports OSH4101 first
    case StmtKind::Debug: break;                              // printf / DebugBreak: OSH4002 (ir::reportIgnoredHints)
  }
}

void FunctionWriter::run() {
  text_.assign(f_.expressions.size(), {});
  countUses();
  for (const FunctionArgument& a : f_.arguments) argNames_.push_back(names_.make(a.name));
  std::string prologue;
  std::string sig = entry_ ? entrySignature(prologue) : signature(prologue);
  for (const LocalVariable& l : f_.locals) localNames_.push_back(names_.make(l.name));
  for (size_t i = 0; i < f_.locals.size(); ++i) {
    const LocalVariable& l = f_.locals[i];
    if (locals_.declaredAtStore(uint32_t(i))) continue;  // declared at its first store
    std::string init = l.init.valid() ? constant(l.init) : w_.typeName(l.type) + "{}";
    prologue += "    " + w_.declare(l.type, localNames_[i]) + " = " + init + ";\n";
  }
  for (uint32_t i = 0; i < f_.expressions.size(); ++i) {
    const Expression& x = f_.expressions.raw()[i];
    switch (x.kind) {
      case ExprKind::LocalVariable:
        if (x.local < localNames_.size()) text_[i] = localNames_[x.local];
        break;
      case ExprKind::FunctionArgument:
        if (x.index < argNames_.size()) text_[i] = argNames_[x.index];
        break;
      case ExprKind::GlobalVariable:
        if (x.global.index < w_.globalNamesOf_.size()) text_[i] = w_.globalNamesOf_[x.global.index];
        break;
      case ExprKind::Builtin:
        if (x.builtin == BuiltIn::SubgroupSize)
          text_[i] = w_.simdSizeName_;
        else if (x.builtin == BuiltIn::SubgroupLocalInvocationId)
          text_[i] = w_.simdLaneName_;
        // IsHelperLane(): simd_is_helper_thread() (fragment functions only), false elsewhere.
        else if (x.builtin == BuiltIn::HelperInvocation)
          text_[i] = w_.ep_.stage == Stage::Pixel ? "simd_is_helper_thread()" : "false";
        else
          w_.error(f_.exprRange(Handle<Expression>(i)), std::string("the built-in '") + builtinName(x.builtin) +
                                                            "' read outside the entry point's parameters");
        break;
      default: break;
    }
  }
  block(f_.body);
  out_ += sig + "\n{\n" + prologue + body_ + "}\n\n";
}

void writeFunction(Writer& w, Handle<Function> f, bool isEntry, std::string& out) {
  FunctionWriter fw(w, f, isEntry, out);
  fw.run();
}

}  // namespace oneshader::msl
