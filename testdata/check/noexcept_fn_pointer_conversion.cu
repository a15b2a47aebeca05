// C++17: a pointer to a function without `noexcept` does not convert to a pointer to a noexcept
// function (the reverse is the function pointer conversion); nvcc's wording, the types spelled
// with `noexcept`.
__device__ int plain() { return 1; }
__device__ int nothrow() noexcept { return 2; }
__device__ void use() {
  int (*p)() = plain;
  int (*ok1)() = nothrow;
  int (*q)() noexcept = p;
  int (*r)() noexcept = plain;
  q = p;
  q = nothrow;
  p = q;
  (void)ok1;
  (void)r;
}
