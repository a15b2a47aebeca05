// C++ references and default arguments: a reference parameter is passed as the referent's
// address, `const T&` binds rvalues through a temporary, missing trailing arguments take their
// defaults; mangled names match nvcc's (`R`, `RK`).
struct P { float x, y; };
__device__ __noinline__ void swap2(float &a, float &b) { float t = a; a = b; b = t; }
__device__ __noinline__ float sum(const P &p, float scale = 2.0f) { return (p.x + p.y) * scale; }
__device__ __noinline__ int twice(const int &v, const int *q = nullptr) { return q ? *q : v * 2; }
__device__ float &at(float *v, int i) { return v[i]; }
__global__ void refs(float *v, P *ps, int *o) {
  swap2(v[0], v[1]);
  at(v, 2) += 1.0f;
  float &r = v[3];
  r *= 2.0f;
  v[5] = sum(ps[0]) + sum(ps[1], 0.5f);
  o[0] = twice(o[1] + 1);
}
// CHECK: .func _Z5swap2RfS_(
// CHECK: .func  (.param .b32 func_retval0) _Z3sumRK1Pf(
// CHECK: .func  (.param .b32 func_retval0) _Z5twiceRKiPS_(
// CHECK: .entry _Z4refsPfP1PPi(
// CHECK: call.uni _Z5swap2RfS_, (param0, param1);
// CHECK: 0f3F800000;
// CHECK: st.param.b32 [param1], 1073741824;
// CHECK: call.uni (retval0), _Z3sumRK1Pf, (param0, param1);
// CHECK: st.param.b32 [param1], 1056964608;
// CHECK: call.uni (retval0), _Z3sumRK1Pf, (param0, param1);
// CHECK: st.param.b64 [param1], 0;
// CHECK: call.uni (retval0), _Z5twiceRKiPS_, (param0, param1);
