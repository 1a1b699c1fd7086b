// -Zi / -fspv-debug: the module's debug instructions beyond OpName (SPIR-V 2.4 "Logical
// Layout", sections 7a and 7c; DXC's SPIR-V.rst "Debugging").
//
//   file    OpString with each source file's path and an OpSource (HLSL, 600) naming it
//   source  the file's text in that OpSource, continued by OpSourceContinued past the
//           instruction size limit
//   line    OpLine before the first instruction of each source position in a function
//   tool    OpModuleProcessed with the compiler's version and command line (SPIR-V 1.1+)
//
// Lines are the physical lines of each file, which is the text OpSource embeds (DXC embeds
// preprocessed text and numbers its lines; OneShader embeds every file the entry point's
// code comes from as it is, so a debugger shows the real files).
#include <map>

#include "backend/spirv/emitter.hpp"
#include "syntax/source.hpp"

namespace oneshader::spirv {

namespace {

// The most words one instruction may have (its word count is 16 bits).
constexpr size_t kMaxWords = 0xffff;

}  // namespace

std::vector<std::string_view> Emitter::textPieces(std::string_view text, size_t firstOperands, size_t operands,
                                                  size_t maxBytes) {
  // Each piece is a literal string (with its terminating NUL) after `operands` other words
  // and the instruction's first word; the first piece follows `firstOperands` words.
  std::vector<std::string_view> pieces;
  size_t room = std::min((kMaxWords - 1 - firstOperands) * 4 - 1, maxBytes);
  do {
    size_t n = std::min(room, text.size());
    pieces.push_back(text.substr(0, n));
    text.remove_prefix(n);
    room = std::min((kMaxWords - 1 - operands) * 4 - 1, maxBytes);
  } while (!text.empty());
  return pieces;
}

void Emitter::debugSections(Section& sources, Section& processed) {
  const SourceManager* sm = diags_.sourceManager();
  if (!sm) return;
  // The files the entry point's code comes from, the entry point's own file first.
  std::vector<FileId> files;
  auto note = [&](SourceLoc loc) {
    FileId f = loc.valid() ? sm->fileOf(loc) : 0;
    if (!f) return;
    for (FileId g : files)
      if (g == f) return;
    files.push_back(f);
  };
  note(ep_.range.begin);
  if (opt_.debugLine)
    for (const SourceRange& r : fnRanges_) note(r.begin);
  for (FileId f : files) {
    uint32_t sid = id();
    fileStrings_[f] = sid;
    std::vector<uint32_t> ops{sid};
    putString(ops, sm->path(f));
    put(sources, spv::Op::OpString, ops);
  }
  for (FileId f : files) {
    // OpSource HLSL 600 %file ["text"]
    std::vector<uint32_t> ops{uint32_t(spv::SourceLanguage::HLSL), 600, fileStrings_[f]};
    if (!opt_.debugSource) {
      put(sources, spv::Op::OpSource, ops);
      continue;
    }
    std::vector<std::string_view> pieces = textPieces(sm->text(f), ops.size(), 0);
    putString(ops, std::string(pieces[0]));
    put(sources, spv::Op::OpSource, ops);
    for (size_t p = 1; p < pieces.size(); ++p) {
      std::vector<uint32_t> cont;
      putString(cont, std::string(pieces[p]));
      put(sources, spv::Op::OpSourceContinued, cont);
    }
  }
  if (opt_.debugTool && spirvVersionFor(opt_.env) >= 0x00010100) {
    std::vector<uint32_t> ops;
    putString(ops, "oneshader-version: " + opt_.toolVersion);
    put(processed, spv::Op::OpModuleProcessed, ops);
    if (!opt_.commandLine.empty()) {
      std::vector<uint32_t> cl;
      putString(cl, "oneshader-cl-option: " + opt_.commandLine);
      put(processed, spv::Op::OpModuleProcessed, cl);
    }
  }
}

void Emitter::insertBefore(const InsertFn& before) {
  std::vector<uint32_t> out;
  std::vector<SourceRange> ranges;
  std::map<uint32_t, const ir::SpirvInstruction*> origins;
  out.reserve(functions_.words.size() + functions_.words.size() / 4);
  ranges.reserve(fnRanges_.size() * 2);
  spv::Op previous = spv::Op::OpNop;
  size_t i = 0;
  uint32_t k = 0;
  while (i < functions_.words.size()) {
    uint32_t head = functions_.words[i];
    uint32_t count = head >> 16;
    if (count == 0) break;  // malformed: leave the rest as it is
    spv::Op op = spv::Op(head & 0xffff);
    SourceRange r = k < fnRanges_.size() ? fnRanges_[k] : SourceRange{};
    size_t mark = out.size();
    before(op, previous, r, out);
    // Every added instruction takes the range of the one it precedes (validation messages).
    for (size_t j = mark; j < out.size() && (out[j] >> 16); j += out[j] >> 16) {
      ranges.push_back(r);
      ++functions_.count;
    }
    if (auto it = inlineOrigins_.find(k); it != inlineOrigins_.end()) origins[uint32_t(ranges.size())] = it->second;
    out.insert(out.end(), functions_.words.begin() + i,
               functions_.words.begin() + std::min(i + count, functions_.words.size()));
    ranges.push_back(r);
    previous = op;
    i += count;
    ++k;
  }
  out.insert(out.end(), functions_.words.begin() + std::min(i, functions_.words.size()), functions_.words.end());
  functions_.words = std::move(out);
  fnRanges_ = std::move(ranges);
  inlineOrigins_ = std::move(origins);
}

bool Emitter::mayPrecede(spv::Op op, spv::Op previous) {
  switch (op) {
    case spv::Op::OpFunction:
    case spv::Op::OpFunctionParameter:
    case spv::Op::OpFunctionEnd:
    case spv::Op::OpLabel:
    case spv::Op::OpPhi:
    case spv::Op::OpVariable: return false;
    default: break;
  }
  // A merge instruction must stay right before its branch.
  return previous != spv::Op::OpSelectionMerge && previous != spv::Op::OpLoopMerge;
}

void Emitter::insertLines() {
  const SourceManager* sm = diags_.sourceManager();
  if (!sm || !opt_.debugLine) return;
  FileId lastFile = 0;
  uint32_t lastLine = 0, lastColumn = 0;
  insertBefore([&](spv::Op op, spv::Op previous, SourceRange r, std::vector<uint32_t>& out) {
    // OpLine holds to the end of its block: every block starts without one.
    if (op == spv::Op::OpFunction || op == spv::Op::OpLabel) lastFile = 0;
    if (!r.valid() || !mayPrecede(op, previous)) return;
    FileId f = sm->fileOf(r.begin);
    auto it = fileStrings_.find(f);
    if (it == fileStrings_.end()) return;
    PresumedLoc p = sm->physicalLoc(r.begin);
    if (f == lastFile && p.line == lastLine && p.column == lastColumn) return;
    out.insert(out.end(), {(4u << 16) | uint32_t(spv::Op::OpLine), it->second, p.line, p.column});
    lastFile = f;
    lastLine = p.line;
    lastColumn = p.column;
  });
}

}  // namespace oneshader::spirv
