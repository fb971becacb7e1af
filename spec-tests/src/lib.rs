//! Support for fairyforge's specification tests: readers for the data files the tests are
//! written in (`data/perft.txt`), shared by the tests under `tests/` and by anything else
//! that wants the same data, such as a benchmark.

pub mod corpus;
pub mod perft_data;
pub mod solcmp;
