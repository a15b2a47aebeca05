// Control-flow checks: break outside a loop, goto to a missing label, duplicate case values.
__global__ void k(int *p) {
  break;
  goto nowhere;
  switch (p[0]) {
  case 1: p[1] = 1; break;
  case 1: p[1] = 2; break;
  }
}
