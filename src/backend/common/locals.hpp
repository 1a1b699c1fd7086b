// Declaration and inlining policy the text writers (MSL, WGSL) share: where a local is
// declared, and which evaluated values may be written at their one use instead of being
// named (`let _eN = ...;`) where the IR evaluates them.
#pragma once
#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "ir/ir.hpp"

namespace oneshader::text {

// Per local of a function: where the writer declares it.
//  - `declareAt`: the Store of the whole local that is its first reference in statement
//    order, when every other reference (loads, stores, accesses, pointer arguments) lies
//    after it in the same block or blocks nested there: the store is written as the
//    declaration with its value (`var x = e;` / `let x = e;` / `T x = e;`), and no
//    declaration at the top of the function (MSL: no zero initialiser). Invalid otherwise,
//    and for a local with a constant initialiser.
//  - `once`: declared at its store and never written again nor its address taken (only
//    loads and accesses follow): a WGSL `let` for a scalar or vector, and its loads are the
//    plain name (nothing can change it).
struct LocalPlan {
  std::vector<ir::Handle<ir::Statement>> declareAt;  // per local
  std::vector<uint8_t> once;                         // per local
  std::vector<int32_t> declares;                     // per statement: the local it declares, -1
  std::vector<int32_t> root;                         // per expression: the local a pointer is rooted at, -1
};
LocalPlan planLocals(const ir::Module& m, const ir::Function& f);

// Values waiting to be written at their one use (the text writers' deferred expressions).
// An entry is an expression whose text reads memory (a local, or buffers nothing in this
// function writes) or is a call / wave / atomic result. It must be given a name (flushed:
// the writer prints `let _eN = text;` where the IR had it, or later but before anything
// that could change what it reads) before:
//  - a store, call or atomic that may write a local it reads, unless it is that
//    statement's own operand (evaluated before the write);
//  - anything that may write other memory it reads (stores to non-locals, calls, atomics,
//    image stores, barriers), with the same exception;
//  - for a call / wave / atomic result: any other evaluation that reads memory or has an
//    effect, and any use but a statement operand that prints it once (so an effect is never
//    duplicated or reordered: `effects`);
//  - control flow: a nested block starts (`all`). At a block's end what is left is dropped.
// Flushing is the writer's (a callback); this keeps the live entries, each handled once.
class Pending {
 public:
  enum : uint8_t { ReadsLocal = 1, ReadsMemory = 2, Effect = 4 };
  struct Entry {
    uint8_t flags = 0;
    std::vector<uint32_t> locals;  // ReadsLocal: which (few)
  };
  void reset(size_t expressions) {
    entry_.assign(expressions, {});
    live_.clear();
  }
  bool pending(ir::Handle<ir::Expression> h) const { return h.index < entry_.size() && entry_[h.index].flags; }
  const Entry& entry(ir::Handle<ir::Expression> h) const { return entry_[h.index]; }
  // Takes `h` out (its text is used now); its reads and effect go to the value being built.
  void consume(ir::Handle<ir::Expression> h, Entry& into);
  // `h`'s text (made from consumed entries, `e`) waits for its use. False when it cannot
  // (too many reads: the writer names it).
  bool defer(ir::Handle<ir::Expression> h, Entry e);
  // The live entries `pred(handle, entry)` selects, in the order they were deferred; they
  // are no longer pending (the writer names them).
  template <class Pred>
  std::vector<uint32_t> take(Pred pred) {
    std::vector<uint32_t> out, keep;
    for (uint32_t h : live_) {
      Entry& e = entry_[h];
      if (!e.flags) continue;
      if (pred(h, e)) {
        out.push_back(h);
        e = Entry{};
      } else {
        keep.push_back(h);
      }
    }
    live_ = std::move(keep);
    return out;
  }
  std::vector<uint32_t> all() {
    return take([](uint32_t, const Entry&) { return true; });
  }
  std::vector<uint32_t> effects() {
    return take([](uint32_t, const Entry& e) { return (e.flags & Effect) != 0; });
  }
  static bool reads(const Entry& e, uint32_t local) {
    for (uint32_t l : e.locals)
      if (l == local) return true;
    return false;
  }
  // Forgets every live entry (their texts stay where they were used, or unused).
  void dropAll() {
    take([](uint32_t, const Entry&) { return true; });
  }
  // Before statement `s` of `f`: the entries it could change or reorder (the rules above);
  // its own operands are evaluated by it, before any write, and a call / wave / atomic
  // result may be the operand of a store, condition, selector, return, call argument or
  // atomic value (each printed once).
  std::vector<uint32_t> beforeStatement(const ir::Function& f, const LocalPlan& plan, ir::Handle<ir::Statement> s);
  // Before evaluating expression `h`: a value that reads memory (a load, an image read) or
  // takes a pending call / wave / atomic result has every pending result named first (an
  // effect keeps its place and is never copied); a reference (pointer) takes no pending
  // operand, as it is used later, after what may change it.
  std::vector<uint32_t> beforeExpression(const ir::TypeArena& types, const ir::Function& f,
                                         ir::Handle<ir::Expression> h);
  // Entries older than the last kMaxLive are flushed (keeps each check bounded).
  std::vector<uint32_t> overflow();
  static constexpr size_t kMaxLive = 32;
  static constexpr size_t kMaxLocals = 8;

 private:
  std::vector<Entry> entry_;
  std::vector<uint32_t> live_;
};

// Whether a load through `ptr` reads memory nothing can write while the shader runs
// (uniform and push-constant buffers, read-only storage buffers).
bool readOnlyRoot(const ir::Module& m, const ir::Function& f, ir::Handle<ir::Expression> ptr);

// The readable-output state of one function writer (MSL and WGSL alike): the LocalPlan,
// the pending values and what the value being built took from them, over the writer's
// per-expression text (`text`: a name, or text to write at the use). The target only
// spells a declaration: `declare(h, text)` writes its declaration of expression `h`'s
// value with `text` as its initialiser where the writer is now, and returns the name.
class FunctionLocals {
 public:
  using Declare = std::function<std::string(ir::Handle<ir::Expression>, const std::string&)>;
  FunctionLocals(const ir::Module& m, const ir::Function& f, std::vector<std::string>& text, Declare declare);

  // The local the Store `s` declares (written as its declaration with the stored value), or -1.
  int32_t declaredBy(ir::Handle<ir::Statement> s) const {
    return s.index < plan_.declares.size() ? plan_.declares[s.index] : -1;
  }
  // Local `l` is declared at its first store (nothing at the top of the function).
  bool declaredAtStore(uint32_t l) const { return plan_.declareAt[l].valid(); }
  // ... and never written again nor its address taken: its loads are its name.
  bool once(uint32_t l) const { return declaredAtStore(l) && plan_.once[l]; }

  // The text of `h` for its use now: a pending value is taken into the value being built.
  const std::string& use(ir::Handle<ir::Expression> h) {
    if (pend_.pending(h)) pend_.consume(h, acc_);
    return text_[h.index];
  }
  // Names `hs` where the writer is now (the declaration callback); `text` holds the names.
  void flush(const std::vector<uint32_t>& hs);
  // Before statement `s`: the pending values it could change or reorder get names.
  void beforeStatement(ir::Handle<ir::Statement> s) { flush(pend_.beforeStatement(f_, plan_, s)); }
  // Before building expression `h`'s text (Pending::beforeExpression); starts a new value.
  void beforeExpression(ir::Handle<ir::Expression> h) {
    flush(pend_.beforeExpression(m_.types, f_, h));
    acc_ = {};
  }
  // A load through `ptr` whose text `t` is the reference's: the name of a local declared at
  // its only store, nothing for an unused load, or (used once, of a local or read-only
  // memory, not too long) a value waiting for its use. False: the writer names it.
  bool load(ir::Handle<ir::Expression> h, ir::Handle<ir::Expression> ptr, const std::string& t, uint32_t uses);
  // A value the writer writes at its use (`t`): used once with pending reads in its text,
  // it waits as they did (or is named when it cannot).
  void inlineValue(ir::Handle<ir::Expression> h, const std::string& t, uint32_t uses);
  // A call / wave / atomic result `r` of `call`: used once, it waits for its use (a
  // statement operand); used more, it is named. False when unused (the writer writes the
  // call as a statement, its own spelling).
  bool result(ir::Handle<ir::Expression> r, const std::string& call, uint32_t uses);
  // A block's end: what is left pending was never used (or only by a loop's break-if,
  // printed right after); results with an effect are written when the end is reachable.
  void endBlock(bool reachable) {
    if (reachable) flush(pend_.effects());
    pend_.dropAll();
  }

 private:
  const ir::Module& m_;
  const ir::Function& f_;
  std::vector<std::string>& text_;
  Declare declare_;
  LocalPlan plan_;
  Pending pend_;
  Pending::Entry acc_;              // what the value being built took from pending entries
  std::vector<uint8_t> declValue_;  // per expression: the value of a Store that declares its local
};

}  // namespace oneshader::text
