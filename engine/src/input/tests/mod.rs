//! Tests of whole problem files: the constructs of each section in the three
//! languages, errors with their positions, recovery after an error, the corpus
//! (every `.inp` file of `/work/shared/corpus`) and a mutation fuzz test that
//! checks the reader never panics.

mod corpus;
mod files;
mod fuzz;
