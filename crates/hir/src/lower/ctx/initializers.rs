//! Initializers: braced lists and designators.

use super::*;

impl Lower<'_> {
    // ---- initializers ----

    /// An initializer: a braced list or an expression.
    pub fn initializer(&mut self, a: &mut Arena, e: &ast::Expr) -> Initializer {
        match e {
            ast::Expr::InitList(l) => Initializer::List(self.init_list_items(a, l)),
            _ => Initializer::Expr(self.expr(a, e)),
        }
    }

    pub(super) fn init_list_items(
        &mut self,
        a: &mut Arena,
        l: &ast::InitList,
    ) -> Vec<(Option<Designator>, Initializer)> {
        let r = self.range(l.syntax());
        if !self.enter(r) {
            return Vec::new();
        }
        let mut out = Vec::new();
        for item in l.items() {
            match item {
                ast::InitItem::Plain(e) if l.is_expanded(&e) => {
                    let er = self.range(e.syntax());
                    let x = self.expr(a, &e);
                    out.push((None, Initializer::Expr(a.alloc_expr(Expr::PackExpansion(x), er))));
                }
                ast::InitItem::Plain(e) => out.push((None, self.initializer(a, &e))),
                ast::InitItem::Designated(d) => {
                    let designators: Vec<_> = d.designators().collect();
                    let mut value = match d.value() {
                        Some(v) => self.initializer(a, &v),
                        None => Initializer::Expr(self.missing(a, d.syntax())),
                    };
                    // `.a.b = v` becomes `.a = { .b = v }`.
                    let mut lowered: Vec<Designator> = designators.iter().map(|g| self.designator(a, g)).collect();
                    let Some(first) = (!lowered.is_empty()).then(|| lowered.remove(0)) else {
                        out.push((None, value));
                        continue;
                    };
                    for g in lowered.into_iter().rev() {
                        value = Initializer::List(vec![(Some(g), value)]);
                    }
                    out.push((Some(first), value));
                }
            }
        }
        self.leave();
        out
    }

    pub(super) fn designator(&mut self, a: &mut Arena, g: &ast::Designator) -> Designator {
        if let Some(n) = g.field() {
            return Designator::Field(self.name_text(&n).unwrap_or_default());
        }
        Designator::Index(self.expr_opt(a, g.index(), g.syntax()))
    }

    /// A namespace-scope or static member variable's initializer with its own arena (an empty
    /// braced list gets a `Missing` root at the end of `ir`, the declarator's range).
    pub fn global_init(&mut self, e: &ast::Expr, ir: TextRange) -> crate::item_tree::GlobalInit {
        let mut a = Arena::default();
        let init = self.initializer(&mut a, e);
        self.global_init_of(a, init, ir)
    }

    /// A namespace-scope direct-initialization `T x(a, b)`: the arguments as a list, as at block
    /// scope (a class's constructor takes them; a scalar `T x(v)` is `T x = {v}`).
    pub fn global_paren_init(&mut self, al: &ast::ArgList, ir: TextRange) -> crate::item_tree::GlobalInit {
        let mut a = Arena::default();
        let items = al
            .args()
            .map(|e| (None, Initializer::Expr(self.expr(&mut a, &e))))
            .collect();
        self.global_init_of(a, Initializer::List(items), ir)
    }

    fn global_init_of(&mut self, a: Arena, init: Initializer, ir: TextRange) -> crate::item_tree::GlobalInit {
        let mut a = a;
        self.no_lambdas(&a);
        let root = match &init {
            Initializer::Expr(id) => *id,
            Initializer::List(_) => {
                if a.exprs.is_empty() {
                    a.alloc_expr(Expr::Missing, TextRange::empty(ir.end()))
                } else {
                    ExprId(0)
                }
            }
        };
        crate::item_tree::GlobalInit {
            init,
            exprs: ConstExpr {
                exprs: a.exprs,
                types: a.types,
                root,
            },
        }
    }
}
