// The text writers' shared readable-output state (src/backend/common/locals.hpp). Each
// test drives FunctionLocals the way a writer does (a statement at a time, an expression
// at a time) and checks, from the rules written in locals.hpp, which values get a name
// (the declaration callback) and where.
#include <gtest/gtest.h>

#include "backend/common/locals.hpp"
#include "ir/builder.hpp"

using namespace oneshader;
using namespace oneshader::ir;

namespace {
struct Fixture {
  Module m;
  Handle<Function> fh;
  std::vector<Handle<Statement>> stores;  // in order
  std::vector<std::string> text;
  std::vector<std::string> declared;  // "name = text", in the order they were declared

  const Function& f() const { return m.functions[fh]; }
  text::FunctionLocals make() {
    text.assign(f().expressions.size(), "");
    for (uint32_t i = 0; i < f().expressions.size(); ++i) {
      const Expression& x = f().expressions.raw()[i];
      if (x.kind == ExprKind::LocalVariable) text[i] = f().locals[x.local].name;
      if (x.kind == ExprKind::FunctionArgument) text[i] = f().arguments[x.index].name;
    }
    for (uint32_t i = 0; i < f().statements.size(); ++i)
      if (f().statements.raw()[i].kind == StmtKind::Store) stores.push_back(Handle<Statement>(i));
    return text::FunctionLocals(m, f(), text, [this](Handle<Expression> h, const std::string& t) {
      std::string n = "_e" + std::to_string(h.index);
      declared.push_back(n + " = " + t);
      return n;
    });
  }
};
}  // namespace

// fn f(a: u32) -> u32 { var x; var y; var z;
//   t = z (load); x = a; y = a; y = x + y; z = a; return (x + y) + t; }
// x: first referenced by a whole store, stored once, never addressed: declared there, once.
// y: declared at its first store, stored again: not once. z: loaded before its store: at
// the top of the function.
TEST(FunctionLocals, WhereEachLocalIsDeclared) {
  Fixture t;
  ModuleBuilder mb(t.m);
  auto u32 = mb.types().scalar(Scalar::u32());
  t.fh = mb.function("f", {{"a", u32, {}}}, FunctionResult{u32, {}});
  FunctionBuilder b = mb.build(t.fh);
  uint32_t x = b.addLocal("x", u32), y = b.addLocal("y", u32), z = b.addLocal("z", u32);
  auto tz = b.load(b.local(z));
  b.store(b.local(x), b.arg(0));
  b.store(b.local(y), b.arg(0));
  b.store(b.local(y), b.binary(BinaryOp::Add, b.load(b.local(x)), b.load(b.local(y))));
  b.store(b.local(z), b.arg(0));
  b.ret(b.binary(BinaryOp::Add, b.binary(BinaryOp::Add, b.load(b.local(x)), b.load(b.local(y))), tz));
  b.finish();
  text::FunctionLocals L = t.make();
  ASSERT_EQ(t.stores.size(), 4u);
  EXPECT_EQ(L.declaredBy(t.stores[0]), int32_t(x));
  EXPECT_EQ(L.declaredBy(t.stores[1]), int32_t(y));
  EXPECT_EQ(L.declaredBy(t.stores[2]), -1);
  EXPECT_EQ(L.declaredBy(t.stores[3]), -1);
  EXPECT_TRUE(L.declaredAtStore(x) && L.once(x));
  EXPECT_TRUE(L.declaredAtStore(y) && !L.once(y));
  EXPECT_FALSE(L.declaredAtStore(z) || L.once(z));
}

namespace {
// fn f(a: u32) -> u32 { var y; var w; y = a; v = y (load); s = v + 1u; <store>; return s; }
// <store> is `y = 2u` (`toY`) or `w = 2u`.
struct PendingCase {
  Fixture t;
  Handle<Expression> ptrY, v, s;
  explicit PendingCase(bool toY) {
    ModuleBuilder mb(t.m);
    auto u32 = mb.types().scalar(Scalar::u32());
    t.fh = mb.function("f", {{"a", u32, {}}}, FunctionResult{u32, {}});
    FunctionBuilder b = mb.build(t.fh);
    uint32_t y = b.addLocal("y", u32), w = b.addLocal("w", u32);
    b.store(b.local(y), b.arg(0));
    ptrY = b.local(y);
    v = b.load(ptrY);
    s = b.binary(BinaryOp::Add, v, b.literal(Literal::u32(1)));
    b.store(b.local(toY ? y : w), b.literal(Literal::u32(2)));
    b.ret(s);
    b.finish();
  }
};
}  // namespace

// A load of a local used once waits for its use; the value built from it (used once)
// waits as it did; a store to that local names the value first, where it is.
TEST(FunctionLocals, AStoreToTheLocalNamesWhatReadsIt) {
  PendingCase c(true);
  text::FunctionLocals L = c.t.make();
  L.beforeStatement(c.t.stores[0]);
  L.beforeExpression(c.v);
  ASSERT_TRUE(L.load(c.v, c.ptrY, L.use(c.ptrY), 1));
  EXPECT_EQ(c.t.text[c.v.index], "y");
  L.beforeExpression(c.s);
  std::string sum = "(" + L.use(c.v) + " + 1u)";
  L.inlineValue(c.s, sum, 1);
  EXPECT_TRUE(c.t.declared.empty());
  L.beforeStatement(c.t.stores[1]);  // y = 2u
  ASSERT_EQ(c.t.declared.size(), 1u);
  EXPECT_EQ(c.t.declared[0], "_e" + std::to_string(c.s.index) + " = (y + 1u)");
  EXPECT_EQ(L.use(c.s), "_e" + std::to_string(c.s.index));
}

// The same with the store to another local: nothing is named, the return prints it whole.
TEST(FunctionLocals, AStoreElsewhereLeavesItWaiting) {
  PendingCase c(false);
  text::FunctionLocals L = c.t.make();
  L.beforeExpression(c.v);
  ASSERT_TRUE(L.load(c.v, c.ptrY, L.use(c.ptrY), 1));
  L.beforeExpression(c.s);
  L.inlineValue(c.s, "(" + L.use(c.v) + " + 1u)", 1);
  L.beforeStatement(c.t.stores[1]);  // w = 2u
  EXPECT_TRUE(c.t.declared.empty());
  EXPECT_EQ(L.use(c.s), "(y + 1u)");
  L.endBlock(true);  // a pure value left over is dropped, not named
  EXPECT_TRUE(c.t.declared.empty());
}

// A load used twice, or unused: named by the writer (false) / nothing (true, its text).
TEST(FunctionLocals, LoadsUsedTwiceAreTheWritersToName) {
  PendingCase c(true);
  text::FunctionLocals L = c.t.make();
  L.beforeExpression(c.v);
  EXPECT_FALSE(L.load(c.v, c.ptrY, "y", 2));
  EXPECT_TRUE(L.load(c.v, c.ptrY, "y", 0));
  EXPECT_EQ(c.t.text[c.v.index], "y");
  EXPECT_TRUE(c.t.declared.empty());
}

// A call result used once waits; the next value that reads memory names it first (an
// effect keeps its place). Used twice: named at once. Unused: the writer's statement.
TEST(FunctionLocals, ResultsKeepTheirPlace) {
  PendingCase c(true);
  text::FunctionLocals L = c.t.make();
  EXPECT_FALSE(L.result(c.s, "g()", 0));
  EXPECT_TRUE(c.t.declared.empty());
  ASSERT_TRUE(L.result(c.s, "g()", 1));
  EXPECT_TRUE(c.t.declared.empty());
  L.beforeExpression(c.v);  // a load
  ASSERT_EQ(c.t.declared.size(), 1u);
  EXPECT_EQ(c.t.declared[0], "_e" + std::to_string(c.s.index) + " = g()");
  ASSERT_TRUE(L.result(c.s, "h()", 2));
  ASSERT_EQ(c.t.declared.size(), 2u);
  EXPECT_EQ(c.t.declared[1], "_e" + std::to_string(c.s.index) + " = h()");
  // Left pending at a block's end: written when the end is reachable, dropped otherwise.
  ASSERT_TRUE(L.result(c.s, "k()", 1));
  L.endBlock(false);
  EXPECT_EQ(c.t.declared.size(), 2u);
  ASSERT_TRUE(L.result(c.s, "k()", 1));
  L.endBlock(true);
  ASSERT_EQ(c.t.declared.size(), 3u);
  EXPECT_EQ(c.t.declared[2], "_e" + std::to_string(c.s.index) + " = k()");
}

namespace {
// fn f() -> u32 { var v; l = B[0] (load, B a read-write buffer); [B[1] = 5u;] v = l;
//   return v; }  `between` puts the buffer store between the load and v's declaring store.
struct WritableCase {
  Fixture t;
  Handle<Expression> ptr, l, ret;
  explicit WritableCase(bool between) {
    ModuleBuilder mb(t.m);
    auto u32 = mb.types().scalar(Scalar::u32());
    auto buf = mb.storageBuffer("B", ResourceKind::RWStructuredBuffer, u32, 4, 0, 0);
    t.fh = mb.function("f", {}, FunctionResult{u32, {}});
    FunctionBuilder b = mb.build(t.fh);
    uint32_t v = b.addLocal("v", u32);
    ptr = b.access(b.accessIndex(b.global(buf), 0), b.u32(0));
    l = b.load(ptr);
    if (between) b.store(b.access(b.accessIndex(b.global(buf), 0), b.u32(1)), b.literal(Literal::u32(5)));
    b.store(b.local(v), l);
    ret = b.load(b.local(v));
    b.ret(ret);
    b.finish();
  }
};
}  // namespace

// A load of writable memory used once by the store that declares a local waits for it
// (`let v = B[0];`); a store to memory in between names it first, where it was read.
TEST(FunctionLocals, AWritableLoadWaitsOnlyForItsDeclaringStore) {
  {
    WritableCase c(false);
    text::FunctionLocals L = c.t.make();
    ASSERT_EQ(c.t.stores.size(), 1u);
    EXPECT_GE(L.declaredBy(c.t.stores[0]), 0);
    L.beforeExpression(c.l);
    ASSERT_TRUE(L.load(c.l, c.ptr, "B[0]", 1));
    L.beforeStatement(c.t.stores[0]);
    EXPECT_TRUE(c.t.declared.empty());
    EXPECT_EQ(L.use(c.l), "B[0]");
  }
  {
    WritableCase c(true);
    text::FunctionLocals L = c.t.make();
    ASSERT_EQ(c.t.stores.size(), 2u);
    L.beforeExpression(c.l);
    ASSERT_TRUE(L.load(c.l, c.ptr, "B[0]", 1));
    L.beforeStatement(c.t.stores[0]);  // B[1] = 5u
    ASSERT_EQ(c.t.declared.size(), 1u);
    EXPECT_EQ(c.t.declared[0], "_e" + std::to_string(c.l.index) + " = B[0]");
    EXPECT_EQ(L.use(c.l), "_e" + std::to_string(c.l.index));
  }
}

// A load of writable memory used once elsewhere (here: a return value) is the writer's
// to name, as before: only a declaring store takes it.
TEST(FunctionLocals, AWritableLoadUsedElsewhereIsNamed) {
  Fixture t;
  ModuleBuilder mb(t.m);
  auto u32 = mb.types().scalar(Scalar::u32());
  auto buf = mb.storageBuffer("B", ResourceKind::RWStructuredBuffer, u32, 4, 0, 0);
  t.fh = mb.function("f", {}, FunctionResult{u32, {}});
  FunctionBuilder b = mb.build(t.fh);
  auto ptr = b.access(b.accessIndex(b.global(buf), 0), b.u32(0));
  auto l = b.load(ptr);
  b.ret(l);
  b.finish();
  text::FunctionLocals L = t.make();
  L.beforeExpression(l);
  EXPECT_FALSE(L.load(l, ptr, "B[0]", 1));
  EXPECT_TRUE(t.declared.empty());
}
