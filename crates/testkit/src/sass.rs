//! Counting SASS instructions per function in `nvdisasm` output.
//!
//! The code-quality bar compares SASS instruction counts of warpc's PTX with NVRTC's after both go
//! through the same `ptxas`. `nvdisasm -c` prints each function as a `.text.<name>` section whose
//! instruction lines look like `/*0040*/   STG.E desc[UR4][R2.64], R5 ;`; the padding `NOP`s that
//! align the section are not counted.

/// SASS of one function.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SassFunction {
    /// The function's symbol name.
    pub name: String,
    /// Instructions, excluding `NOP`s.
    pub instructions: u32,
}

/// The SASS of a whole cubin.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sass {
    /// One entry per `.text` section, in the order nvdisasm prints them.
    pub functions: Vec<SassFunction>,
    /// The disassembly text.
    pub text: String,
}

impl Sass {
    /// The function named `name`.
    pub fn function(&self, name: &str) -> Option<&SassFunction> {
        self.functions.iter().find(|f| f.name == name)
    }

    /// Instructions over all functions.
    pub fn total_instructions(&self) -> u32 {
        self.functions.iter().map(|f| f.instructions).sum()
    }
}

/// Parses `nvdisasm -c` output.
pub fn parse_nvdisasm(text: &str) -> Sass {
    let mut functions: Vec<SassFunction> = Vec::new();
    for line in text.lines() {
        let line = line.trim();
        if let Some(rest) = line.strip_prefix(".section") {
            let section = rest.trim().split(',').next().unwrap_or("").trim();
            if let Some(name) = section.strip_prefix(".text.") {
                functions.push(SassFunction {
                    name: name.to_string(),
                    instructions: 0,
                });
            }
            continue;
        }
        let Some(rest) = line.strip_prefix("/*") else {
            continue;
        };
        let Some((offset, instruction)) = rest.split_once("*/") else {
            continue;
        };
        if offset.is_empty() || !offset.chars().all(|c| c.is_ascii_hexdigit()) {
            continue;
        }
        let instruction = instruction.trim().trim_end_matches(';').trim();
        if instruction.is_empty() || instruction == "NOP" {
            continue;
        }
        if let Some(f) = functions.last_mut() {
            f.instructions += 1;
        }
    }
    Sass {
        functions,
        text: text.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_instructions_without_nops() {
        // Shortened `nvdisasm -c` output of ptxas 13.5 for sm_90.
        let text = r#"	.target	sm_90
//--------------------- .text._Z2k3v              --------------------------
	.section	.text._Z2k3v,"ax",@progbits
	.align	128
_Z2k3v:
.text._Z2k3v:
        /*0000*/                   LDC R1, c[0x0][0x28] ;
.L_x_3:
        /*0010*/                   EXIT ;
.L_x_0:
        /*0020*/                   BRA `(.L_x_0);
        /*0030*/                   NOP;
        /*0040*/                   NOP;
.L_x_8:
//--------------------- .text._Z2k2IiEvPT_        --------------------------
	.section	.text._Z2k2IiEvPT_,"ax",@progbits
        /*0000*/                   LDC R1, c[0x0][0x28] ;
        /*0010*/                   LDC.64 R2, c[0x0][0x210] ;
        /*0040*/                   STG.E desc[UR4][R2.64], R5 ;
        /*0050*/                   EXIT ;
        /*0070*/                   NOP;
"#;
        let sass = parse_nvdisasm(text);
        assert_eq!(
            sass.functions,
            [
                SassFunction {
                    name: "_Z2k3v".into(),
                    instructions: 3
                },
                SassFunction {
                    name: "_Z2k2IiEvPT_".into(),
                    instructions: 4
                },
            ]
        );
        assert_eq!(sass.total_instructions(), 7);
    }
}
