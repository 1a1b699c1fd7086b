// Parsing of execution-test descriptions and buffer generators.
#include "case.hpp"

#include <algorithm>
#include <cstdint>
#include <cmath>
#include <cstring>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace oneshader::exec {

using nlohmann::json;

namespace {

[[noreturn]] void fail(const std::string& msg) { throw std::runtime_error(msg); }

// One element's value (a 16-bit type's in the low 16 bits).
uint32_t toWord(ScalarType t, double v) {
  switch (t) {
    case ScalarType::Uint:
      if (v < 0 || v > 4294967295.0 || v != std::floor(v)) fail("value " + std::to_string(v) + " is not a uint");
      return static_cast<uint32_t>(v);
    case ScalarType::Int:
      if (v < -2147483648.0 || v > 2147483647.0 || v != std::floor(v))
        fail("value " + std::to_string(v) + " is not an int");
      return static_cast<uint32_t>(static_cast<int32_t>(v));
    case ScalarType::Float: {
      float f = static_cast<float>(v);
      if (static_cast<double>(f) != v) fail("value " + std::to_string(v) + " is not exactly representable as float");
      return floatBits(f);
    }
    case ScalarType::Uint16:
      if (v < 0 || v > 65535.0 || v != std::floor(v)) fail("value " + std::to_string(v) + " is not a uint16");
      return static_cast<uint32_t>(v);
    case ScalarType::Int16:
      if (v < -32768.0 || v > 32767.0 || v != std::floor(v)) fail("value " + std::to_string(v) + " is not an int16");
      return static_cast<uint32_t>(static_cast<int32_t>(v)) & 0xffffu;
    case ScalarType::Half: {
      uint32_t h = halfFromDouble(v);
      if (halfToDouble(h) != v) fail("value " + std::to_string(v) + " is not exactly representable as half");
      return h;
    }
  }
  return 0;
}

// A fixed 32-bit LCG (Numerical Recipes constants), so "random" data is the same everywhere.
struct Lcg {
  uint32_t s;
  uint32_t next() {
    s = s * 1664525u + 1013904223u;
    return s;
  }
};

// SplitMix64 (Steele, Lea, Flood 2014), for "uniform" and "bits": good in every bit.
struct SplitMix {
  uint64_t s;
  uint64_t next() {
    uint64_t z = (s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }
};

// Generators: {"fill": v}, {"iota": {"start": a, "step": b, "div": d}}, {"data": [...]},
// {"pattern": [...]} (repeated), {"random": {"seed": s, "min": a, "max": b}} (integers),
// {"uniform": {"seed": s, "min": a, "max": b, "step": q}} (a + q*k, k uniform in
// 0..floor((b-a)/q); q defaults to 1, so fractions need a q that keeps values exact),
// {"bits": {"seed": s}} (uniform raw bit patterns of the element's width: for float and half
// they include NaNs, infinities and subnormals).
std::vector<uint32_t> generate(const json& g, ScalarType t, size_t count) {
  std::vector<uint32_t> out;
  out.reserve(count);
  if (g.is_array()) return generate(json{{"data", g}}, t, count);
  if (!g.is_object() || g.size() != 1) fail("a generator is one of fill, iota, data, pattern, random, uniform, bits");
  const std::string kind = g.begin().key();
  const json& a = g.begin().value();
  if (kind == "fill") {
    out.assign(count, toWord(t, a.get<double>()));
  } else if (kind == "iota") {
    double start = a.value("start", 0.0), step = a.value("step", 1.0);
    size_t div = a.value("div", size_t{1});  // value = start + step * floor(i / div)
    if (div == 0) fail("iota div 0");
    for (size_t i = 0; i < count; ++i) out.push_back(toWord(t, start + step * static_cast<double>(i / div)));
  } else if (kind == "data") {
    if (!a.is_array()) fail("data must be an array");
    for (const auto& v : a) out.push_back(toWord(t, v.get<double>()));
    if (count != 0 && out.size() != count)
      fail("data has " + std::to_string(out.size()) + " values, expected " + std::to_string(count));
  } else if (kind == "pattern") {
    if (!a.is_array() || a.empty()) fail("pattern must be a non-empty array");
    for (size_t i = 0; i < count; ++i) out.push_back(toWord(t, a[i % a.size()].get<double>()));
  } else if (kind == "random") {
    Lcg rng{a.value("seed", 1u)};
    int64_t lo = a.value("min", int64_t{0}), hi = a.value("max", int64_t{100});
    if (hi < lo) fail("random: max < min");
    uint64_t span = static_cast<uint64_t>(hi - lo) + 1;
    for (size_t i = 0; i < count; ++i)
      out.push_back(toWord(t, static_cast<double>(lo + static_cast<int64_t>(rng.next() % span))));
  } else if (kind == "uniform") {
    SplitMix rng{a.value("seed", uint64_t{1})};
    const double lo = a.value("min", 0.0), hi = a.value("max", 100.0), step = a.value("step", 1.0);
    if (!(step > 0) || hi < lo) fail("uniform: needs min <= max and step > 0");
    const double steps = std::floor((hi - lo) / step);
    if (steps >= 4294967296.0) fail("uniform: more than 2^32 steps");
    const uint64_t span = static_cast<uint64_t>(steps) + 1;
    for (size_t i = 0; i < count; ++i)
      out.push_back(toWord(t, lo + step * static_cast<double>((rng.next() >> 11) % span)));
  } else if (kind == "bits") {
    SplitMix rng{a.value("seed", uint64_t{1})};
    for (size_t i = 0; i < count; ++i) {
      const uint32_t w = static_cast<uint32_t>(rng.next() >> 32);
      out.push_back(is16Bit(t) ? (w >> 16) : w);
    }
  } else {
    fail("unknown generator '" + kind + "'");
  }
  return out;
}

std::array<uint32_t, 3> parse3(const json& j, const char* what) {
  std::array<uint32_t, 3> r{1, 1, 1};
  if (!j.is_array() || j.empty() || j.size() > 3) fail(std::string(what) + " must be an array of 1 to 3 numbers");
  for (size_t i = 0; i < j.size(); ++i) r[i] = j[i].get<uint32_t>();
  return r;
}

ScalarType parseType(const json& j, const char* key) {
  std::string s = j.value(key, std::string("uint"));
  auto t = parseScalarType(s);
  if (!t) fail("unknown type '" + s + "'");
  return *t;
}

// "push_constants", and a buffer's {"fields": [...]} contents: fields packed into bytes
// (see case.hpp).
PushConstants parsePushConstants(const json& j) {
  if (!j.is_array() || j.empty()) fail("fields must be a non-empty array of {offset, type, count, init}");
  PushConstants pc;
  std::vector<bool> used;
  auto claim = [&](size_t end) {
    if (end > 65536) fail("fields: more than 65536 bytes");
    if (pc.bytes.size() < end) {
      pc.bytes.resize(end, 0);
      used.resize(end, false);
    }
  };
  for (const json& f : j) {
    if (f.contains("address_of")) {
      // A device address (case.hpp AddressRef): 8 bytes vkrun fills in.
      for (auto it = f.begin(); it != f.end(); ++it)
        if (it.key() != "offset" && it.key() != "address_of" && it.key() != "address_offset")
          fail("fields: unknown key '" + it.key() + "' in an address field (offset, address_of, address_offset)");
      AddressRef a;
      a.at = f.at("offset").get<uint32_t>();
      a.buffer = f.at("address_of").get<std::string>();
      a.offset = f.value("address_offset", uint64_t{0});
      if (a.at % 8) fail("fields: the address at offset " + std::to_string(a.at) + " is not 8-byte aligned");
      claim(a.at + 8);
      for (size_t b = a.at; b < a.at + 8; ++b) {
        if (used[b]) fail("fields overlap at byte " + std::to_string(b));
        used[b] = true;
      }
      pc.addresses.push_back(std::move(a));
      ++pc.fields;
      continue;
    }
    for (auto it = f.begin(); it != f.end(); ++it)
      if (it.key() != "offset" && it.key() != "type" && it.key() != "count" && it.key() != "init")
        fail("fields: unknown key '" + it.key() +
             "' (offset, type, count, init, or offset, address_of, address_offset)");
    const uint32_t offset = f.at("offset").get<uint32_t>();
    const ScalarType t = parseType(f, "type");
    const uint32_t size = is16Bit(t) ? 2 : 4;
    if (offset % size)
      fail("fields: offset " + std::to_string(offset) + " is not a multiple of " + std::to_string(size));
    const std::vector<uint32_t> elems = generate(f.at("init"), t, f.value("count", size_t{0}));
    if (elems.empty()) fail("fields: the field at offset " + std::to_string(offset) + " has no values");
    claim(offset + elems.size() * size);
    for (size_t i = 0; i < elems.size(); ++i)
      for (uint32_t b = 0; b < size; ++b) {
        const size_t at = offset + i * size + b;
        if (used[at]) fail("fields overlap at byte " + std::to_string(at));
        used[at] = true;
        pc.bytes[at] = static_cast<uint8_t>(elems[i] >> (8 * b));
      }
    ++pc.fields;
  }
  pc.bytes.resize((pc.bytes.size() + 3) & ~size_t{3}, 0);
  return pc;
}

SpecConstant parseSpecConstant(const json& j) {
  for (auto it = j.begin(); it != j.end(); ++it)
    if (it.key() != "id" && it.key() != "type" && it.key() != "value")
      fail("spec_constants: unknown key '" + it.key() + "' (id, type, value)");
  SpecConstant c;
  c.id = j.at("id").get<uint32_t>();
  const std::string ts = j.at("type").get<std::string>();
  auto t = parseSpecType(ts);
  if (!t) fail("spec_constants: unknown type '" + ts + "' (bool int uint float int16 uint16 half int64 uint64 double)");
  c.type = *t;
  c.value = j.at("value");
  const std::string what = "spec constant " + std::to_string(c.id) + " (" + ts + "): ";
  if (c.type == SpecType::Bool) {
    if (!c.value.is_boolean()) fail(what + "the value must be true or false");
    c.bits = c.value.get<bool>() ? 1 : 0;  // VK_TRUE / VK_FALSE
    return c;
  }
  if (!c.value.is_number()) fail(what + "the value must be a number");
  switch (c.type) {
    case SpecType::Int: c.bits = toWord(ScalarType::Int, c.value.get<double>()); break;
    case SpecType::Uint: c.bits = toWord(ScalarType::Uint, c.value.get<double>()); break;
    case SpecType::Float: c.bits = toWord(ScalarType::Float, c.value.get<double>()); break;
    case SpecType::Int16: c.bits = toWord(ScalarType::Int16, c.value.get<double>()); break;
    case SpecType::Uint16: c.bits = toWord(ScalarType::Uint16, c.value.get<double>()); break;
    case SpecType::Half: c.bits = toWord(ScalarType::Half, c.value.get<double>()); break;
    case SpecType::Int64:
      if (!c.value.is_number_integer()) fail(what + "the value must be an integer");
      if (c.value.is_number_unsigned() && c.value.get<uint64_t>() > uint64_t(INT64_MAX)) fail(what + "out of range");
      c.bits = static_cast<uint64_t>(c.value.get<int64_t>());
      break;
    case SpecType::Uint64:
      if (!c.value.is_number_integer() || (!c.value.is_number_unsigned() && c.value.get<int64_t>() < 0))
        fail(what + "the value must be a non-negative integer");
      c.bits = c.value.get<uint64_t>();
      break;
    case SpecType::Double: {
      double d = c.value.get<double>();
      std::memcpy(&c.bits, &d, 8);
      break;
    }
    case SpecType::Bool: break;
  }
  return c;
}

}  // namespace

std::optional<SpecType> parseSpecType(const std::string& s) {
  static const std::pair<const char*, SpecType> names[] = {
      {"bool", SpecType::Bool},     {"int", SpecType::Int},       {"uint", SpecType::Uint}, {"float", SpecType::Float},
      {"int16", SpecType::Int16},   {"uint16", SpecType::Uint16}, {"half", SpecType::Half}, {"int64", SpecType::Int64},
      {"uint64", SpecType::Uint64}, {"double", SpecType::Double}};
  for (auto& [n, t] : names)
    if (s == n) return t;
  return std::nullopt;
}

const char* specTypeName(SpecType t) {
  switch (t) {
    case SpecType::Bool: return "bool";
    case SpecType::Int: return "int";
    case SpecType::Uint: return "uint";
    case SpecType::Float: return "float";
    case SpecType::Int16: return "int16";
    case SpecType::Uint16: return "uint16";
    case SpecType::Half: return "half";
    case SpecType::Int64: return "int64";
    case SpecType::Uint64: return "uint64";
    case SpecType::Double: return "double";
  }
  return "?";
}

uint32_t specTypeSize(SpecType t) {
  switch (t) {
    case SpecType::Int16:
    case SpecType::Uint16:
    case SpecType::Half: return 2;
    case SpecType::Int64:
    case SpecType::Uint64:
    case SpecType::Double: return 8;
    default: return 4;  // bool: sizeof(VkBool32)
  }
}

std::optional<ScalarType> parseScalarType(const std::string& s) {
  if (s == "uint") return ScalarType::Uint;
  if (s == "int") return ScalarType::Int;
  if (s == "float") return ScalarType::Float;
  if (s == "uint16") return ScalarType::Uint16;
  if (s == "int16") return ScalarType::Int16;
  if (s == "half") return ScalarType::Half;
  return std::nullopt;
}

const char* scalarTypeName(ScalarType t) {
  switch (t) {
    case ScalarType::Uint: return "uint";
    case ScalarType::Int: return "int";
    case ScalarType::Float: return "float";
    case ScalarType::Uint16: return "uint16";
    case ScalarType::Int16: return "int16";
    case ScalarType::Half: return "half";
  }
  return "?";
}

std::vector<uint32_t> unpackElements(ScalarType t, const std::vector<uint32_t>& words, size_t count) {
  if (!is16Bit(t))
    return std::vector<uint32_t>(words.begin(), words.begin() + static_cast<ptrdiff_t>(std::min(count, words.size())));
  std::vector<uint32_t> out;
  out.reserve(count);
  for (size_t i = 0; i < count && i / 2 < words.size(); ++i) out.push_back((words[i / 2] >> (16 * (i % 2))) & 0xffffu);
  return out;
}

std::vector<uint32_t> packElements(ScalarType t, const std::vector<uint32_t>& elems) {
  if (!is16Bit(t)) return elems;
  std::vector<uint32_t> out((elems.size() + 1) / 2, 0);
  for (size_t i = 0; i < elems.size(); ++i) out[i / 2] |= (elems[i] & 0xffffu) << (16 * (i % 2));
  return out;
}

double halfToDouble(uint32_t h) {
  const double sign = (h & 0x8000u) ? -1.0 : 1.0;
  const uint32_t e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
  if (e == 0) return sign * std::ldexp(static_cast<double>(m), -24);
  if (e == 31) return m ? std::nan("") : sign * HUGE_VAL;
  return sign * std::ldexp(static_cast<double>(m | 0x400u), static_cast<int>(e) - 25);
}

uint32_t halfFromDouble(double v) {
  if (std::isnan(v)) return 0x7e00u;
  const uint32_t sign = std::signbit(v) ? 0x8000u : 0u;
  double a = std::fabs(v);
  if (a >= 65520.0) return sign | 0x7c00u;  // rounds to infinity (max finite 65504)
  if (a < std::ldexp(1.0, -14)) {           // subnormal: a multiple of 2^-24 (1024 -> the smallest normal)
    return sign | static_cast<uint32_t>(std::nearbyint(std::ldexp(a, 24)));
  }
  int exp;
  std::frexp(a, &exp);                                 // a = f * 2^exp, f in [0.5, 1): the leading bit is 2^(exp-1)
  double q = std::nearbyint(std::ldexp(a, 11 - exp));  // 1024 .. 2048, rounded to nearest even
  if (q == 2048.0) {
    q = 1024.0;
    ++exp;
  }
  uint32_t biased = static_cast<uint32_t>(exp - 1 + 15);
  if (biased >= 31) return sign | 0x7c00u;
  return sign | (biased << 10) | (static_cast<uint32_t>(q) - 1024u);
}

uint32_t convertElement(ScalarType from, ScalarType to, uint32_t v) {
  if (from == to) return v;
  if (isFloat(from) != isFloat(to))
    fail("no conversion between " + std::string(scalarTypeName(from)) + " and " + scalarTypeName(to));
  if (isFloat(from))
    return from == ScalarType::Half ? floatBits(static_cast<float>(halfToDouble(v))) : halfFromDouble(bitsFloat(v));
  if (is16Bit(to)) return v & 0xffffu;  // truncation keeps the low 16 bits, whatever the signedness
  if (from == ScalarType::Int16)
    return static_cast<uint32_t>(
        static_cast<int32_t>(static_cast<int16_t>(static_cast<uint16_t>(v))));  // sign extension
  return v;  // zero extension (uint16 -> uint / int) or a 32-bit reinterpretation
}

uint32_t floatBits(float f) {
  uint32_t w;
  std::memcpy(&w, &f, 4);
  return w;
}
float bitsFloat(uint32_t w) {
  float f;
  std::memcpy(&f, &w, 4);
  return f;
}

std::string formatWord(ScalarType t, uint32_t w) {
  std::ostringstream s;
  switch (t) {
    case ScalarType::Uint: s << w; break;
    case ScalarType::Int: s << static_cast<int32_t>(w); break;
    case ScalarType::Float: s << bitsFloat(w); break;
    case ScalarType::Uint16: s << (w & 0xffffu); break;
    case ScalarType::Int16: s << static_cast<int16_t>(static_cast<uint16_t>(w)); break;
    case ScalarType::Half: s << halfToDouble(w & 0xffffu); break;
  }
  char hex[16];
  std::snprintf(hex, sizeof hex, is16Bit(t) && w <= 0xffffu ? "0x%04x" : "0x%08x", w);
  if ((t != ScalarType::Uint && t != ScalarType::Uint16) || w > 65535) s << " (" << hex << ")";
  return s.str();
}

Rule Rule::parse(const json& j) {
  Rule r;
  if (j.is_null() || (j.is_string() && j.get<std::string>() == "all")) return r;
  if (!j.is_object()) fail("a rule is \"all\" or an object {var, and, mod, add, eq|ne|lt|le|gt|ge}");
  std::string var = j.value("var", std::string());
  if (var == "lane")
    r.var = Var::Lane;
  else if (var == "tid")
    r.var = Var::Tid;
  else if (var == "gi")
    r.var = Var::GroupIndex;
  else if (var == "value")
    r.var = Var::Value;
  else
    fail("rule var must be lane, tid, gi or value, not '" + var + "'");
  if (j.contains("and")) r.andMask = j["and"].get<uint32_t>();
  if (j.contains("mod")) {
    r.mod = j["mod"].get<uint32_t>();
    if (*r.mod == 0) fail("rule mod 0");
  }
  if (j.contains("add")) r.add = j["add"].get<uint32_t>();
  static const std::pair<const char*, Cmp> cmps[] = {{"eq", Cmp::Eq}, {"ne", Cmp::Ne}, {"lt", Cmp::Lt},
                                                     {"le", Cmp::Le}, {"gt", Cmp::Gt}, {"ge", Cmp::Ge}};
  for (auto& [k, c] : cmps) {
    if (!j.contains(k)) continue;
    if (r.cmp != Cmp::None) fail("a rule has at most one comparison");
    r.cmp = c;
    r.rhs = j[k].get<int64_t>();
  }
  for (auto it = j.begin(); it != j.end(); ++it) {
    static const char* known[] = {"var", "and", "mod", "add", "eq", "ne", "lt", "le", "gt", "ge"};
    bool ok = false;
    for (auto* k : known) ok |= it.key() == k;
    if (!ok) fail("unknown rule key '" + it.key() + "'");
  }
  return r;
}

std::string Rule::describe() const {
  if (var == Var::Always) return "all";
  static const char* vars[] = {"lane", "tid", "gi", "value", "1"};
  std::string s = vars[static_cast<int>(var)];
  if (andMask) s = "(" + s + " & " + std::to_string(*andMask) + ")";
  if (mod) s = "(" + s + " % " + std::to_string(*mod) + ")";
  if (add) s = "(" + s + " + " + std::to_string(*add) + ")";
  static const char* ops[] = {"", " == ", " != ", " < ", " <= ", " > ", " >= "};
  if (cmp != Cmp::None) s += ops[static_cast<int>(cmp)] + std::to_string(rhs);
  return s;
}

int64_t evalRule(const Rule& r, const RuleInputs& in) {
  int64_t v = 0;
  switch (r.var) {
    case Rule::Var::Always: return 1;
    case Rule::Var::Lane: v = in.lane; break;
    case Rule::Var::Tid: v = in.tid; break;
    case Rule::Var::GroupIndex: v = in.groupIndex; break;
    case Rule::Var::Value: v = in.value; break;
  }
  uint32_t u = static_cast<uint32_t>(v);
  if (r.andMask) u &= *r.andMask;
  if (r.mod) u %= *r.mod;
  if (r.add) u += *r.add;
  v = u;
  switch (r.cmp) {
    case Rule::Cmp::None: return v;
    case Rule::Cmp::Eq: return v == r.rhs;
    case Rule::Cmp::Ne: return v != r.rhs;
    case Rule::Cmp::Lt: return v < r.rhs;
    case Rule::Cmp::Le: return v <= r.rhs;
    case Rule::Cmp::Gt: return v > r.rhs;
    case Rule::Cmp::Ge: return v >= r.rhs;
  }
  return 0;
}

const char* texFormatName(TexFormat f) {
  switch (f) {
    case TexFormat::Rgba8Unorm: return "rgba8unorm";
    case TexFormat::R32Float: return "r32float";
    case TexFormat::Depth16Unorm: return "depth16unorm";
  }
  return "?";
}

uint32_t texelBytes(TexFormat f) {
  switch (f) {
    case TexFormat::Rgba8Unorm: return 4;
    case TexFormat::R32Float: return 4;
    case TexFormat::Depth16Unorm: return 2;
  }
  return 0;
}

const BufferDesc* Case::findBuffer(const std::string& name) const {
  for (const auto& b : buffers)
    if (b.name == name) return &b;
  return nullptr;
}

bool Case::usesAddresses() const {
  if (!pushConstants.addresses.empty()) return true;
  for (const auto& b : buffers)
    if (!b.addresses.empty()) return true;
  return false;
}

Case loadCase(const std::string& path) {
  std::ifstream f(path);
  if (!f) fail("cannot open " + path);
  json j;
  try {
    j = json::parse(f, nullptr, true, /*ignore_comments=*/true);
  } catch (const std::exception& e) {
    fail(path + ": " + e.what());
  }
  Case c;
  c.path = path;
  auto slash = path.find_last_of('/');
  c.dir = slash == std::string::npos ? "." : path.substr(0, slash);
  try {
    c.description = j.value("description", std::string());
    c.shader = j.at("shader").get<std::string>();
    c.entry = j.value("entry", c.entry);
    c.stage = j.value("stage", c.stage);
    c.profile = j.value("profile", c.profile);
    c.targetEnv = j.value("target_env", c.targetEnv);
    if (c.stage != "compute") fail("only compute cases are supported, not '" + c.stage + "'");
    c.localSize = parse3(j.at("local_size"), "local_size");
    c.dispatch = parse3(j.at("dispatch"), "dispatch");
    if (j.contains("requires")) {
      const json& r = j["requires"];
      c.subgroupOps = r.value("subgroup_ops", std::vector<std::string>{});
      c.features = r.value("features", std::vector<std::string>{});
      c.requiredSubgroupSize = r.value("subgroup_size", 0u);
    }
    if (j.contains("args")) {
      c.args = j["args"].get<std::vector<std::string>>();
      for (const auto& a : c.args)
        if (a.empty() || a.find_first_of(" \t\n\r") != std::string::npos)
          fail("args: '" + a + "' is empty or contains whitespace");
    }
    for (const json& b : j.at("buffers")) {
      BufferDesc d;
      d.name = b.at("name").get<std::string>();
      d.set = b.value("set", 0u);
      d.binding = b.at("binding").get<uint32_t>();
      d.element = b.value("array_element", 0u);
      std::string kind = b.value("kind", std::string("storage"));
      if (kind != "storage" && kind != "uniform") fail("buffer kind must be storage or uniform");
      d.uniform = kind == "uniform";
      d.type = parseType(b, "type");
      size_t count = b.value("count", size_t{0});
      std::vector<uint32_t> elems;
      if (b.contains("init") && b["init"].is_object() && b["init"].contains("fields")) {
        // Mixed-type contents (a cbuffer or struct laid out by hand), as push constants are given.
        if (b["init"].size() != 1) fail("buffer " + d.name + ": fields is a generator of its own");
        if (is16Bit(d.type)) fail("buffer " + d.name + ": fields need a 32-bit buffer type");
        PushConstants fields = parsePushConstants(b["init"]["fields"]);
        const std::vector<uint8_t>& bytes = fields.bytes;
        d.addresses = std::move(fields.addresses);
        if (count && count * 4 < bytes.size()) fail("buffer " + d.name + ": the fields do not fit in count");
        elems.assign(std::max(count, bytes.size() / 4), 0);
        for (size_t i = 0; i < bytes.size(); ++i) elems[i / 4] |= uint32_t(bytes[i]) << (8 * (i % 4));
      } else {
        elems = generate(b.contains("init") ? b["init"] : json{{"fill", 0}}, d.type, count);
      }
      if (elems.empty()) fail("buffer " + d.name + " is empty (give count or data)");
      if (is16Bit(d.type) && elems.size() % 2) fail("buffer " + d.name + " of 16-bit elements needs an even count");
      d.count = elems.size();
      d.init = packElements(d.type, elems);
      for (const auto& o : c.buffers)
        if (o.name == d.name || (o.set == d.set && o.binding == d.binding && o.element == d.element))
          fail("buffer " + d.name + " duplicates the name or set/binding of " + o.name);
      c.buffers.push_back(std::move(d));
    }
    auto bindingTaken = [&](uint32_t set, uint32_t binding, const std::string& name) {
      bool taken = false;
      for (const auto& o : c.buffers) taken |= o.name == name || (o.set == set && o.binding == binding);
      for (const auto& o : c.textures) taken |= o.name == name || (o.set == set && o.binding == binding);
      for (const auto& o : c.samplers) taken |= o.name == name || (o.set == set && o.binding == binding);
      if (taken) fail(name + " duplicates the name or set/binding of another resource");
    };
    for (const json& t : j.value("textures", json::array())) {
      TextureDesc d;
      d.name = t.at("name").get<std::string>();
      d.set = t.value("set", 0u);
      d.binding = t.at("binding").get<uint32_t>();
      bindingTaken(d.set, d.binding, d.name);
      std::string fmt = t.at("format").get<std::string>();
      if (fmt == "rgba8unorm")
        d.format = TexFormat::Rgba8Unorm;
      else if (fmt == "r32float")
        d.format = TexFormat::R32Float;
      else if (fmt == "depth16unorm")
        d.format = TexFormat::Depth16Unorm;
      else
        fail("texture " + d.name + ": format must be rgba8unorm, r32float or depth16unorm, not '" + fmt + "'");
      d.width = t.at("width").get<uint32_t>();
      d.height = t.at("height").get<uint32_t>();
      d.layers = t.value("layers", 1u);
      d.array = t.value("array", d.layers > 1);
      if (d.width == 0 || d.height == 0 || d.layers == 0) fail("texture " + d.name + ": empty");
      if (d.layers > 1 && !d.array) fail("texture " + d.name + ": several layers need \"array\": true");
      const json& levels = t.at("levels");
      if (!levels.is_array() || levels.empty())
        fail("texture " + d.name + ": levels must be a non-empty array of generators");
      if ((d.width >> (levels.size() - 1)) == 0 && (d.height >> (levels.size() - 1)) == 0)
        fail("texture " + d.name + ": more mip levels than the size allows");
      for (size_t k = 0; k < levels.size(); ++k) {
        const size_t texels = size_t{d.levelWidth(k)} * d.levelHeight(k) * d.layers;
        std::vector<uint8_t> bytes;
        if (d.format == TexFormat::Rgba8Unorm) {
          for (uint32_t v : generate(levels[k], ScalarType::Uint, texels * 4)) {
            if (v > 255) fail("texture " + d.name + ": rgba8unorm values are bytes 0..255");
            bytes.push_back(static_cast<uint8_t>(v));
          }
        } else {
          const ScalarType et = d.format == TexFormat::R32Float ? ScalarType::Float : ScalarType::Uint16;
          for (uint32_t v : generate(levels[k], et, texels))
            for (uint32_t b = 0; b < texelBytes(d.format); ++b) bytes.push_back(static_cast<uint8_t>(v >> (8 * b)));
        }
        if (bytes.size() != texels * texelBytes(d.format))
          fail("texture " + d.name + ": level " + std::to_string(k) + " has the wrong number of values");
        d.levels.push_back(std::move(bytes));
      }
      c.textures.push_back(std::move(d));
    }
    for (const json& s : j.value("samplers", json::array())) {
      SamplerDesc d;
      d.name = s.at("name").get<std::string>();
      d.set = s.value("set", 0u);
      d.binding = s.at("binding").get<uint32_t>();
      // A sampler on a texture's set/binding is that texture's combined image sampler
      // ([[vk::combinedImageSampler]]): one COMBINED_IMAGE_SAMPLER descriptor. Anything
      // else on a taken binding is a mistake in the case.
      bool combined = false;
      for (const auto& t : c.textures) combined |= t.set == d.set && t.binding == d.binding;
      if (combined) {
        for (const auto& o : c.buffers)
          if (o.set == d.set && o.binding == d.binding) fail(d.name + " duplicates the set/binding of " + o.name);
        for (const auto& o : c.samplers)
          if (o.name == d.name || (o.set == d.set && o.binding == d.binding))
            fail(d.name + " duplicates the name or set/binding of " + o.name);
        for (const auto& o : c.textures)
          if (o.name == d.name) fail(d.name + " duplicates the name of texture " + o.name);
      } else {
        bindingTaken(d.set, d.binding, d.name);
      }
      std::string filter = s.value("filter", std::string("nearest"));
      if (filter != "nearest" && filter != "linear") fail("sampler " + d.name + ": filter must be nearest or linear");
      d.linear = filter == "linear";
      d.compare = s.value("compare", std::string());
      static const char* ops[] = {"",        "never",     "less",          "equal", "less_equal",
                                  "greater", "not_equal", "greater_equal", "always"};
      if (std::find(std::begin(ops), std::end(ops), d.compare) == std::end(ops))
        fail("sampler " + d.name + ": unknown compare '" + d.compare + "'");
      c.samplers.push_back(std::move(d));
    }
    if (j.contains("push_constants")) {
      try {
        c.pushConstants = parsePushConstants(j["push_constants"]);
      } catch (const std::runtime_error& e) {
        fail(std::string("push_constants: ") + e.what());
      }
    }
    // Device addresses: of a buffer of the case, inside it, and only with the feature.
    auto checkAddresses = [&](const std::vector<AddressRef>& refs, const std::string& where) {
      for (const auto& a : refs) {
        const BufferDesc* target = c.findBuffer(a.buffer);
        if (!target) fail(where + ": address_of names unknown buffer " + a.buffer);
        if (a.offset >= target->init.size() * 4)
          fail(where + ": address_offset " + std::to_string(a.offset) + " is outside buffer " + a.buffer + " (" +
               std::to_string(target->init.size() * 4) + " bytes)");
        if (!c.needsFeature("bufferDeviceAddress"))
          fail(where + ": address_of needs \"bufferDeviceAddress\" in requires.features");
      }
    };
    for (const auto& b : c.buffers) checkAddresses(b.addresses, "buffer " + b.name);
    checkAddresses(c.pushConstants.addresses, "push_constants");
    if (j.contains("spec_constants")) {
      for (const json& e : j["spec_constants"]) {
        SpecConstant sc = parseSpecConstant(e);
        for (const auto& o : c.specConstants)
          if (o.id == sc.id) fail("spec_constants: id " + std::to_string(sc.id) + " is given twice");
        c.specConstants.push_back(std::move(sc));
      }
    }
    if (j.contains("expect")) {
      for (const json& e : j["expect"]) {
        Expect x;
        x.buffer = e.at("buffer").get<std::string>();
        const BufferDesc* b = c.findBuffer(x.buffer);
        if (!b) fail("expect names unknown buffer " + x.buffer);
        x.type = e.contains("type") ? parseType(e, "type") : b->type;
        if (is16Bit(x.type) != is16Bit(b->type))
          fail("expect for " + x.buffer + " must have an element type of the buffer's width");
        // A literal list may be shorter than the buffer (a prefix is checked); the other
        // generators (fill, iota, pattern, ...) cover the whole buffer.
        const json& g = e.at("data");
        const bool literal = g.is_array() || (g.is_object() && g.size() == 1 && g.contains("data"));
        x.data = generate(g, x.type, literal ? 0 : b->count);
        if (x.data.empty()) fail("expect for " + x.buffer + " has no values");
        if (x.data.size() > b->count) fail("expect for " + x.buffer + " is longer than the buffer");
        for (const auto& a : b->addresses)  // the address is not known in advance: 0 stands for it
          for (size_t w = a.at / 4; w < a.at / 4 + 2 && w < x.data.size(); ++w)
            if (x.data[w] != 0)
              fail("expect for " + x.buffer + "[" + std::to_string(w) +
                   "]: a device-address word (address_of) must be given as 0");
        c.expects.push_back(std::move(x));
      }
    }
    if (j.contains("wave")) {
      const json& w = j["wave"];
      WaveSpec s;
      s.op = w.at("op").get<std::string>();
      s.type = parseType(w, "type");
      s.input = w.value("input", std::string("In"));
      s.output = w.value("output", std::string("Out"));
      s.facts = w.value("facts", std::string("Facts"));
      s.active = Rule::parse(w.contains("active") ? w["active"] : json("all"));
      s.pred = Rule::parse(w.contains("pred") ? w["pred"] : json("all"));
      if (w.contains("trips")) s.trips = Rule::parse(w["trips"]);
      if (w.contains("partition")) s.partition = Rule::parse(w["partition"]);
      s.iterations = w.value("iterations", 1u);
      s.vector = w.value("vector", 1u);
      if (s.vector < 1 || s.vector > 4) fail("vector must be 1..4");
      if (s.iterations == 0) fail("iterations must be >= 1");
      if (w.contains("lane")) {
        const json& l = w["lane"];
        if (l.contains("const"))
          s.laneConst = l["const"].get<int64_t>();
        else if (l.contains("rotate"))
          s.laneRotate = l["rotate"].get<int64_t>();
        else
          fail("lane must be {const: k} or {rotate: r}");
      }
      for (const auto* n : {&s.input, &s.output, &s.facts})
        if (!c.findBuffer(*n)) fail("wave names unknown buffer " + *n);
      c.wave = std::move(s);
    }
    if (j.contains("wgsl")) {
      const std::string v = j["wgsl"].get<std::string>();
      const std::string prefix = "unsupported: ";
      bool ok = v.rfind(prefix, 0) == 0 && v.size() == prefix.size() + 7 && v.compare(prefix.size(), 3, "OSH") == 0;
      for (size_t i = prefix.size() + 3; ok && i < v.size(); ++i) ok = v[i] >= '0' && v[i] <= '9';
      if (!ok) fail("wgsl must be \"unsupported: OSHnnnn\", not '" + v + "'");
      c.wgslUnsupported = v.substr(prefix.size());
    }
    if (j.contains("order_dependent")) {
      c.orderDependent = j["order_dependent"].get<std::vector<std::string>>();
      for (const auto& n : c.orderDependent)
        if (!c.findBuffer(n)) fail("order_dependent names unknown buffer " + n);
    }
    c.differential = j.value("differential", false);
    if (c.expects.empty() && !c.wave && !c.differential)
      fail("a case needs expect or wave (otherwise it cannot fail), or \"differential\": true");
  } catch (const nlohmann::json::exception& e) {
    fail(path + ": " + e.what());
  } catch (const std::runtime_error& e) {
    std::string m = e.what();
    if (m.rfind(path, 0) == 0) throw;
    fail(path + ": " + m);
  }
  return c;
}

}  // namespace oneshader::exec
