//! `moves nothing`: a piece that never moves (the Dummy), and so observes nothing and
//! gives no check. It has no paths, so it adds no code and no squares to any table.

use super::{ClauseCx, Form, Primitive, Walk};

/// The `nothing` primitive.
#[derive(Debug)]
pub struct Nothing;

impl Primitive for Nothing {
    fn word(&self) -> &'static str {
        "nothing"
    }

    fn form(&self) -> Form {
        Form::Statement
    }

    fn lower(&self, _cx: &mut ClauseCx<'_>) -> Option<Walk> {
        Some(Walk::default())
    }
}
