"""Metal's rules that clang cannot see in an MSL file: which attributes each kind of
function (kernel, vertex, fragment) may put on its parameters, on the members of its
[[stage_in]] struct and of the struct it returns, which address spaces its pointer and
reference parameters may name, and where function attributes and function constants go.

check_msl.py runs rule_errors(path) before the clang check; each error is a
(line, column, message) triple, reported as `FILE:LINE:COL: error: MESSAGE` like clang's.

The tables below are the only place these facts live. They follow the Metal Shading
Language Specification, version 2.4:
  - section 5.2.3 "Attributes for built-in variables": the tables of attributes for vertex
    function input arguments, vertex function outputs, fragment function input
    arguments, fragment function outputs and kernel function input arguments, with the
    types each attribute takes (and the notes under them: kernel position/size built-ins
    are ushort or uint scalars or vectors, SIMD-group/quad-group ones scalars);
  - section 5.2.1 (buffer, texture, sampler and threadgroup argument attributes),
    section 5.2.2 ([[attribute(n)]] of per-vertex inputs), section 5.2.4 ([[stage_in]],
    for vertex, fragment and kernel functions; at most one per function);
  - section 5.4 (sampling and interpolation attributes of fragment inputs);
  - section 4 (address spaces): a pointer or reference argument of a graphics function
    is in the device or constant space, of a kernel function in device, constant or
    threadgroup;
  - section 5.1.4 / 5.3 ([[max_total_threads_per_threadgroup]] on kernels) and 5.8
    (function constants: program-scope `constant` variables).
A row is here only when the specification's table has it; an attribute not in the table
for a function kind is an error. Rows OneShader does not need may be missing (tile,
mesh, ray-tracing and tessellation functions are not modelled at all): add one only
after checking it in the specification. Types: None means the type is not checked.

Two rules are OneShader's own, stricter than Metal (marked "OneShader rule"): every
entry-point parameter carries an attribute (the writer states every argument index; Metal
would assign missing ones itself), and every pointer or reference parameter names its
address space (clang's model reads an unqualified one as OpenCL's generic space, which
would accept every space).
"""
import re

U = ("ushort", "uint")
U123 = U + ("ushort2", "ushort3", "uint2", "uint3")
COLOR = tuple(b + n for b in ("float", "half", "int", "uint", "short", "ushort") for n in ("", "2", "3", "4"))

# Kernel function input arguments (built-ins).
KERNEL_INPUTS = {
    "thread_position_in_grid": U123,
    "thread_position_in_threadgroup": U123,
    "threadgroup_position_in_grid": U123,
    "threads_per_grid": U123,
    "threads_per_threadgroup": U123,
    "threadgroups_per_grid": U123,
    "dispatch_threads_per_threadgroup": U123,
    "grid_origin": U123,
    "grid_size": U123,
    "thread_index_in_threadgroup": U,
    "thread_execution_width": U,
    "threads_per_simdgroup": U,
    "thread_index_in_simdgroup": U,
    "simdgroup_index_in_threadgroup": U,
    "simdgroups_per_threadgroup": U,
    "dispatch_simdgroups_per_threadgroup": U,
    "thread_index_in_quadgroup": U,
    "quadgroup_index_in_threadgroup": U,
    "quadgroups_per_threadgroup": U,
    "dispatch_quadgroups_per_threadgroup": U,
}
# Vertex function input arguments (built-ins).
VERTEX_INPUTS = {
    "vertex_id": U,
    "instance_id": U,
    "base_vertex": U,
    "base_instance": U,
    "amplification_id": U,
    "amplification_count": U,
}
# Fragment function input arguments (built-ins). SIMD-group lane index and width are
# fragment inputs too (MSL 2.2 and later), the quad-group and threadgroup ones are not.
FRAGMENT_INPUTS = {
    "position": ("float4",),
    "front_facing": ("bool",),
    "point_coord": ("float2",),
    "sample_id": ("uint",),
    "sample_mask": ("uint",),
    "primitive_id": ("uint",),
    "barycentric_coord": None,
    "render_target_array_index": None,
    "viewport_array_index": None,
    "color": COLOR,  # [[color(m)]]: reads color attachment m
    "thread_index_in_simdgroup": U,
    "threads_per_simdgroup": U,
    "amplification_id": U,
    "amplification_count": U,
}
# Resource arguments, every function kind (section 5.2.1); [[threadgroup(n)]] kernels only.
RESOURCES = {"buffer", "texture", "sampler"}
KIND_INPUTS = {
    "kernel": dict(KERNEL_INPUTS, stage_in=None, threadgroup=None),
    "vertex": dict(VERTEX_INPUTS, stage_in=None),
    "fragment": dict(FRAGMENT_INPUTS, stage_in=None),
}
# Address spaces a pointer or reference argument may name (section 4).
KIND_SPACES = {
    "kernel": ("device", "constant", "threadgroup"),
    "vertex": ("device", "constant"),
    "fragment": ("device", "constant"),
}
# Members of the struct a vertex function returns.
VERTEX_OUTPUTS = {
    "position": ("float4",),
    "point_size": ("float",),
    "clip_distance": None,
    "render_target_array_index": None,
    "viewport_array_index": None,
    "invariant": None,  # only together with [[position]]
    "user": None,  # [[user(name)]]
}
# Members of the struct a fragment function returns.
FRAGMENT_OUTPUTS = {
    "color": COLOR,  # [[color(n)]], with [[index(i)]] for dual-source blending
    "index": None,  # only together with [[color(n)]]
    "depth": ("float",),  # [[depth(any)]], [[depth(greater)]], [[depth(less)]]
    "sample_mask": ("uint",),
    "stencil": None,
}
DEPTH_ARGUMENTS = ("any", "greater", "less")
# Interpolation of a fragment [[stage_in]] member (section 5.4): at most one each.
INTERPOLATION = {"center_perspective", "center_no_perspective", "centroid_perspective",
                 "centroid_no_perspective", "sample_perspective", "sample_no_perspective", "flat"}
# Members of a [[stage_in]] struct: per-vertex attributes for vertex and kernel functions
# (section 5.2.2), for a fragment function what a vertex function outputs (section 5.2.4:
# the vertex output struct is the fragment input) plus interpolation.
STAGE_IN_MEMBERS = {
    "kernel": {"attribute": None},
    "vertex": {"attribute": None},
    "fragment": dict(VERTEX_OUTPUTS, **{a: None for a in INTERPOLATION}),
}
# Attributes of a function and the kinds that may carry them.
FUNCTION_ATTRIBUTES = {
    "max_total_threads_per_threadgroup": ("kernel",),
    "early_fragment_tests": ("fragment",),
}
KINDS = ("kernel", "vertex", "fragment")
SPACES = ("device", "constant", "thread", "threadgroup", "threadgroup_imageblock", "ray_data", "object_data")
TEXTURE_TYPES = re.compile(r"^(texture|depth)[0-9a-z_]*<|^texture_buffer<")


# ----------------------------------------------------------------------------------------
# Tokens

TOKEN = re.compile(r"""
    (?P<nl>\n) | (?P<ws>[ \t\r\f\v]+) | (?P<comment>//[^\n]*|/\*.*?\*/) |
    (?P<str>"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*') |
    (?P<num>\.?[0-9](?:[eEpP][+-]|[A-Za-z0-9_.])*) | (?P<id>[A-Za-z_][A-Za-z0-9_]*) |
    (?P<punct>::|->|&&|\|\||<<=|>>=|[-+*/%&|^<>=!]=|\+\+|--|<<|>>|.)
""", re.S | re.X)


class Tok:
    __slots__ = ("text", "kind", "line", "col")

    def __init__(self, text, kind, line, col):
        self.text, self.kind, self.line, self.col = text, kind, line, col

    def __repr__(self):
        return f"{self.text}@{self.line}:{self.col}"


def tokenize(text):
    """Tokens with 1-based line and column (bytes, as clang counts); preprocessor lines
    and comments are dropped."""
    toks = []
    line, line_start, pos, at_line_start = 1, 0, 0, True
    while pos < len(text):
        if at_line_start:
            m = re.match(r"[ \t]*#(?:[^\n\\]|\\.)*", text[pos:], re.S)
            if m:
                chunk = m.group(0)
                line += chunk.count("\n")
                if "\n" in chunk:
                    line_start = pos + chunk.rindex("\n") + 1
                pos += len(chunk)
                continue
        m = TOKEN.match(text, pos)
        kind = m.lastgroup
        s = m.group(0)
        if kind == "nl":
            line, line_start, at_line_start = line + 1, m.end(), True
        elif kind in ("ws", "comment"):
            if "\n" in s:
                line += s.count("\n")
                line_start = pos + s.rindex("\n") + 1
        else:
            at_line_start = False
            toks.append(Tok(s, kind, line, len(text[line_start:pos].encode()) + 1))
        pos = m.end()
    return toks


class Attr:
    """One attribute of an attribute-specifier: [[name]] or [[name(args)]]."""

    def __init__(self, name_tok, args):
        self.name, self.tok, self.args = name_tok.text, name_tok, args

    def arg_text(self):
        return "".join(t.text for t in self.args)


def parse_attributes(toks, i):
    """toks[i], toks[i+1] are `[` `[`: returns (list of Attr, index after `]]`)."""
    j = i + 2
    attrs = []
    while j < len(toks):
        t = toks[j]
        if t.text == "]" and j + 1 < len(toks) and toks[j + 1].text == "]":
            return attrs, j + 2
        if t.text == ",":
            j += 1
            continue
        if t.kind != "id":
            raise SyntaxError(f"{t.line}:{t.col}: unexpected '{t.text}' in an attribute")
        name = t
        if j + 1 < len(toks) and toks[j + 1].text == "::":  # namespaced attribute
            name = toks[j + 2]
            j += 2
        args = []
        j += 1
        if j < len(toks) and toks[j].text == "(":
            depth = 0
            while True:
                if toks[j].text == "(":
                    depth += 1
                elif toks[j].text == ")":
                    depth -= 1
                if depth == 0:
                    break
                if depth > 1 or toks[j].text != "(":
                    args.append(toks[j])
                j += 1
            j += 1
        attrs.append(Attr(name, args))
    raise SyntaxError("unterminated attribute")


def strip_attributes(toks):
    """(tokens without attribute-specifiers, attributes found)."""
    out, attrs, i = [], [], 0
    while i < len(toks):
        if toks[i].text == "[" and i + 1 < len(toks) and toks[i + 1].text == "[":
            a, i = parse_attributes(toks, i)
            attrs += a
        else:
            out.append(toks[i])
            i += 1
    return out, attrs


def matching(toks, i, open_, close):
    depth = 0
    for j in range(i, len(toks)):
        if toks[j].text == open_:
            depth += 1
        elif toks[j].text == close:
            depth -= 1
            if depth == 0:
                return j
    raise SyntaxError(f"{toks[i].line}:{toks[i].col}: unbalanced '{open_}'")


def split_top(toks, sep):
    """Splits at `sep` outside (), [], {} and template angle brackets."""
    parts, cur, depth, angle = [], [], 0, 0
    for t in toks:
        if t.text in "([{":
            depth += 1
        elif t.text in ")]}":
            depth -= 1
        elif t.text == "<" and depth == 0 and cur and cur[-1].kind == "id":
            angle += 1
        elif t.text == ">" and angle:
            angle -= 1
        elif t.text == ">>" and angle:
            angle = max(0, angle - 2)
        if t.text == sep and depth == 0 and angle == 0:
            parts.append(cur)
            cur = []
        else:
            cur.append(t)
    if cur:
        parts.append(cur)
    return parts


class Decl:
    """A parameter or struct member: type tokens, name, attributes."""

    def __init__(self, toks):
        toks, self.attrs = strip_attributes(toks)
        if "=" in [t.text for t in toks]:
            toks = toks[:[t.text for t in toks].index("=")]
        while toks and toks[-1].text == "]":  # C array declarator: `float a[4]`
            toks = toks[:[t.text for t in toks].index("[")]
        self.name = toks[-1] if toks and toks[-1].kind == "id" else None
        self.type_toks = toks[:-1] if self.name else toks
        self.first = (toks or [None])[0]
        angle = 0
        self.indirect = False  # a pointer or a reference
        for t in self.type_toks:
            if t.text == "<":
                angle += 1
            elif t.text == ">":
                angle -= 1
            elif t.text in ("*", "&", "&&") and angle == 0:
                self.indirect = True
        self.spaces = [t.text for t in self.type_toks if t.text in SPACES]

    def type_name(self):
        """The type without const/volatile, address space and `metal::`, e.g. `array<float4,4>`."""
        return type_text([t for t in self.type_toks if t.text not in SPACES + ("const", "volatile")])

    def where(self):
        return self.name or self.first


def type_text(toks):
    out, prev = "", None
    for t in toks:
        if prev is not None and prev.kind in ("id", "num") and t.kind in ("id", "num"):
            out += " "
        out += t.text
        prev = t
    return out.replace("metal::", "")


class Struct:
    def __init__(self, name, members):
        self.name, self.members = name, members


class Function:
    def __init__(self, kind, name, ret_toks, params, fattrs, kind_tok):
        self.kind, self.name, self.ret_toks, self.params = kind, name, ret_toks, params
        self.fattrs, self.kind_tok = fattrs, kind_tok

    def ret_name(self):
        return type_text([t for t in self.ret_toks if t.text not in ("const", "inline", "static")])


def parse(toks):
    """Top-level structs, functions and program-scope variables."""
    structs, functions, variables = {}, [], []
    i = 0
    while i < len(toks):
        if toks[i].text == "}":  # the end of a namespace
            i += 1
            continue
        # One top-level declaration: up to `;` at depth 0 or a `{...}` body.
        j, start = i, i
        while j < len(toks) and toks[j].text not in (";", "{"):
            if toks[j].text == "(":
                j = matching(toks, j, "(", ")")
            elif toks[j].text == "[":
                j = matching(toks, j, "[", "]")
            j += 1
        if j >= len(toks):
            break
        head = toks[start:j]
        plain = strip_attributes(head)[0]
        pwords = [t.text for t in plain]
        is_function = ("(" in pwords and pwords[0] not in ("static_assert", "using", "typedef", "template")
                       and "=" not in pwords[:pwords.index("(")] and pwords.index("(") > 0
                       and plain[pwords.index("(") - 1].kind == "id")
        if toks[j].text == "{" and "=" not in pwords:
            end = matching(toks, j, "{", "}")
            body = toks[j + 1:end]
            if pwords[:1] in (["struct"], ["union"], ["class"]) and len(plain) == 2:
                name = plain[1].text
                structs[name] = Struct(name, [Decl(m) for m in split_top(body, ";") if m])
            elif pwords[:1] == ["namespace"]:
                i = j + 1  # its declarations are top-level too
                continue
            elif is_function:
                functions.append(parse_function(head))
            i = end + 1
            while i < len(toks) and toks[i].text == ";":
                i += 1
            continue
        if toks[j].text == "{":  # `T x = {...};`
            j = matching(toks, j, "{", "}")
            while j < len(toks) and toks[j].text != ";":
                j += 1
        if is_function:
            functions.append(parse_function(head))
        elif pwords and pwords[0] not in ("using", "typedef", "static_assert", "template", "}"):
            variables.append(Decl(head))
        i = j + 1
    return structs, functions, variables


def parse_function(head):
    plain, fattrs = [], []
    k = 0
    # Attributes before the declaration apply to the function; the ones after the
    # parameter list too.
    while k < len(head) and head[k].text == "[" and head[k + 1].text == "[":
        a, k = parse_attributes(head, k)
        fattrs += a
    rest = head[k:]
    lp = [t.text for t in rest].index("(")
    rp = matching(rest, lp, "(", ")")
    after, more = strip_attributes(rest[rp + 1:])
    fattrs += more
    before = strip_attributes(rest[:lp])[0]
    kind, kind_tok = None, None
    if before and before[0].text in KINDS:
        kind, kind_tok = before[0].text, before[0]
        before = before[1:]
    name = before[-1]
    params = [Decl(p) for p in split_top(rest[lp + 1:rp], ",") if p]
    if len(params) == 1 and [t.text for t in params[0].type_toks] == [] and params[0].name \
            and params[0].name.text == "void":
        params = []
    return Function(kind, name, before[:-1], params, fattrs, kind_tok or name)


# ----------------------------------------------------------------------------------------
# Rules


def rule_errors(path):
    text = open(path, encoding="utf-8", errors="replace").read()
    try:
        toks = tokenize(text)
        structs, functions, variables = parse(toks)
    except (SyntaxError, ValueError, IndexError) as e:
        return [(1, 1, f"the Metal rule check cannot read this file ({e})")]
    errs = []

    def err(tok, msg):
        errs.append((tok.line, tok.col, msg))

    def check_type(decl, attr, types, what):
        if types is None or decl.type_toks == []:
            return
        t = decl.type_name()
        if t not in types:
            err(attr.tok, f"[[{attr.name}]] {what} must have type {' or '.join(types)}, not '{t}'")

    for v in variables:
        for a in v.attrs:
            if a.name == "function_constant":
                if v.spaces != ["constant"]:
                    err(a.tok, "[[function_constant(n)]] is for program-scope variables in the constant address space")
            else:
                err(a.tok, f"[[{a.name}]] is not an attribute of a program-scope variable")

    for f in functions:
        kind = f.kind
        for a in f.fattrs:
            kinds = FUNCTION_ATTRIBUTES.get(a.name)
            if kinds is None:
                err(a.tok, f"[[{a.name}]] is not a function attribute the Metal rule check knows")
            elif kind not in kinds:
                err(a.tok, f"[[{a.name}]] is for {' and '.join(kinds)} functions, not "
                           f"{'a ' + kind + ' function' if kind else 'a plain function'}")
        if kind is None:
            for p in f.params:
                for a in p.attrs:
                    err(a.tok, f"[[{a.name}]] on a parameter of '{f.name.text}', which is not a kernel, vertex or "
                               "fragment function")
                if p.indirect and not p.spaces:
                    err(p.where(), f"pointer or reference parameter '{p.name.text if p.name else '?'}' names no "
                                   "address space (OneShader rule: device, constant, threadgroup or thread)")
            continue

        allowed = KIND_INPUTS[kind]
        stage_ins = 0
        used = {}
        for p in f.params:
            pname = p.name.text if p.name else "?"
            if not p.attrs:
                err(p.where(), f"{kind} function parameter '{pname}' has no attribute (OneShader rule: every "
                               "argument of an entry point states its index or built-in)")
            if p.indirect:
                if not p.spaces:
                    err(p.where(), f"pointer or reference parameter '{pname}' of a {kind} function names no "
                                   f"address space ({', '.join(KIND_SPACES[kind])})")
                elif any(s not in KIND_SPACES[kind] for s in p.spaces):
                    bad = next(s for s in p.spaces if s not in KIND_SPACES[kind])
                    err(p.where(), f"a pointer or reference argument of a {kind} function is in the "
                                   f"{' or '.join(KIND_SPACES[kind])} address space, not {bad}")
            for a in p.attrs:
                if a.name in RESOURCES or a.name == "threadgroup" and kind == "kernel":
                    check_resource(f, p, a, err, used)
                    continue
                if a.name not in allowed:
                    err(a.tok, f"[[{a.name}]] is not an attribute of {kind} function parameters")
                    continue
                if a.name == "stage_in":
                    stage_ins += 1
                    if stage_ins == 2:
                        err(a.tok, f"a {kind} function takes at most one [[stage_in]] parameter")
                    st = structs.get(p.type_name())
                    if st:
                        check_members(st, STAGE_IN_MEMBERS[kind], f"a {kind} function's [[stage_in]] struct", err,
                                      check_type)
                    continue
                if p.indirect:
                    err(a.tok, f"[[{a.name}]] is a value: parameter '{pname}' must not be a pointer or reference")
                    continue
                check_type(p, a, allowed[a.name], f"(a {kind} function input)")
                if a.name == "color" and not (len(a.args) == 1 and a.args[0].kind in ("num", "id")):
                    err(a.tok, "[[color(m)]] takes one color attachment index")

        ret = f.ret_name()
        if kind == "kernel":
            continue  # clang checks that a kernel returns void
        st = structs.get(ret)
        if kind == "vertex":
            if st:
                check_members(st, VERTEX_OUTPUTS, "a vertex function output", err, check_type)
                if not any(a.name == "position" for m in st.members for a in m.attrs):
                    err(f.name, f"the output struct '{st.name}' of vertex function '{f.name.text}' has no "
                                "[[position]] member")
        elif st:
            check_members(st, FRAGMENT_OUTPUTS, "a fragment function output", err, check_type)
    return sorted(set(errs))


def check_resource(f, p, a, err, used):
    pname = p.name.text if p.name else "?"
    t = p.type_name()
    if len(a.args) != 1 or a.args[0].kind not in ("num", "id"):
        err(a.tok, f"[[{a.name}(n)]] takes one index")
        return
    count = 1
    m = re.match(r"^array<(.*),([0-9]+)>$", t.replace(" ", ""))
    if m:
        t, count = m.group(1), int(m.group(2))
    if a.name in ("buffer", "threadgroup"):
        if not p.indirect:
            err(a.tok, f"[[{a.name}(n)]] parameter '{pname}' must be a pointer or reference")
        elif a.name == "threadgroup" and p.spaces != ["threadgroup"]:
            err(a.tok, f"[[threadgroup(n)]] parameter '{pname}' must be in the threadgroup address space")
        elif a.name == "buffer" and any(s not in ("device", "constant") for s in p.spaces) \
                and all(s in KIND_SPACES[f.kind] for s in p.spaces):  # else the parameter rule said it
            err(a.tok, f"[[buffer(n)]] parameter '{pname}' must be in the device or constant address space")
    elif a.name == "texture" and (p.indirect or not TEXTURE_TYPES.match(t.replace(" ", ""))):
        err(a.tok, f"[[texture(n)]] parameter '{pname}' must be a texture, not '{p.type_name()}'")
    elif a.name == "sampler" and (p.indirect or t != "sampler"):
        err(a.tok, f"[[sampler(n)]] parameter '{pname}' must be a sampler, not '{p.type_name()}'")
    # OneShader rule: one index per argument (an array of N takes N consecutive indices).
    if a.args[0].kind == "num":
        first = int(a.args[0].text.rstrip("uU"), 0)
        for k in range(first, first + count):
            other = used.setdefault((a.name, k), pname)
            if other != pname:
                err(a.tok, f"[[{a.name}({k})]] of '{pname}' is already taken by '{other}' (OneShader rule: one "
                           "index per argument)")
                break


def check_members(st, table, what, err, check_type):
    for m in st.members:
        names = [a.name for a in m.attrs]
        for a in m.attrs:
            if a.name not in table:
                err(a.tok, f"[[{a.name}]] is not allowed on a member of {what} ('{st.name}')")
                continue
            check_type(m, a, table[a.name], f"on a member of {what}")
            if a.name == "depth" and a.arg_text() not in DEPTH_ARGUMENTS:
                err(a.tok, f"[[depth(...)]] takes {', '.join(DEPTH_ARGUMENTS)}, not '{a.arg_text()}'")
            if a.name == "invariant" and "position" not in names:
                err(a.tok, "[[invariant]] goes only with [[position]]")
            if a.name == "index" and "color" not in names:
                err(a.tok, "[[index(i)]] goes only with [[color(n)]]")
        if sum(n in INTERPOLATION for n in names) > 1:
            err(m.attrs[0].tok, f"member '{m.name.text if m.name else '?'}' has more than one interpolation attribute")
