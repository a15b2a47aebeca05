// new and delete type errors, with nvcc's wording: deleting a non-pointer, new of void, of an
// incomplete class and of a reference type, a new whose pointer does not convert; deleting a
// void* or a pointer to an incomplete class only warns.
struct I;
__device__ void g(int x, I* ip, void* vp) {
  delete x;
  int* a = new void;
  I* b = new I;
  delete ip;
  delete vp;
  int& r = *new int&;
  float* f = new int;
  int* c = new int[1.5];
  delete[] c;
}
