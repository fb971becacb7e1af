//! The lines of a clause: a vector with all its images under the symmetries of the board,
//! or a named set (`rook`, `bishop`, `queen`, `knight`, `any`), optionally only those
//! pointing forward.

use super::Vector;
use crate::ast::{LineShape, Lines};
use crate::diagnostic::{Diagnostic, Diagnostics};

/// All images of (a, b) under the eight symmetries of the board, without repeats.
pub fn images(a: i8, b: i8) -> Vec<Vector> {
    let mut out: Vec<Vector> = Vec::new();
    for (x, y) in [(a, b), (b, a)] {
        for (sx, sy) in [(1, 1), (1, -1), (-1, 1), (-1, -1)] {
            let v = (x * sx, y * sy);
            if !out.contains(&v) {
                out.push(v);
            }
        }
    }
    out
}

/// The vectors of a named set of lines.
pub fn named_lines(name: &str) -> Option<Vec<Vector>> {
    Some(match name {
        "rook" => images(1, 0),
        "bishop" => images(1, 1),
        "queen" => [images(1, 0), images(1, 1)].concat(),
        "knight" => images(1, 2),
        "any" => {
            let mut v = Vec::new();
            for a in 1..=3 {
                for b in 0..=a {
                    for i in images(a, b) {
                        if !v.contains(&i) {
                            v.push(i);
                        }
                    }
                }
            }
            v
        }
        _ => return None,
    })
}

/// The vectors of `lines` (White's frame), each component at most `limit` in size; the
/// errors go to `errors`.
pub fn read(lines: &Lines, limit: i32, errors: &mut Diagnostics) -> Option<Vec<Vector>> {
    let mut error = |span, message: String, label: String| {
        errors.0.push(Diagnostic::new(span, message, label));
    };
    let vectors = match &lines.shape {
        LineShape::Vector(na, nb) => {
            let (a, b) = (na.value, nb.value);
            if (a == 0 && b == 0) || a.abs() > limit || b.abs() > limit {
                let why = if a == 0 && b == 0 {
                    format!("the vector {},{} does not move", na.written, nb.written)
                } else {
                    let (a, b) = (&na.written, &nb.written);
                    format!("the vector {a},{b} cannot move on an 8×8 board")
                };
                error(
                    lines.span,
                    why,
                    format!("expected components from -{limit} to {limit}, not both 0"),
                );
                return None;
            }
            images(a as i8, b as i8)
        }
        LineShape::Named(n) => match named_lines(&n.node) {
            Some(v) => v,
            None => {
                error(
                    n.span,
                    format!("unknown lines `{}`", n.node),
                    "expected `rook`, `bishop`, `queen`, `knight`, `any` or a vector like 1,2"
                        .to_string(),
                );
                return None;
            }
        },
    };
    let vectors: Vec<Vector> = if lines.forward {
        vectors.into_iter().filter(|v| v.1 > 0).collect()
    } else {
        vectors
    };
    if vectors.is_empty() {
        error(
            lines.span,
            "no vector of these lines points forward".to_string(),
            "a forward vector needs a positive second component".to_string(),
        );
        return None;
    }
    Some(vectors)
}
