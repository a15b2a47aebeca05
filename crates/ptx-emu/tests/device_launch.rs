//! Device-side kernel launches (dynamic parallelism, CDP2): the device runtime calls
//! `__cudaCDP2GetParameterBufferV2` / `__cudaCDP2LaunchDeviceV2` / `__cudaCDP2GetLastError` that
//! nvcc and warpc lower `kernel<<<...>>>` in device code to. Child grids run after the parent
//! grid, in launch order, then the tail launches (`cudaStreamTailLaunch`).

use warpc_ptx_emu::{Arg, Emulator};
use warpc_testkit::Oracles;

const PTX: &str = r#".version 8.0
.target sm_80
.address_size 64
.extern .func (.param .b64 func_retval0) __cudaCDP2GetParameterBufferV2
(
	.param .b64 p0,
	.param .align 4 .b8 p1[12],
	.param .align 4 .b8 p2[12],
	.param .b32 p3
);
.extern .func (.param .b32 func_retval0) __cudaCDP2LaunchDeviceV2
(
	.param .b64 p0,
	.param .b64 p1
);
.extern .func (.param .b32 func_retval0) __cudaCDP2GetLastError
(
);

// each thread appends 100 * tag + tid to the log (log[0] counts)
.visible .entry child(.param .u32 tag, .param .u64 .ptr .align 1 log)
{
	.reg .b32 %r<6>;
	.reg .b64 %rd<4>;
	ld.param.u64 %rd1, [log];
	ld.param.u32 %r1, [tag];
	mov.u32 %r2, %tid.x;
	mad.lo.s32 %r3, %r1, 100, %r2;
	atom.global.add.u32 %r4, [%rd1], 1;
	mul.wide.u32 %rd2, %r4, 4;
	add.s64 %rd3, %rd1, %rd2;
	st.global.u32 [%rd3+4], %r3;
	ret;
}

// thread t launches child<<<1, 2 (0 for t = 3), 0, stream[t]>>>(t + 1, log), stream 0, 3
// (tail launch), 4 (fire and forget), then appends 900 + t; errs[2t], errs[2t + 1]: the launch's
// result and cudaGetLastError() after it
.visible .entry parent(.param .u64 log, .param .u64 errs)
{
	.reg .pred %p<2>;
	.reg .b32 %r<12>;
	.reg .b64 %rd<12>;
	ld.param.u64 %rd1, [log];
	ld.param.u64 %rd2, [errs];
	mov.u32 %r1, %tid.x;
	setp.eq.u32 %p1, %r1, 3;
	selp.u32 %r2, 0, 2, %p1;
	// streams 0, 3, 4, 0
	mov.u64 %rd3, 0;
	setp.eq.u32 %p1, %r1, 1;
	selp.u64 %rd3, 3, %rd3, %p1;
	setp.eq.u32 %p1, %r1, 2;
	selp.u64 %rd3, 4, %rd3, %p1;
	mov.u64 %rd4, child;
	{
	.param .b64 param0;
	.param .align 4 .b8 param1[12];
	.param .align 4 .b8 param2[12];
	.param .b32 param3;
	.param .b64 retval0;
	st.param.b64 [param0], %rd4;
	mov.u32 %r3, 1;
	st.param.b32 [param1], %r3;
	st.param.b32 [param1+4], %r3;
	st.param.b32 [param1+8], %r3;
	st.param.b32 [param2], %r2;
	st.param.b32 [param2+4], %r3;
	st.param.b32 [param2+8], %r3;
	st.param.b32 [param3], 0;
	call.uni (retval0), __cudaCDP2GetParameterBufferV2, (param0, param1, param2, param3);
	ld.param.b64 %rd5, [retval0];
	}
	add.u32 %r4, %r1, 1;
	st.u32 [%rd5], %r4;
	st.u64 [%rd5+8], %rd1;
	{
	.param .b64 param0;
	.param .b64 param1;
	.param .b32 retval0;
	st.param.b64 [param0], %rd5;
	st.param.b64 [param1], %rd3;
	call.uni (retval0), __cudaCDP2LaunchDeviceV2, (param0, param1);
	ld.param.b32 %r5, [retval0];
	}
	{
	.param .b32 retval0;
	call.uni (retval0), __cudaCDP2GetLastError, ();
	ld.param.b32 %r6, [retval0];
	}
	mul.wide.u32 %rd6, %r1, 8;
	add.s64 %rd7, %rd2, %rd6;
	st.global.v2.u32 [%rd7], {%r5, %r6};
	add.u32 %r7, %r1, 900;
	atom.global.add.u32 %r8, [%rd1], 1;
	mul.wide.u32 %rd8, %r8, 4;
	add.s64 %rd9, %rd1, %rd8;
	st.global.u32 [%rd9+4], %r7;
	ret;
}
"#;

#[test]
fn child_grids_run_after_the_parent_then_tail_launches() {
    if let Err(e) = Oracles::require().ptxas_relocatable(PTX, "sm_80") {
        panic!("ptxas rejects the test's PTX:\n{e}");
    }
    let mut e = Emulator::new(PTX).unwrap();
    let log = e.alloc(4 * 32);
    let errs = e.alloc(8 * 4);
    e.launch("parent", (1, 1, 1), (4, 1, 1), 0, &[Arg::Ptr(log), Arg::Ptr(errs)])
        .unwrap();
    let words = |b: Vec<u8>| -> Vec<u32> {
        b.chunks_exact(4)
            .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
            .collect()
    };
    let l = words(e.read(log, 4 * 11).unwrap());
    // the parent's four threads; child 1 (stream 0) and child 3 (fire and forget) in launch
    // order; then the tail launch (child 2); thread 3's launch had an empty block
    assert_eq!(l, [10, 900, 901, 902, 903, 100, 101, 300, 301, 200, 201]);
    // cudaErrorInvalidConfiguration (9) from the launch and from cudaGetLastError
    assert_eq!(words(e.read(errs, 32).unwrap()), [0, 0, 0, 0, 0, 0, 9, 9]);
}

#[test]
fn a_launch_of_a_non_kernel_is_an_error() {
    let ptx = PTX.replace("mov.u64 %rd4, child;", "mov.u64 %rd4, 12345;");
    let mut e = Emulator::new(&ptx).unwrap();
    let log = e.alloc(4 * 32);
    let errs = e.alloc(8 * 4);
    let err = e
        .launch("parent", (1, 1, 1), (4, 1, 1), 0, &[Arg::Ptr(log), Arg::Ptr(errs)])
        .unwrap_err()
        .to_string();
    assert!(
        err.contains("__cudaCDP2GetParameterBufferV2: 0x3039 is not the address of a kernel"),
        "{err}"
    );
}
