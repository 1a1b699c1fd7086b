// Internal: the MSL writer (module level in writer.cpp, function bodies in
// write_function.cpp, expressions in write_expr.cpp, names in names.cpp).
#pragma once
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

#include "backend/msl/msl.hpp"
#include "diag/diag.hpp"
#include "ir/ir.hpp"
#include "ir/util.hpp"

namespace oneshader::msl {

// True for MSL / C++ keywords and metal:: names an HLSL identifier must not shadow.
bool isReserved(std::string_view name);
bool reservedTableSorted();  // for a unit test: isReserved binary-searches the table

// Unique identifiers within one scope; names that clash with reserved words get a '_'.
class Namer {
 public:
  std::string unique(std::string_view base);
  void reserve(const std::string& name) { used_.insert(name); }

 private:
  std::unordered_set<std::string> used_;
};

// Implicit arguments a function receives in place of program-scope state.
struct FunctionNeeds {
  std::vector<uint32_t> globals;  // IR global indices, ascending
  bool simdSize = false, simdLane = false;
};

class Writer {
 public:
  Writer(const ir::Module& m, const ir::EntryPoint& ep, const MslOptions& o, DiagEngine& d);
  std::optional<MslResult> run();

  // ---- shared with FunctionWriter
  const ir::Module& m_;
  const ir::EntryPoint& ep_;
  MslOptions opt_;
  DiagEngine& diags_;
  ir::TypeArena types_;  // copy of the module's types (the writer interns helper types)
  bool failed_ = false;

  Namer globalNames_;
  std::vector<std::string> typeNames_;      // per IR type (structs)
  std::vector<std::string> globalNamesOf_;  // per IR global
  std::vector<std::string> functionNames_;  // per IR function
  std::vector<uint8_t> reachable_;          // per IR function
  std::vector<uint32_t> order_;             // reachable functions, callees before callers
  std::vector<FunctionNeeds> needs_;        // per IR function
  // Layout facts found while emitting structs, read by the function writer.
  std::set<std::pair<uint32_t, uint32_t>> packedMembers_;      // (struct, member) declared packed_T3
  std::set<std::pair<uint32_t, uint32_t>> transposedMembers_;  // (struct, member) row-major matrix stored transposed
  std::set<uint32_t> packedArrays_;                            // array types with packed_T3 elements
  std::map<uint32_t, uint32_t> widenedArrays_;                 // array types of 4-vectors holding N components
  std::set<uint32_t> transposedArrays_;                        // array types of row-major matrices stored transposed
  std::map<std::pair<uint32_t, uint32_t>, std::string> memberNames_;
  std::map<std::pair<uint32_t, uint32_t>, bool> memberBindings_;
  std::vector<SourceRange> typeRange_;      // per IR type: where it is first used (for diagnostics)
  std::string memberName(ir::Handle<ir::Type> s, uint32_t i) {
    auto it = memberNames_.find({s.index, i});
    return it != memberNames_.end() ? it->second : types_[s].members[i].name;
  }
  std::map<uint32_t, uint32_t> bindingIndex_;  // IR global -> [[buffer/texture/sampler(n)]]
  std::string simdSizeName_ = "simd_size", simdLaneName_ = "simd_lane";
  MslResult result_;

  void error(SourceRange r, const std::string& what);
  std::string typeName(ir::Handle<ir::Type> t);
  std::string scalarName(ir::Scalar s, SourceRange r);
  // The declaration `T name` (arrays need no suffix: they are metal::array values).
  std::string declare(ir::Handle<ir::Type> t, const std::string& name);
  std::string addressSpaceOf(const ir::GlobalVariable& g) const;
  // "device T& name" etc.: how a function receives global `g`.
  std::string globalParameter(uint32_t g);
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
