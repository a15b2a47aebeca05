// Host const/constexpr variables in device code: a class object's members fold (see
// testdata/codegen/cxx_constexpr_class_globals.cu); an array of scalars is not there (nvcc).
struct S { int a; int b = 3; };
constexpr S s{1};
constexpr int tab[3] = {1, 2, 3};
const int ctab[3] = {1, 2, 3};
__global__ void k(int *o) {
  o[0] = s.a + s.b;
  o[1] = tab[1] + ctab[2];
}
