// Methods of user structs: on a local (passed by pointer), calling each other through
// `this` and without an object, and on RWStructuredBuffer elements (copy-in/copy-out:
// the element must be written back), and on a static global.
struct Acc
{
    uint sum;
    uint count;
    void add(uint x) { sum += x; count += 1; }
    void addTwice(uint x) { add(x); this.add(x * 2); }
    uint mean() { return count == 0 ? 0 : sum / count; }
};

struct Cell
{
    uint v;
    uint hits;
    void hit(uint k) { v += k; hits++; }
};

RWStructuredBuffer<Cell> Cells : register(u0);
RWStructuredBuffer<uint> Out : register(u1);
static Acc gAcc;

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    uint i = id.x;
    Acc a;
    a.sum = 0;
    a.count = 0;
    a.add(i);
    a.addTwice(i + 1);
    gAcc.sum = 7;
    gAcc.count = 0;
    gAcc.add(i);
    Out[i * 3] = a.sum;
    Out[i * 3 + 1] = a.mean();
    Out[i * 3 + 2] = gAcc.sum * 10 + gAcc.count;
    Cells[i].hit(i);
    Cells[i].hit(1);
}
