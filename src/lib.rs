//! fairyforge: a fairy-chess problem solver whose rules are data.
//!
//! The library facade: the rule set generated from `rules/` ([`rules::Rules`]) and the
//! engine ([`engine`]) it drives. The command line in `main.rs` is a thin layer over it.

pub mod bench;
pub mod catalogue;
pub mod check_rules;
pub mod examples;
pub mod json;
pub mod progress;
pub mod rules;
pub mod solcmp;
pub mod stream;
pub mod told;

pub use fairyforge_engine as engine;
pub use rules::Rules;
