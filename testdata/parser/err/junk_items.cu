int a;
) ] 42 + ;
@ $ #
__device__ int b;
} }
__device__ int c(void) { return b; }
