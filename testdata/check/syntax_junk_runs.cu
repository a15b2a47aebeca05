// Runs of stray tokens: each run is one error, and the code after it is parsed and checked as
// usual (the undefined identifiers on the last lines are still reported).
__device__ int g(int a, int b) { return a + b; }

__global__ void k(int *p) {
  p[0] = 1; ) ) ) ) ) ) ) ) ) )
  p[1] = 2 ] ] ] ] ] ] ;
  p[2] = g(1, 2) ) ) ) ;
  p[3] = undefined_after_junk;
}

) ) ) ) ) ) ) )

__global__ void k2(int *p) { p[0] = also_undefined; }
