// The long double classifiers of the toolkit's math_functions.h: long double is double in device
// code (nvcc's warning #20208-D), so they classify as double's do (nvcc: abs + setp.gtu/lt).
__global__ void classify(int *o, double x) {
  long double y = x;
  o[0] = __isnanl(y);
  o[1] = __isinfl(y);
  o[2] = __finitel(y);
  o[3] = __signbitl(y);
}
// CHECK: .entry _Z8classifyPid(
// CHECK: abs.f64
// CHECK-NOT: call
// CHECK: ret;
