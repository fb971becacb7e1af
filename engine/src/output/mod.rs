//! Writing problems and their solutions: the reference's text convention (header,
//! diagram, solution, closing line), with moves written in the reference's notation by
//! one module ([`notation`]) from the solutions' data.

pub mod layout;
pub mod names;
pub mod notation;
pub mod solution;
pub mod text;
