//! The integration tests of the fairyforge crate, one module per subject, built as one
//! test binary: each binary links the whole solver, so one saves minutes of every build.
//! Run one subject with `cargo test --release --test integration hostile::`.

mod common;

mod attributes;
mod cli;
mod conditions;
mod fuzz;
mod goal_bound;
mod hostile;
mod intelligent;
mod interruption;
mod json;
mod observation;
mod options;
mod parallel;
mod positions;
mod stipulations;
