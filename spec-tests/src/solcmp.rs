//! Solution comparison in the reference solver's text convention, for the spec tests.
//!
//! The comparison lives in the root package ([`fairyforge::solcmp`]) so that the command
//! line (`fairyforge check-rules`) and the tests judge solutions alike; this module keeps
//! the name the tests use.

pub use fairyforge::solcmp::*;
