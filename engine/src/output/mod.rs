//! Writing problems and their solutions: the reference's text convention (header,
//! diagram, solution, closing line) and a JSON form carrying the same content.

pub mod layout;
pub mod solution;
pub mod text;
