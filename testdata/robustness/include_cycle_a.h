#include "include_cycle_b.h"
__device__ int from_a() { return 1; }
