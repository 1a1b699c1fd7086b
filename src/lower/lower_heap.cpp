// SM 6.6 descriptor heaps (`Texture2D t = ResourceDescriptorHeap[i];`), as DXC maps them to
// SPIR-V (docs/SPIR-V.rst, "ResourceDescriptorHeaps & SamplerDescriptorHeaps"):
//
// - every resource type read from a heap is its own runtime-sized array of that type
//   (`ResourceDescriptorHeap`, `SamplerDescriptorHeap`; ir.hpp GlobalVariable::heap), and all
//   the arrays of one heap share its one binding (the descriptors alias: Vulkan's
//   VK_EXT_mutable_descriptor_type). The heap is the one the HLSL names (DXC reads a texture
//   from SamplerDescriptorHeap into an array on the sampler heap's binding);
// - the counters of RW/Append/Consume structured buffers read from the resource heap are one
//   more runtime array (`counter.var.ResourceDescriptorHeap`), on its own binding, indexed
//   by the buffer's heap index;
// - bindings: -fvk-bind-resource-heap / -sampler-heap / -counter-heap, or else, after every
//   other resource is bound, the lowest unused bindings of set 0, in the order resource heap,
//   sampler heap, counters, for the ones the shader uses.
//
// A heap entry is a resource value like any other (lower_resources.cpp): a ResVal naming one
// element of the heap's array for that type.
#include <set>

#include "lower/lower_impl.hpp"

namespace oneshader::lower {

using ir::Handle;

Handle<ir::GlobalVariable> Lowerer::heapGlobal(const sema::Type* t, bool sampler, SourceRange r) {
  if (!t || !t->isResource() || isStreamType(t) || t->isSampledTexture())
    unsupported(r, "a '" + (t ? t->toString() : std::string("?")) + "' from a descriptor heap");
  ir::GlobalVariable gv;
  resourceGlobal(t, gv, r);
  HeapKey key{gv.type.index, uint8_t(gv.space), uint8_t(gv.access), uint8_t(gv.resource), sampler};
  if (auto it = heapArrays_.find(key); it != heapArrays_.end()) return it->second;
  gv.name = sampler ? "SamplerDescriptorHeap" : "ResourceDescriptorHeap";
  gv.type = m_->types.array(gv.type, 0);
  gv.heap = true;
  gv.range = r;
  Handle<ir::GlobalVariable> h = mb_->global(gv);
  heapArrays_[key] = h;
  heapGlobals_[sampler ? 1 : 0].push_back(h);
  return h;
}

Handle<ir::GlobalVariable> Lowerer::heapCounter(SourceRange r) {
  if (heapCounter_.valid()) return heapCounter_;
  ir::StructMember mem;
  mem.name = "counter";
  mem.type = m_->types.scalar(ir::Scalar::i32());
  mem.offset = 0;
  ir::GlobalVariable gv;
  gv.name = "counter.var.ResourceDescriptorHeap";
  gv.space = ir::AddressSpace::Storage;
  gv.access = ir::StorageAccess::LoadStore;
  gv.resource = ir::ResourceKind::CounterBuffer;
  gv.type = m_->types.array(m_->types.structure("type.ACSBuffer.counter", {mem}), 0);
  gv.heap = true;
  gv.range = r;
  heapCounter_ = mb_->global(gv);
  return heapCounter_;
}

std::optional<Lowerer::ResVal> Lowerer::heapResVal(const ast::ImplicitCastExpr* c) {
  auto* ix = ast::dyn_cast<ast::IndexExpr>(stripNoOps(c->sub));
  if (!ix || !ix->base || !ix->base->type || !ix->base->type->isDescriptorHeap())
    unsupported(c->range, "this use of a descriptor heap entry");
  GlobalRef ref = GlobalRef::of(heapGlobal(c->type, ix->base->type->isSamplerHeap(), c->range), -1, c->type,
                                GlobalRef::kRuntimeArray);
  ref.nonUniform = usesNonUniformIndex(ix->index);
  ref.index = expr(ix->index);
  return valOf(ref, c->range);
}

void Lowerer::assignHeapBindings(const std::vector<ir::ResourceBinding>& taken) {
  if (heapGlobals_[0].empty() && heapGlobals_[1].empty() && !heapCounter_.valid()) return;
  std::set<std::pair<uint32_t, uint32_t>> used;  // (set, binding)
  for (const ir::ResourceBinding& b : taken) used.insert({b.group, b.binding});
  auto pick = [&](const std::optional<std::pair<uint32_t, uint32_t>>& given, const char* option,
                  Handle<ir::GlobalVariable> first) {
    if (given) return ir::ResourceBinding{given->second, given->first};
    if (!opts_.bindings.registers.empty())  // every binding comes from the command line (DXC)
      diags_.report(DiagId::HeapBindingRequired, m_->globals[first].range, {option});
    uint32_t b = 0;
    while (used.count({0u, b})) ++b;
    used.insert({0u, b});
    return ir::ResourceBinding{0, b};
  };
  if (!heapGlobals_[0].empty()) {
    ir::ResourceBinding b = pick(opts_.resourceHeapBinding, "-fvk-bind-resource-heap", heapGlobals_[0][0]);
    for (Handle<ir::GlobalVariable> h : heapGlobals_[0]) m_->globals[h].binding = b;
  }
  if (!heapGlobals_[1].empty()) {
    ir::ResourceBinding b = pick(opts_.samplerHeapBinding, "-fvk-bind-sampler-heap", heapGlobals_[1][0]);
    for (Handle<ir::GlobalVariable> h : heapGlobals_[1]) m_->globals[h].binding = b;
  }
  if (heapCounter_.valid())
    m_->globals[heapCounter_].binding = pick(opts_.counterHeapBinding, "-fvk-bind-counter-heap", heapCounter_);
}

// ---------------------------------------------------------------- flattened arrays
// -fspv-flatten-resource-arrays (DXC): an array of N resources takes N consecutive bindings,
// element k being its own resource on the k-th (DXC's SPIR-V legalization splits the array
// after binding it; its variables are named `a[k]`). Indices must be constants here: DXC's
// optimizer turns a run-time index into a switch over the elements, which this does not do.
void Lowerer::flattenArray(Handle<ir::GlobalVariable> array, uint32_t n) {
  bindingRequests_[requestOfGlobal_.at(array.index)].count = n;
  std::vector<Handle<ir::GlobalVariable>> elements;
  for (uint32_t k = 0; k < n; ++k) {
    ir::GlobalVariable gv = m_->globals[array];
    gv.name += "[" + std::to_string(k) + "]";
    gv.type = irT(gv.type).base;
    Handle<ir::GlobalVariable> h = mb_->global(gv);
    elements.push_back(h);
    flattenedElements_.insert(h.index);
  }
  flattened_[array.index] = std::move(elements);
}

GlobalRef Lowerer::flattenedElement(const GlobalRef& array, const ast::IndexExpr* ix) {
  sema::ConstValue cv = sema_.constValue(ix->index);
  const std::vector<Handle<ir::GlobalVariable>>& elements = flattened_.at(array.global.index);
  if (!cv.valid())
    unsupported(ix->index->range,
                "a run-time index into an array of resources flattened by -fspv-flatten-resource-arrays");
  uint64_t k = cv.asUint();
  if (k >= elements.size()) unsupported(ix->index->range, "an index out of the bounds of an array of resources");
  return GlobalRef::of(elements[size_t(k)], -1, array.resource, 0);
}

}  // namespace oneshader::lower
