// Internal: the WGSL writer (module level in writer.cpp, types and layout in
// write_types.cpp, function bodies in write_function.cpp).
#pragma once
#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "backend/common/namer.hpp"
#include "backend/wgsl/wgsl.hpp"
#include "diag/diag.hpp"
#include "ir/ir.hpp"
#include "ir/util.hpp"

namespace oneshader::wgsl {

// WGSL keywords, reserved words and the predeclared names this writer relies on.
bool isWgslReserved(std::string_view name);
using text::Namer;
const char* wgslStageName(ir::Stage s);

class Writer {
 public:
  // `m` is the module of the one entry point `ep`, raised for WGSL (raise.hpp).
  Writer(ir::Module& m, const ir::EntryPoint& ep, const WgslOptions& o, DiagEngine& d);
  std::optional<WgslResult> run();

 private:
  friend class FunctionWriter;
  ir::Module& m_;
  const ir::EntryPoint& ep_;
  WgslOptions opt_;
  DiagEngine& diags_;
  ir::TypeArena& types_;  // m_.types (the writer still interns helper types)
  bool failed_ = false;
  std::set<std::string> reported_;
  SourceRange curRange_;

  Namer names_{isWgslReserved};
  std::vector<uint32_t> reachable_;       // function indices in IR order
  std::vector<std::string> fnNames_;      // by function
  std::vector<std::string> globalNames_;  // by global
  std::vector<uint8_t> globalUsed_;       // by global
  std::vector<uint8_t> unwrapped_;        // by global: block { T data[]; } emitted as array<T>
  std::vector<uint8_t> written_;          // by global: stored to, atomically accessed or passed by pointer
  bool usesClipDistances_ = false;        // SV_ClipDistance: `enable clip_distances;`
  bool usesPrimitiveIndex_ = false;       // SV_PrimitiveID: `enable primitive_index;`
  bool dualSource_ = false;               // [[vk::index]]: @blend_src, `enable dual_source_blending;`
  bool usesTypedBuffers_ = false;         // RWBuffer<T> / Buffer<T> as storage buffers
  bool usesStorageTextures_ = false, usesSubgroups_ = false, usesF16_ = false, usesDerivatives_ = false;
  std::set<ir::BuiltIn> builtinsInHelpers_;  // copied into private globals by the entry point
  std::set<ir::BuiltIn> builtinsUsed_;

  // struct declarations: (IR type, uniform rules) -> name
  struct StructKey {
    uint32_t type;
    bool uniform;
    bool operator<(const StructKey& o) const { return std::tie(type, uniform) < std::tie(o.type, o.uniform); }
  };
  std::map<StructKey, std::string> structNames_;
  std::string structDecls_;

  std::string header_, globalsText_, functionsText_;
  std::string overridesText_;           // `@id(N) override ...;` of the specialization constants used
  std::vector<std::string> specNames_;  // per Module constant: its override's name (spec, named SpecOp)
  WgslResult result_;

  // diagnostics
  void error(DiagId id, SourceRange r, std::vector<std::string> args);
  void unsupported(const std::string& what, SourceRange r) { error(DiagId::WgslUnsupported, r, {what}); }
  void derivativeStage(const std::string& what, SourceRange r);  // OSH5170 outside fragment shaders
  ir::ResourceBinding pushConstantBinding() const;

  // types (write_types.cpp)
  // `uniform`: uniform address space rules. Atomics are IR types (passes::atomicTypes).
  std::string typeName(ir::Handle<ir::Type> t, bool uniform = false);
  std::string scalarName(ir::Scalar s);
  std::string structName(ir::Handle<ir::Type> t, bool uniform);
  // WGSL alignment and size of a type (in the given address space rules), as the writer emits it.
  uint32_t alignOf(ir::Handle<ir::Type> t, bool uniform);
  uint32_t sizeOf(ir::Handle<ir::Type> t, bool uniform);
  bool holdsAtomic(ir::Handle<ir::Type> t);  // an Atomic type or an aggregate with one
  // WebGPU's limits on a variable's store type (OSH5001 at `r` when exceeded; false then):
  // fewer than 65,536 elements per array in the private, workgroup and function address
  // spaces and in consts (`countLimit`), at most 0xffffffff bytes everywhere.
  bool checkArrayLimits(ir::Handle<ir::Type> t, bool countLimit, const std::string& what, SourceRange r);
  // Matrix members reach the writer as WGSL declares them (raise.cpp): stored by IR columns
  // (passes::transposeRowMajor), and a matrix whose columns are further apart than WGSL's
  // (cbuffer float2x2) as an IR array of its columns (passes::padMatrixColumns).
  // A vector member WGSL cannot align (HLSL packs `float dt; float3 g;` with g at offset
  // 4) reaches the writer as one scalar member per component (passes::splitVectors).
  void checkMatrixStride(ir::Handle<ir::Type> stored, const ir::StructMember& m, const std::string& structName);
  std::string imageTypeName(const ir::ImageInfo& info);
  // Typed buffers (Buffer<T>, RWBuffer<T>): WebGPU has no texel buffers, so they are storage
  // buffers of their element (array<T>, or array<S> of 3 scalars a texel for 3-component T).
  static uint32_t typedBufferComponents(const ir::ImageInfo& info);
  std::string typedBufferElement(const ir::ImageInfo& info);
  const std::vector<std::string>& memberNames(ir::Handle<ir::Type> t);
  std::map<uint32_t, std::vector<std::string>> memberNames_;
  std::string zeroValue(ir::Handle<ir::Type> t);
  std::string literal(const ir::Literal& l);
  std::string constant(ir::Handle<ir::Constant> c);
  std::string specOpText(const ir::Constant& c);  // a SpecOp constant's override expression

  // module
  void collect();
  void checkDualSource();  // sets dualSource_ or reports why WGSL cannot express it
  void markGlobalUses(const ir::Function& f, bool entry);
  void writeGlobals();
  void writeFunctions();
  // entry point: how a built-in is read inside the entry function / inside helpers
  std::map<ir::BuiltIn, std::string> builtinParams_, builtinPrivates_;
  std::string builtinName(ir::BuiltIn b, SourceRange r);
  // `type`: the value's type where it may be a vertex output (an integer one needs
  // @interpolate(flat) in WGSL); invalid elsewhere.
  std::string interfaceAttributes(const ir::Binding& b, bool input, SourceRange r, ir::Handle<ir::Type> type = {});
};

}  // namespace oneshader::wgsl
