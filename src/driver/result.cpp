// The parts of the public API that do not run the pipeline: result helpers, diagnostic
// JSON, profile parsing, SPIR-V disassembly and the version string.
#include <nlohmann/json.hpp>

#include "backend/spirv/spirv.hpp"
#include "oneshader/oneshader.hpp"

namespace oneshader {

const char* Version() { return "oneshader 0.1.0"; }

std::vector<uint8_t> CompiledShader::toBytes() const {
  std::vector<uint8_t> out;
  if (target == CompileTarget::SpirV) {
    out.resize(spirv.size() * 4);
    for (size_t i = 0; i < spirv.size(); ++i) {
      uint32_t w = spirv[i];  // SPIR-V files are little-endian words
      out[4 * i + 0] = uint8_t(w);
      out[4 * i + 1] = uint8_t(w >> 8);
      out[4 * i + 2] = uint8_t(w >> 16);
      out[4 * i + 3] = uint8_t(w >> 24);
    }
  } else {
    out.assign(text.begin(), text.end());
  }
  return out;
}

const CompiledShader* CompileResult::find(const std::string& entry, CompileTarget t) const {
  for (const auto& o : outputs)
    if (o.entryPoint == entry && o.target == t) return &o;
  return nullptr;
}

std::string CompileResult::renderedDiagnostics() const {
  std::string out;
  for (const auto& d : diagnostics) out += d.rendered;
  return out;
}

namespace {
using json = nlohmann::ordered_json;
json spanJson(const SourceSpan& s) {
  json j;
  j["file"] = s.file;
  j["line"] = s.line;
  j["column"] = s.column;
  j["endLine"] = s.endLine;
  j["endColumn"] = s.endColumn;
  return j;
}
}  // namespace

std::string CompileResult::diagnosticsJson() const {
  json arr = json::array();
  for (const auto& d : diagnostics) {
    json j;
    j["code"] = d.code;
    j["severity"] = d.severity;
    j["message"] = d.message;
    j["span"] = spanJson(d.span);
    json notes = json::array();
    for (const auto& [span, msg] : d.notes) {
      json n;
      n["span"] = spanJson(span);
      n["message"] = msg;
      notes.push_back(std::move(n));
    }
    j["notes"] = std::move(notes);
    j["suggestions"] = d.suggestions;
    arr.push_back(std::move(j));
  }
  // Messages quote the source, which need not be UTF-8: invalid bytes become U+FFFD.
  return arr.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

bool ParseProfile(const std::string& profile, ProfileInfo& out) {
  // STAGE_MAJOR_MINOR, e.g. cs_6_0; the minor may be "x" in DXC for lib profiles only.
  size_t u1 = profile.find('_');
  if (u1 == std::string::npos) return false;
  size_t u2 = profile.find('_', u1 + 1);
  if (u2 == std::string::npos || u2 == u1 + 1 || u2 + 1 >= profile.size()) return false;
  std::string st = profile.substr(0, u1);
  std::string maj = profile.substr(u1 + 1, u2 - u1 - 1), min = profile.substr(u2 + 1);
  auto number = [](const std::string& s, uint32_t& v) {
    if (s.empty() || s.size() > 3) return false;
    v = 0;
    for (char c : s) {
      if (c < '0' || c > '9') return false;
      v = v * 10 + uint32_t(c - '0');
    }
    return true;
  };
  ProfileInfo p;
  if (!number(maj, p.major) || !number(min, p.minor)) return false;
  if (p.major != 6 || p.minor > 10) return false;  // Shader Model 6.0 .. 6.10 (DXC's newest)
  static constexpr struct {
    const char* name;
    ShaderStage stage;
  } kStages[] = {
      {"vs", ShaderStage::Vertex}, {"ps", ShaderStage::Pixel},         {"gs", ShaderStage::Geometry},
      {"hs", ShaderStage::Hull},   {"ds", ShaderStage::Domain},        {"cs", ShaderStage::Compute},
      {"ms", ShaderStage::Mesh},   {"as", ShaderStage::Amplification},
  };
  if (st == "lib") {
    p.stage.reset();
  } else {
    bool found = false;
    for (const auto& s : kStages)
      if (st == s.name) {
        p.stage = s.stage;
        found = true;
      }
    if (!found) return false;
  }
  out = p;
  return true;
}

std::string DisassembleSpirv(const std::vector<uint32_t>& words) { return spirv::disassembleSpirv(words); }

}  // namespace oneshader
