//! The fairyforge engine: board, moves, legality, stipulations and search, generic over a
//! rule set generated from `rules/`.
//!
//! Nothing here knows a particular piece or condition. A [`RuleSet`] (emitted by
//! `fairyforge-codegen` from the rule files) supplies the move generators, observation
//! tests and condition hooks; the engine supplies the mechanisms they are written in
//! (squares, boards, moves as lists of effects, castling, en passant, promotion) and the
//! search that solves problems with them. Generated code reaches the engine through
//! [`RuleSet`] and the [`support`] module alone.

pub mod bitboard;
pub mod board;
pub mod bound;
pub mod codes;
mod count;
pub mod fen;
pub mod input;
mod measure;
pub mod moves;
pub mod order;
pub mod output;
pub mod perft;
pub mod piece;
pub(crate) mod plan;
pub mod position;
pub mod problem;
pub mod proof;
mod rebirth;
pub mod rules;
pub mod solution;
pub mod solve;
pub mod square;
pub mod stipulation;
pub mod structured;
pub mod support;

pub use bitboard::Bitboard;
pub use board::Board;
pub use fairyforge_vocab::Vocabulary;
pub use moves::{Effect, Move, MoveKind, MoveList};
pub use piece::{Kind, KindInfo, KindSet, Marks, Numbering, Owner, Piece, PromotionChoice, Side};
pub use position::{Castling, EnPassant, Position};
pub use rules::{ConditionInfo, ConditionSide, Observers, RuleExample, RuleSet, Strike};
pub use square::Square;
