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
#include "backend/spirv/emitter.hpp"
#include "syntax/source.hpp"

namespace oneshader::spirv {

namespace {

// The most words one instruction may have (its word count is 16 bits).
constexpr size_t kMaxWords = 0xffff;

bool mayPrecedeWithLine(spv::Op op, spv::Op previous) {
  switch (op) {
    case spv::Op::OpFunction:
    case spv::Op::OpFunctionParameter:
    case spv::Op::OpFunctionEnd:
    case spv::Op::OpLabel:
    case spv::Op::OpPhi:
    case spv::Op::OpVariable:
      return false;
    default:
      break;
  }
  // A merge instruction must stay right before its branch.
  return previous != spv::Op::OpSelectionMerge && previous != spv::Op::OpLoopMerge;
}

}  // namespace

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
    std::string_view text = sm->text(f);
    // The first piece fills OpSource up to the limit, the rest goes in OpSourceContinued.
    size_t room = (kMaxWords - 1 - ops.size()) * 4 - 1;  // bytes, keeping the terminating NUL
    size_t n = std::min(room, text.size());
    putString(ops, std::string(text.substr(0, n)));
    put(sources, spv::Op::OpSource, ops);
    text.remove_prefix(n);
    while (!text.empty()) {
      size_t m = std::min(size_t(kMaxWords - 1) * 4 - 1, text.size());
      std::vector<uint32_t> cont;
      putString(cont, std::string(text.substr(0, m)));
      put(sources, spv::Op::OpSourceContinued, cont);
      text.remove_prefix(m);
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

void Emitter::insertLines() {
  const SourceManager* sm = diags_.sourceManager();
  if (!sm || !opt_.debugLine) return;
  std::vector<uint32_t> out;
  std::vector<SourceRange> ranges;
  out.reserve(functions_.words.size() + functions_.words.size() / 4);
  ranges.reserve(fnRanges_.size() * 2);
  FileId lastFile = 0;
  uint32_t lastLine = 0, lastColumn = 0;
  spv::Op previous = spv::Op::OpNop;
  size_t i = 0, k = 0;
  while (i < functions_.words.size()) {
    uint32_t head = functions_.words[i];
    uint32_t count = head >> 16;
    if (count == 0) break;  // malformed: leave the rest as it is
    spv::Op op = spv::Op(head & 0xffff);
    SourceRange r = k < fnRanges_.size() ? fnRanges_[k] : SourceRange{};
    // OpLine holds to the end of its block: every block starts without one.
    if (op == spv::Op::OpFunction || op == spv::Op::OpLabel) lastFile = 0;
    if (r.valid() && mayPrecedeWithLine(op, previous)) {
      FileId f = sm->fileOf(r.begin);
      auto it = fileStrings_.find(f);
      if (it != fileStrings_.end()) {
        PresumedLoc p = sm->physicalLoc(r.begin);
        if (f != lastFile || p.line != lastLine || p.column != lastColumn) {
          out.insert(out.end(), {(4u << 16) | uint32_t(spv::Op::OpLine), it->second, p.line, p.column});
          ranges.push_back(SourceRange{});
          ++functions_.count;
          lastFile = f;
          lastLine = p.line;
          lastColumn = p.column;
        }
      }
    }
    out.insert(out.end(), functions_.words.begin() + i, functions_.words.begin() + std::min(i + count, functions_.words.size()));
    ranges.push_back(r);
    previous = op;
    i += count;
    ++k;
  }
  out.insert(out.end(), functions_.words.begin() + std::min(i, functions_.words.size()), functions_.words.end());
  functions_.words = std::move(out);
  fnRanges_ = std::move(ranges);
}

}  // namespace oneshader::spirv
