/* math.h (warpc builtin header): the math library itself is in the prelude; this adds glibc's M_* constants and INFINITY/NAN (device expressions). */
#ifndef __WARPC_MATH_H__
#define __WARPC_MATH_H__
#include "__warpc_cuda_runtime.h"
#define M_E 2.718281828459045
#define M_LOG2E 1.4426950408889634
#define M_LOG10E 0.4342944819032518
#define M_LN2 0.6931471805599453
#define M_LN10 2.302585092994046
#define M_PI 3.141592653589793
#define M_PI_2 1.5707963267948966
#define M_PI_4 0.7853981633974483
#define M_1_PI 0.3183098861837907
#define M_2_PI 0.6366197723675814
#define M_2_SQRTPI 1.1283791670955126
#define M_SQRT2 1.4142135623730951
#define M_SQRT1_2 0.7071067811865476
#define INFINITY __int_as_float(0x7f800000)
#define NAN __int_as_float(0x7fffffff)
#define HUGE_VALF INFINITY
#define HUGE_VAL __longlong_as_double(0x7ff0000000000000LL)
#define FP_NAN 0
#define FP_INFINITE 1
#define FP_ZERO 2
#define FP_SUBNORMAL 3
#define FP_NORMAL 4
#endif /* __WARPC_MATH_H__ */
