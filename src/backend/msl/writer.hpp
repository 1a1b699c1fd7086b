// Internal: the MSL writer (module level in writer.cpp, function bodies in
// write_function.cpp, expressions in write_expr.cpp, names in names.cpp).
#pragma once
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "backend/common/namer.hpp"
#include "backend/msl/msl.hpp"
#include "diag/diag.hpp"
#include "ir/ir.hpp"
#include "ir/util.hpp"

namespace oneshader::msl {

// True for MSL / C++ keywords and metal:: names an HLSL identifier must not shadow.
bool isReserved(std::string_view name);
bool reservedTableSorted();  // for a unit test: isReserved binary-searches the table

using text::Namer;

// Implicit arguments a function receives in place of program-scope state.
struct FunctionNeeds {
  std::vector<uint32_t> globals;  // IR global indices, ascending
  bool simdSize = false, simdLane = false;
  bool bufferSizes = false;  // reads the hidden buffer-sizes argument (GetDimensions on a buffer)
};

class Writer {
 public:
  // `m` is the module of the one entry point `ep`, raised for MSL (raise.hpp).
  Writer(ir::Module& m, const ir::EntryPoint& ep, const MslOptions& o, DiagEngine& d);
  std::optional<MslResult> run();

  // ---- shared with FunctionWriter
  ir::Module& m_;
  const ir::EntryPoint& ep_;
  MslOptions opt_;
  DiagEngine& diags_;
  ir::TypeArena& types_;  // m_.types (the writer still interns helper types)
  bool failed_ = false;

  Namer globalNames_{isReserved};
  std::vector<std::string> typeNames_;      // per IR type (structs)
  std::vector<std::string> globalNamesOf_;  // per IR global
  std::vector<std::string> functionNames_;  // per IR function
  std::vector<uint32_t> order_;             // every function, in IR order (callees first)
  std::vector<FunctionNeeds> needs_;        // per IR function
  // Layout facts found while emitting structs, read by the function writer.
  std::set<std::pair<uint32_t, uint32_t>> packedMembers_;      // (struct, member) declared packed_T3
  std::set<std::pair<uint32_t, uint32_t>> transposedMembers_;  // (struct, member) row-major matrix stored transposed
  std::set<uint32_t> packedArrays_;                            // array types with packed_T3 elements
  std::map<uint32_t, uint32_t> widenedArrays_;                 // array types of 4-vectors holding N components
  std::set<uint32_t> transposedArrays_;                        // array types of row-major matrices stored transposed
  // A matrix whose stored columns (IR columns, or IR rows when stored transposed) are
  // 2-vectors 16 bytes apart (a cbuffer float2x2): declared array<T2, 2 * stored - 1>
  // (array elements: 2 * stored), stored column k at element 2k.
  struct PaddedMatrix {
    uint32_t stored = 0, lead = 0;
    bool transposed = false;  // the IR matrix is RowMajor: stored column k is IR row k
  };
  std::map<std::pair<uint32_t, uint32_t>, PaddedMatrix> paddedMembers_;  // (struct, member)
  std::map<uint32_t, PaddedMatrix> paddedArrays_;                        // array types of such matrices
  std::map<std::pair<uint32_t, uint32_t>, std::string> memberNames_;
  // Structs declared other than as their IR members in IR order (members by offset, padding
  // members): the IR member index of each declared member, -1 for padding. Brace
  // initializers follow it.
  std::map<uint32_t, std::vector<int32_t>> memberOrder_;
  // `T{a, b, ...}` for a struct or array value from its components in IR order.
  std::string braceInit(ir::Handle<ir::Type> t, const std::vector<std::string>& parts) const;
  std::map<std::pair<uint32_t, uint32_t>, bool> memberBindings_;
  std::vector<SourceRange> typeRange_;      // per IR type: where it is first used (for diagnostics)
  std::string memberName(ir::Handle<ir::Type> s, uint32_t i) {
    auto it = memberNames_.find({s.index, i});
    return it != memberNames_.end() ? it->second : types_[s].members[i].name;
  }
  std::map<uint32_t, uint32_t> bindingIndex_;  // IR global -> [[buffer/texture/sampler(n)]]
  std::string simdSizeName_ = "simd_size", simdLaneName_ = "simd_lane";
  std::string bufferSizesName_ = "buffer_sizes";
  void emitFunctionConstants();
  std::string specConstantName(ir::Handle<ir::Constant> h) const;
  std::string specConstantText(ir::Handle<ir::Constant> h);
  std::string specOpText(const ir::Constant& c);
  std::map<uint32_t, std::string> specNames_;  // Module constant index -> its MSL name
  uint32_t bufferSizesIndex_ = 0;  // [[buffer(n)]] of the hidden buffer-sizes argument
  // Program-scope helper functions (64-bit wave operations), emitted once
  // each before the shader's functions: key -> name, and their text in emission order.
  std::map<std::string, std::string> helperNames_;
  // Textures sampled with a comparison (SampleCmp*): MSL's sample_compare exists only on
  // depth textures, so they are declared depth2d / depth2d_array / depthcube / ....
  std::set<const ir::GlobalVariable*> depthGlobals_;
  bool depthImage(ir::Handle<ir::Expression> image, const ir::Function& f) const;
  std::string helpers_;
  // The helper for `key`, generated by `body(name)` the first time (names are reserved
  // before any function is written, so no local can shadow one).
  const std::string& helper(const std::string& key, const std::string& base,
                            const std::function<std::string(const std::string&)>& body);
  MslResult result_;

  void error(SourceRange r, const std::string& what);
  std::string typeName(ir::Handle<ir::Type> t);
  std::string scalarName(ir::Scalar s, SourceRange r);
  // The declaration `T name` (arrays need no suffix: they are metal::array values).
  std::string declare(ir::Handle<ir::Type> t, const std::string& name);
  std::string addressSpaceOf(const ir::GlobalVariable& g) const;
  // "device T& name" etc.: how a function receives global `g`.
  std::string globalParameter(uint32_t g);
  // 0 buffer, 1 texture, 2 sampler; -1 for no argument. Arrays of textures / samplers
  // (a Handle-space global of an Array type) are of their element's kind.
  int resourceKind(const ir::GlobalVariable& g) const;
  // The IR global a texture / sampler value comes from: the global itself or an element of
  // an array of them (Access / AccessIndex on the global); nullptr otherwise.
  const ir::GlobalVariable* imageGlobal(ir::Handle<ir::Expression> image, const ir::Function& f) const;
  bool isBufferSpace(ir::AddressSpace s) const {
    return s == ir::AddressSpace::Storage || s == ir::AddressSpace::Uniform || s == ir::AddressSpace::PushConstant;
  }

 private:
  std::string out_;
  std::vector<uint8_t> typeUsed_;
  std::vector<uint8_t> typeEmitted_;

  void findReachable();
  void computeNeeds();
  void assignBindings();
  void planHelpers();
  void markType(ir::Handle<ir::Type> t, SourceRange r);
  void collectTypes();
  void emitStruct(ir::Handle<ir::Type> t);
  void emitTypes();
  std::string entrySignature(std::string& prologue);
  std::string imageTypeName(const ir::Type& t, ir::Handle<ir::Type> h, const ir::GlobalVariable* g);
  friend class FunctionWriter;
};

// Size and alignment of a type as MSL lays it out (packed: packed_* vectors).
struct SizeAlign {
  uint32_t size = 0, align = 1;
};
SizeAlign mslSizeAlign(const ir::TypeArena& types, ir::Handle<ir::Type> t, bool packed);

// Writes one function (an entry point or a helper) into `out`.
void writeFunction(Writer& w, ir::Handle<ir::Function> f, bool isEntry, std::string& out);

}  // namespace oneshader::msl
