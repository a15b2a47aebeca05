// CUDA's memory spaces in the GNU attribute spelling the toolkit's host_defines.h gives them
// (`__shared__` is `__attribute__((shared))`, ...): the variables live where the keywords put them.
__attribute__((device)) int g_count[4];
__attribute__((constant)) float c_scale[2] = {2.0f, 3.0f};
extern "C" __global__ void spaces(float *out) {
  extern __attribute__((shared)) float dyn[];
  __attribute__((shared)) int tile[32];
  unsigned t = threadIdx.x;
  tile[t] = (int)t;
  dyn[t] = out[t] * c_scale[t & 1];
  __syncthreads();
  out[t] = dyn[31 - t] + (float)tile[31 - t];
  if (t == 0) g_count[0] = 7;
}
// CHECK: .extern .shared .align 16 .b8 dyn[];
// CHECK: .global .align 4 .b8 g_count[16];
// CHECK: .const .align 4 .b8 c_scale[8] = {0, 0, 0, 64, 0, 0, 64, 64};
// CHECK: .shared .align 4 .b8 _ZZ6spacesE4tile[128];
// CHECK: .entry spaces(
// CHECK: st.shared.b32
// CHECK: ld.const.b32
// CHECK: bar.sync 0;
// CHECK: st.global.b32 [g_count], 7;
