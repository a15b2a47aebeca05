//! Texture and surface objects end to end: PTX kernels (checked by ptxas) reading textures over
//! arrays and linear memory and reading/writing surfaces, through the host API
//! (`create_array`, `create_texture`, `create_surface`).

use warpc_ptx_emu::tex::{Address, ArrayDesc, Channel, Filter, Resource, TexDesc};
use warpc_ptx_emu::{Arg, Emulator};
use warpc_testkit::Oracles;

fn emu(ptx: &str) -> Emulator {
    if let Err(e) = Oracles::require().ptxas(ptx, "sm_80") {
        panic!("ptxas rejects the test's PTX:\n{e}\n{ptx}");
    }
    Emulator::new(ptx).unwrap_or_else(|e| panic!("{e}\n{ptx}"))
}

const PTX: &str = r#".version 8.0
.target sm_80
.address_size 64
.visible .entry sample(.param .u64 t, .param .u64 l, .param .u64 s, .param .u64 out)
{
.reg .b32 %r<40>;
.reg .f32 %f<8>;
.reg .b64 %rd<8>;
ld.param.u64 %rd1, [t];
ld.param.u64 %rd2, [l];
ld.param.u64 %rd3, [s];
ld.param.u64 %rd4, [out];
mov.f32 %f1, 0f3F000000;
mov.f32 %f2, 0f3E800000;
tex.2d.v4.f32.f32 {%r1, %r2, %r3, %r4}, [%rd1, {%f1, %f2}];
st.global.v4.b32 [%rd4], {%r1, %r2, %r3, %r4};
tld4.r.2d.v4.f32.f32 {%r1, %r2, %r3, %r4}, [%rd1, {%f1, %f2}];
st.global.v4.b32 [%rd4+16], {%r1, %r2, %r3, %r4};
mov.b32 %r5, 2;
tex.1d.v4.s32.s32 {%r1, %r2, %r3, %r4}, [%rd2, {%r5}];
st.global.v4.b32 [%rd4+32], {%r1, %r2, %r3, %r4};
mov.b32 %r5, 9;
tex.1d.v4.s32.s32 {%r1, %r2, %r3, %r4}, [%rd2, {%r5}];
st.global.v4.b32 [%rd4+48], {%r1, %r2, %r3, %r4};
mov.b32 %r6, 4;
mov.b32 %r7, 1;
suld.b.2d.b32.trap {%r8}, [%rd3, {%r6, %r7}];
mov.b32 %r6, 400;
suld.b.2d.b32.clamp {%r9}, [%rd3, {%r6, %r7}];
suld.b.2d.b32.zero {%r10}, [%rd3, {%r6, %r7}];
st.global.v4.b32 [%rd4+64], {%r8, %r9, %r10, %r10};
add.s32 %r8, %r8, 100;
mov.b32 %r6, 0;
sust.b.2d.b32.trap [%rd3, {%r6, %r6}], {%r8};
mov.b32 %r11, 2;
sust.b.2d.b32.zero [%rd3, {%r6, %r11}], {%r8};
ret;
}
"#;

#[test]
fn textures_and_surfaces() {
    let mut e = emu(PTX);
    // a 4 x 2 float image: 10 * y + x
    let img: Vec<u8> = (0..8)
        .flat_map(|k| ((k / 4 * 10 + k % 4) as f32).to_le_bytes())
        .collect();
    let f1 = |w, h| ArrayDesc {
        width: w,
        height: h,
        depth: 0,
        layered: false,
        cubemap: false,
        levels: 0,
        channel: Channel::F32,
        channels: 1,
    };
    let a = e.create_array(f1(4, 2), &img).unwrap();
    let desc = TexDesc {
        address: [Address::Clamp; 3],
        filter: Filter::Linear,
        normalized_coords: true,
        ..TexDesc::default()
    };
    let t = e.create_texture(Resource::Array(a), desc).unwrap();
    // linear memory: 4 int2 elements {k, -k}
    let lin = e.alloc(32);
    let ints: Vec<u8> = (0..4i32).flat_map(|k| [k, -k]).flat_map(|v| v.to_le_bytes()).collect();
    e.write(lin, &ints).unwrap();
    let l = e
        .create_texture(
            Resource::Linear {
                ptr: lin.0,
                bytes: 32,
                channel: Channel::S32,
                channels: 2,
            },
            TexDesc::default(),
        )
        .unwrap();
    let sa = e.create_array(f1(4, 2), &img).unwrap();
    let s = e.create_surface(sa).unwrap();
    let out = e.alloc(80);
    e.launch(
        "sample",
        (1, 1, 1),
        (1, 1, 1),
        0,
        &[Arg::U64(t), Arg::U64(l), Arg::U64(s), Arg::Ptr(out)],
    )
    .unwrap();
    let w: Vec<u32> = e
        .read(out, 80)
        .unwrap()
        .chunks(4)
        .map(|c| u32::from_le_bytes(c.try_into().unwrap()))
        .collect();
    let f = |k: usize| f32::from_bits(w[k]);
    // (0.5, 0.25) normalized = texel coordinates (2, 0.5): between x = 1 and 2 (weight 0.5) on row 0
    assert_eq!((f(0), f(1), f(2), f(3)), (1.5, 0.0, 0.0, 0.0));
    // tld4: (i, j+1), (i+1, j+1), (i+1, j), (i, j) with i = 1, j = 0
    assert_eq!((f(4), f(5), f(6), f(7)), (11.0, 12.0, 2.0, 1.0));
    // tex1Dfetch<int2>: element 2, missing channels 0 (as on an H100); out of range: zeros
    assert_eq!(&w[8..16], &[2, -2i32 as u32, 0, 0, 0, 0, 0, 0]);
    // suld: (x = 4 bytes, y = 1) = 11; x = 400 clamped to the last element = 13; zero mode = 0
    assert_eq!((f(16), f(17), w[18]), (11.0, 13.0, 0));
    // sust at (0, 0) of 11 + 100 as bits; the .zero store out of range dropped
    let back = e.read_array(sa).unwrap();
    assert_eq!(u32::from_le_bytes(back[..4].try_into().unwrap()), 11f32.to_bits() + 100);
    assert_eq!(&back[4..], &img[4..]);
    // the texture's array is unchanged, and a texture handle is no surface
    assert_eq!(e.read_array(a).unwrap(), img);
    let err = e
        .launch(
            "sample",
            (1, 1, 1),
            (1, 1, 1),
            0,
            &[Arg::U64(t), Arg::U64(l), Arg::U64(t), Arg::Ptr(out)],
        )
        .unwrap_err()
        .to_string();
    assert!(err.contains("is not a surface object"), "{err}");
}
