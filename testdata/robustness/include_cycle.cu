// Two headers that include each other without guards.
#include "include_cycle_a.h"
__global__ void k(int *p) { p[0] = from_a(); }
