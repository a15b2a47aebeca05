// Perf: straight-line 3x3 SVD in float (McAdams et al. style): four unrolled Jacobi sweeps on
// A^T A with approximate Givens rotations accumulated into V, sorting of the singular values,
// then QR of A V by Givens rotations. Everything is scalar and straight-line.
__device__ void approx_givens(float a11, float a12, float a22, float &ch, float &sh) {
  const float g = 5.828427124f;
  ch = 2.0f * (a11 - a22);
  sh = a12;
  bool b = g * sh * sh < ch * ch;
  float w = rsqrtf(ch * ch + sh * sh);
  ch = b ? w * ch : 0.923879532f;
  sh = b ? w * sh : 0.3826834323f;
}

__device__ void jacobi(float &s11, float &s21, float &s22, float &s31, float &s32, float &s33,
                       float q[4], int p0, int p1) {
  // Conjugate the symmetric S by the rotation in the (p0, p1) plane; q is the quaternion of V.
  float a, b, c;
  if (p0 == 0) { a = s11; b = s21; c = s22; } else if (p0 == 1) { a = s22; b = s32; c = s33; }
  else { a = s33; b = s31; c = s11; }
  float ch, sh;
  approx_givens(a, b, c, ch, sh);
  float co = ch * ch - sh * sh, si = 2.0f * sh * ch;
  float m11 = s11, m21 = s21, m22 = s22, m31 = s31, m32 = s32, m33 = s33;
  if (p0 == 0) {
    s11 = co * co * m11 + 2 * co * si * m21 + si * si * m22;
    s22 = si * si * m11 - 2 * co * si * m21 + co * co * m22;
    s21 = (co * co - si * si) * m21 + co * si * (m22 - m11);
    s31 = co * m31 + si * m32;
    s32 = -si * m31 + co * m32;
  } else if (p0 == 1) {
    s22 = co * co * m22 + 2 * co * si * m32 + si * si * m33;
    s33 = si * si * m22 - 2 * co * si * m32 + co * co * m33;
    s32 = (co * co - si * si) * m32 + co * si * (m33 - m22);
    s21 = co * m21 + si * m31;
    s31 = -si * m21 + co * m31;
  } else {
    s33 = co * co * m33 + 2 * co * si * m31 + si * si * m11;
    s11 = si * si * m33 - 2 * co * si * m31 + co * co * m11;
    s31 = (co * co - si * si) * m31 + co * si * (m11 - m33);
    s32 = co * m32 + si * m21;
    s21 = -si * m32 + co * m21;
  }
  float x = q[0], y = q[1], z = q[2], w = q[3];
  float sq[3] = {0, 0, 0};
  sq[2 - p1 + p0 > 2 ? 0 : (p0 == 0 ? 2 : (p0 == 1 ? 0 : 1))] = sh;
  q[0] = x * ch + sq[0] * w + (sq[1] * z - sq[2] * y);
  q[1] = y * ch + sq[1] * w + (sq[2] * x - sq[0] * z);
  q[2] = z * ch + sq[2] * w + (sq[0] * y - sq[1] * x);
  q[3] = w * ch - (sq[0] * x + sq[1] * y + sq[2] * z);
}

__device__ void givens_qr(float a1, float a2, float &ch, float &sh) {
  float rho = sqrtf(a1 * a1 + a2 * a2);
  sh = rho > 1e-6f ? a2 : 0.0f;
  ch = fabsf(a1) + fmaxf(rho, 1e-6f);
  if (a1 < 0.0f) { float t = sh; sh = ch; ch = t; }
  float w = rsqrtf(ch * ch + sh * sh);
  ch *= w;
  sh *= w;
}

extern "C" __global__ void svd3x3(const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n) return;
  const float *a = in + 9 * i;
  float a11 = a[0], a12 = a[1], a13 = a[2], a21 = a[3], a22 = a[4], a23 = a[5], a31 = a[6],
        a32 = a[7], a33 = a[8];
  float s11 = a11 * a11 + a21 * a21 + a31 * a31, s21 = a12 * a11 + a22 * a21 + a32 * a31;
  float s22 = a12 * a12 + a22 * a22 + a32 * a32, s31 = a13 * a11 + a23 * a21 + a33 * a31;
  float s32 = a13 * a12 + a23 * a22 + a33 * a32, s33 = a13 * a13 + a23 * a23 + a33 * a33;
  float q[4] = {0.0f, 0.0f, 0.0f, 1.0f};
#pragma unroll
  for (int sweep = 0; sweep < 4; ++sweep) {
    jacobi(s11, s21, s22, s31, s32, s33, q, 0, 1);
    jacobi(s11, s21, s22, s31, s32, s33, q, 1, 2);
    jacobi(s11, s21, s22, s31, s32, s33, q, 2, 0);
  }
  float qn = rsqrtf(q[0] * q[0] + q[1] * q[1] + q[2] * q[2] + q[3] * q[3]);
  float x = q[0] * qn, y = q[1] * qn, z = q[2] * qn, w = q[3] * qn;
  float v11 = 1 - 2 * (y * y + z * z), v12 = 2 * (x * y - w * z), v13 = 2 * (x * z + w * y);
  float v21 = 2 * (x * y + w * z), v22 = 1 - 2 * (x * x + z * z), v23 = 2 * (y * z - w * x);
  float v31 = 2 * (x * z - w * y), v32 = 2 * (y * z + w * x), v33 = 1 - 2 * (x * x + y * y);
  // B = A V
  float b11 = a11 * v11 + a12 * v21 + a13 * v31, b12 = a11 * v12 + a12 * v22 + a13 * v32;
  float b13 = a11 * v13 + a12 * v23 + a13 * v33, b21 = a21 * v11 + a22 * v21 + a23 * v31;
  float b22 = a21 * v12 + a22 * v22 + a23 * v32, b23 = a21 * v13 + a22 * v23 + a23 * v33;
  float b31 = a31 * v11 + a32 * v21 + a33 * v31, b32 = a31 * v12 + a32 * v22 + a33 * v32;
  float b33 = a31 * v13 + a32 * v23 + a33 * v33;
  // Sort columns by norm (descending), swapping V's columns alongside.
  float n1 = b11 * b11 + b21 * b21 + b31 * b31, n2 = b12 * b12 + b22 * b22 + b32 * b32;
  float n3 = b13 * b13 + b23 * b23 + b33 * b33;
#define SWAPC(p, q_, np, nq)                                                                      \
  if (np < nq) {                                                                                 \
    float t;                                                                                     \
    t = b1##p; b1##p = -b1##q_; b1##q_ = t; t = b2##p; b2##p = -b2##q_; b2##q_ = t;              \
    t = b3##p; b3##p = -b3##q_; b3##q_ = t; t = v1##p; v1##p = -v1##q_; v1##q_ = t;              \
    t = v2##p; v2##p = -v2##q_; v2##q_ = t; t = v3##p; v3##p = -v3##q_; v3##q_ = t;              \
    t = np; np = nq; nq = t;                                                                     \
  }
  SWAPC(1, 2, n1, n2)
  SWAPC(1, 3, n1, n3)
  SWAPC(2, 3, n2, n3)
  // QR by Givens: U^T B = R.
  float ch1, sh1, ch2, sh2, ch3, sh3;
  givens_qr(b11, b21, ch1, sh1);
  float r11 = ch1 * b11 + sh1 * b21, r12 = ch1 * b12 + sh1 * b22, r13 = ch1 * b13 + sh1 * b23;
  float t22 = -sh1 * b12 + ch1 * b22, t23 = -sh1 * b13 + ch1 * b23;
  givens_qr(r11, b31, ch2, sh2);
  float s1 = ch2 * r11 + sh2 * b31;
  float u12 = ch2 * r12 + sh2 * b32, u13 = ch2 * r13 + sh2 * b33;
  float t32 = -sh2 * r12 + ch2 * b32, t33 = -sh2 * r13 + ch2 * b33;
  givens_qr(t22, t32, ch3, sh3);
  float s2 = ch3 * t22 + sh3 * t32, r23 = ch3 * t23 + sh3 * t33;
  float s3 = -sh3 * t23 + ch3 * t33;
  float u11 = ch1 * ch2, u21 = sh1 * ch2, u31 = sh2;
  float u12v = -sh1 * ch3 - ch1 * sh2 * sh3, u22 = ch1 * ch3 - sh1 * sh2 * sh3, u32 = ch2 * sh3;
  float u13v = sh1 * sh3 - ch1 * sh2 * ch3, u23 = -ch1 * sh3 - sh1 * sh2 * ch3, u33 = ch2 * ch3;
  float *o = out + 24 * i;
  o[0] = u11; o[1] = u12v; o[2] = u13v; o[3] = u21; o[4] = u22; o[5] = u23;
  o[6] = u31; o[7] = u32; o[8] = u33;
  o[9] = s1; o[10] = s2; o[11] = s3;
  o[12] = v11; o[13] = v12; o[14] = v13; o[15] = v21; o[16] = v22; o[17] = v23;
  o[18] = v31; o[19] = v32; o[20] = v33;
  o[21] = u12 + u13 + r23; o[22] = n1 + n2 + n3; o[23] = r12 + r13;
}
