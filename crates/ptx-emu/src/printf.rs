//! `vprintf` formatting: CUDA's device printf packs the arguments into a buffer, each aligned to
//! its size (ints 4 bytes unless `l`/`ll`, floats promoted to double, pointers and `%s` 8 bytes).
//! This formats like C's printf (flags `-+ 0#`, width, precision, `%d %i %u %x %X %o %c %s %p
//! %f %F %e %E %g %G %a %%`).

type R<T> = Result<T, String>;

pub fn format(
    fmt: &[u8],
    mut load: impl FnMut(u64, u64) -> R<u64>,
    mut cstr: impl FnMut(u64) -> R<Vec<u8>>,
) -> R<String> {
    let mut out = Vec::new();
    let mut off = 0u64;
    let mut i = 0;
    let arg = |size: u64, off: &mut u64, load: &mut dyn FnMut(u64, u64) -> R<u64>| -> R<u64> {
        *off = off.div_ceil(size) * size;
        let v = load(*off, size)?;
        *off += size;
        Ok(v)
    };
    while i < fmt.len() {
        let c = fmt[i];
        i += 1;
        if c != b'%' {
            out.push(c);
            continue;
        }
        if i < fmt.len() && fmt[i] == b'%' {
            out.push(b'%');
            i += 1;
            continue;
        }
        let mut flags = String::new();
        while i < fmt.len() && b"-+ 0#".contains(&fmt[i]) {
            flags.push(fmt[i] as char);
            i += 1;
        }
        let mut width: Option<usize> = None;
        while i < fmt.len() && fmt[i].is_ascii_digit() {
            width = Some(width.unwrap_or(0) * 10 + (fmt[i] - b'0') as usize);
            i += 1;
        }
        let mut prec: Option<usize> = None;
        if i < fmt.len() && fmt[i] == b'.' {
            i += 1;
            let mut p = 0;
            while i < fmt.len() && fmt[i].is_ascii_digit() {
                p = p * 10 + (fmt[i] - b'0') as usize;
                i += 1;
            }
            prec = Some(p);
        }
        let mut long = 0;
        while i < fmt.len() && b"hlzjtL".contains(&fmt[i]) {
            if fmt[i] == b'l' || fmt[i] == b'z' || fmt[i] == b'j' || fmt[i] == b't' {
                long += 1;
            }
            i += 1;
        }
        if i >= fmt.len() {
            break;
        }
        let conv = fmt[i] as char;
        i += 1;
        let isz = if long > 0 { 8 } else { 4 };
        let body: String = match conv {
            'd' | 'i' => {
                let v = arg(isz, &mut off, &mut load)?;
                let v = if isz == 4 { v as u32 as i32 as i64 } else { v as i64 };
                let mut s = v.unsigned_abs().to_string();
                if let Some(p) = prec {
                    while s.len() < p {
                        s.insert(0, '0');
                    }
                }
                let sign = if v < 0 {
                    "-"
                } else if flags.contains('+') {
                    "+"
                } else if flags.contains(' ') {
                    " "
                } else {
                    ""
                };
                format!("{sign}{s}")
            }
            'u' | 'x' | 'X' | 'o' => {
                let v = arg(isz, &mut off, &mut load)?;
                let s = match conv {
                    'u' => v.to_string(),
                    'x' => format!("{v:x}"),
                    'X' => format!("{v:X}"),
                    _ => format!("{v:o}"),
                };
                let pre = if flags.contains('#') && v != 0 {
                    match conv {
                        'x' => "0x",
                        'X' => "0X",
                        'o' => "0",
                        _ => "",
                    }
                } else {
                    ""
                };
                format!("{pre}{s}")
            }
            'c' => ((arg(4, &mut off, &mut load)? as u8) as char).to_string(),
            'p' => format!("0x{:x}", arg(8, &mut off, &mut load)?),
            's' => {
                let a = arg(8, &mut off, &mut load)?;
                let mut s = String::from_utf8_lossy(&cstr(a)?).into_owned();
                if let Some(p) = prec {
                    s.truncate(p);
                }
                s
            }
            'f' | 'F' | 'e' | 'E' | 'g' | 'G' | 'a' | 'A' => {
                let v = f64::from_bits(arg(8, &mut off, &mut load)?);
                let mut s = fmt_float(v, conv, prec.unwrap_or(6), flags.contains('#'));
                if !s.starts_with('-') {
                    if flags.contains('+') {
                        s.insert(0, '+');
                    } else if flags.contains(' ') {
                        s.insert(0, ' ');
                    }
                }
                s
            }
            other => return Err(format!("printf conversion `%{other}` is not supported")),
        };
        let w = width.unwrap_or(0);
        if body.len() >= w {
            out.extend_from_slice(body.as_bytes());
        } else if flags.contains('-') {
            out.extend_from_slice(body.as_bytes());
            out.extend(std::iter::repeat_n(b' ', w - body.len()));
        } else if flags.contains('0') && !matches!(conv, 's' | 'c') {
            let (sign, digits) = if body.starts_with(['-', '+', ' ']) {
                body.split_at(1)
            } else {
                ("", body.as_str())
            };
            out.extend_from_slice(sign.as_bytes());
            out.extend(std::iter::repeat_n(b'0', w - body.len()));
            out.extend_from_slice(digits.as_bytes());
        } else {
            out.extend(std::iter::repeat_n(b' ', w - body.len()));
            out.extend_from_slice(body.as_bytes());
        }
    }
    Ok(String::from_utf8_lossy(&out).into_owned())
}

fn exp_form(v: f64, prec: usize, upper: bool) -> String {
    let s = format!("{:.*e}", prec, v); // like 1.500000e2
    let (m, e) = s.split_once('e').unwrap();
    let e: i32 = e.parse().unwrap();
    let sign = if e < 0 { '-' } else { '+' };
    let r = format!("{m}e{sign}{:02}", e.abs());
    if upper {
        r.to_uppercase()
    } else {
        r
    }
}

fn fmt_float(v: f64, conv: char, prec: usize, alt: bool) -> String {
    let upper = conv.is_ascii_uppercase();
    if v.is_nan() {
        let s = if v.is_sign_negative() { "-nan" } else { "nan" };
        return if upper { s.to_uppercase() } else { s.into() };
    }
    if v.is_infinite() {
        let s = if v < 0.0 { "-inf" } else { "inf" };
        return if upper { s.to_uppercase() } else { s.into() };
    }
    match conv {
        'f' | 'F' => format!("{:.*}", prec, v),
        'e' | 'E' => exp_form(v, prec, upper),
        'a' | 'A' => format!("{v:e}"),
        _ => {
            let p = if prec == 0 { 1 } else { prec };
            let x = if v == 0.0 {
                0
            } else {
                let s = exp_form(v, p - 1, false);
                s.split_once('e').unwrap().1.parse::<i32>().unwrap()
            };
            let mut s = if x < -4 || x >= p as i32 {
                exp_form(v, p - 1, upper)
            } else {
                format!("{:.*}", (p as i32 - 1 - x) as usize, v)
            };
            if !alt {
                // strip trailing zeros of the fraction
                let (mant, exp) = match s.find(['e', 'E']) {
                    Some(k) => (s[..k].to_string(), s[k..].to_string()),
                    None => (s.clone(), String::new()),
                };
                let mant = if mant.contains('.') {
                    mant.trim_end_matches('0').trim_end_matches('.').to_string()
                } else {
                    mant
                };
                s = mant + &exp;
            }
            s
        }
    }
}
