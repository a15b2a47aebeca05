//! Byte offsets to and from (line, UTF-16 column) positions, as LSP counts them by default.

use warpc_base::TextSize;

/// A zero-based line and UTF-16 column.
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct LineCol {
    pub line: u32,
    pub col: u32,
}

/// Line starts of one text, for position conversions.
#[derive(Clone, Debug)]
pub struct LineIndex {
    text: std::sync::Arc<str>,
    starts: Vec<usize>,
}

impl LineIndex {
    pub fn new(text: &str) -> LineIndex {
        let mut starts = vec![0];
        starts.extend(
            text.bytes()
                .enumerate()
                .filter(|(_, b)| *b == b'\n')
                .map(|(i, _)| i + 1),
        );
        LineIndex {
            text: text.into(),
            starts,
        }
    }

    pub fn line_col(&self, offset: TextSize) -> LineCol {
        let offset = usize::from(offset).min(self.text.len());
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let mut end = offset;
        while !self.text.is_char_boundary(end) {
            end -= 1;
        }
        let col = self.text[start..end].encode_utf16().count();
        LineCol {
            line: line as u32,
            col: col as u32,
        }
    }

    /// The offset of a position; positions past a line's end clamp to it.
    pub fn offset(&self, lc: LineCol) -> TextSize {
        let Some(&start) = self.starts.get(lc.line as usize) else {
            return TextSize::from(self.text.len() as u32);
        };
        let end = self
            .starts
            .get(lc.line as usize + 1)
            .map_or(self.text.len(), |&e| e - 1);
        let mut units = 0u32;
        for (i, ch) in self.text[start..end].char_indices() {
            if units >= lc.col {
                return TextSize::from((start + i) as u32);
            }
            units += ch.len_utf16() as u32;
        }
        TextSize::from(end as u32)
    }

    pub fn line_count(&self) -> usize {
        self.starts.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips() {
        let idx = LineIndex::new("ab\né x\n\nlast");
        for off in [0u32, 1, 2, 3, 5, 6, 7, 8, 9, 12] {
            let lc = idx.line_col(off.into());
            assert_eq!(idx.offset(lc), TextSize::from(off), "{off} {lc:?}");
        }
        assert_eq!(idx.line_col(6.into()), LineCol { line: 1, col: 2 });
        assert_eq!(idx.offset(LineCol { line: 0, col: 99 }), TextSize::from(2));
    }
}
