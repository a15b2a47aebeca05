//! Plain-text tables for the `conformance` and `bench` reports: columns padded to their widest
//! cell, numbers right-aligned, a rule under the header and above a totals row.

/// How a column's cells line up.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Align {
    Left,
    Right,
}

pub struct Table {
    headers: Vec<(String, Align)>,
    rows: Vec<Vec<String>>,
    /// Index of the first row of the footer (totals), if any.
    footer_at: Option<usize>,
}

impl Table {
    pub fn new(headers: &[(&str, Align)]) -> Table {
        Table {
            headers: headers.iter().map(|(h, a)| (h.to_string(), *a)).collect(),
            rows: Vec::new(),
            footer_at: None,
        }
    }

    pub fn row(&mut self, cells: Vec<String>) {
        self.rows.push(cells);
    }

    /// Starts the footer: rows added from now on are separated from the body by a rule.
    pub fn footer(&mut self) {
        self.footer_at = Some(self.rows.len());
    }

    pub fn render(&self) -> String {
        let columns = self.headers.len();
        let mut widths: Vec<usize> = self.headers.iter().map(|(h, _)| h.chars().count()).collect();
        for row in &self.rows {
            for (i, cell) in row.iter().enumerate().take(columns) {
                widths[i] = widths[i].max(cell.chars().count());
            }
        }
        let line = |cells: &[String]| -> String {
            let mut out = String::new();
            for (i, width) in widths.iter().enumerate() {
                let cell = cells.get(i).map(String::as_str).unwrap_or("");
                let pad = width - cell.chars().count().min(*width);
                let last = i + 1 == columns;
                match self.headers[i].1 {
                    Align::Left if last => out.push_str(cell),
                    Align::Left => {
                        out.push_str(cell);
                        out.push_str(&" ".repeat(pad));
                    }
                    Align::Right => {
                        out.push_str(&" ".repeat(pad));
                        out.push_str(cell);
                    }
                }
                if !last {
                    out.push_str("  ");
                }
            }
            out.trim_end().to_string() + "\n"
        };
        let total_width = widths.iter().sum::<usize>() + 2 * columns.saturating_sub(1);
        let rule = "-".repeat(total_width.min(160)) + "\n";
        let header: Vec<String> = self.headers.iter().map(|(h, _)| h.clone()).collect();
        let mut out = line(&header);
        out.push_str(&rule);
        for (i, row) in self.rows.iter().enumerate() {
            if self.footer_at == Some(i) {
                out.push_str(&rule);
            }
            out.push_str(&line(row));
        }
        out
    }
}

/// The cell for the time ratio `a / b` with two decimals, the ratio also pushed on `all` (for the
/// geomean row); `-` when either time is missing or `b` is zero.
pub fn ratio_cell(a: Option<std::time::Duration>, b: Option<std::time::Duration>, all: &mut Vec<f64>) -> String {
    match (a, b) {
        (Some(a), Some(b)) if !b.is_zero() => {
            let r = a.as_secs_f64() / b.as_secs_f64();
            all.push(r);
            format!("{r:.2}")
        }
        _ => "-".to_string(),
    }
}

/// The cell for the geometric mean of `values` with `decimals` digits; `-` when there is none.
pub fn geomean_cell(values: &[f64], decimals: usize) -> String {
    geomean(values).map_or("-".to_string(), |g| format!("{g:.decimals$}"))
}

/// The geometric mean of positive values (`None` when there are none).
pub fn geomean(values: &[f64]) -> Option<f64> {
    let logs: Vec<f64> = values.iter().filter(|v| **v > 0.0).map(|v| v.ln()).collect();
    if logs.is_empty() {
        return None;
    }
    Some((logs.iter().sum::<f64>() / logs.len() as f64).exp())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ratio_and_geomean_cells() {
        use std::time::Duration;
        let mut all = Vec::new();
        let ms = |n| Some(Duration::from_millis(n));
        assert_eq!(ratio_cell(ms(30), ms(120), &mut all), "0.25");
        assert_eq!(ratio_cell(ms(30), None, &mut all), "-");
        assert_eq!(ratio_cell(ms(30), ms(0), &mut all), "-");
        assert_eq!(all, vec![0.25]);
        assert_eq!(geomean_cell(&[0.25, 4.0], 3), "1.000");
        assert_eq!(geomean_cell(&[], 2), "-");
    }

    #[test]
    fn renders_aligned_columns() {
        let mut table = Table::new(&[("file", Align::Left), ("regs", Align::Right), ("note", Align::Left)]);
        table.row(vec!["a.cu".into(), "12".into(), "ok".into()]);
        table.row(vec!["longer.cu".into(), "3".into(), String::new()]);
        table.footer();
        table.row(vec!["total".into(), "15".into(), String::new()]);
        let expected = "\
file       regs  note
---------------------
a.cu         12  ok
longer.cu     3
---------------------
total        15
";
        assert_eq!(table.render(), expected);
    }

    #[test]
    fn geomean_of_ratios() {
        assert!((geomean(&[2.0, 8.0]).unwrap() - 4.0).abs() < 1e-9);
        assert_eq!(geomean(&[]), None);
    }
}
