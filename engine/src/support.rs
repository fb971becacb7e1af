//! The one door from generated rule sets into the engine.
//!
//! Code emitted by `fairyforge-codegen` implements [`RuleSet`] and names nothing of the
//! engine but what this module exports: its one `use` line is
//! `use ::fairyforge_engine::support::*;`. Here are the types it builds moves and tables
//! from (squares, bitboards, units, moves, the position it reads), the descriptions it
//! fills in ([`KindInfo`], [`ConditionInfo`], [`RuleExample`]), the mechanisms rebirth
//! conditions are written in, and the measures and tests selections and truths use. A
//! change here is a change of the generated code's contract: the snapshot test of
//! `codegen` shows what the generated code calls.
//!
//! Besides these items, generated code calls the methods of the types it is given, among
//! them the mechanisms [`Position`] offers generators by name
//! ([`Position::push_pawn_move`], [`Position::push_castlings`], [`Position::ep`]).

pub use crate::bitboard::Bitboard;
pub use crate::count::exceeds_game_array;
pub use crate::measure::{
    alphabetic, contact_after, contact_before, grid_cell, keep_best, length, observed_by_kind,
    on_edge, same_walk_observation_after,
};
pub use crate::moves::{remove_repeats, Move, MoveKind, MoveList};
pub use crate::piece::{Kind, KindInfo, KindSet, Marks, Numbering, Piece, PromotionChoice, Side};
pub use crate::position::exchange::exchanged_last;
pub use crate::position::Position;
pub use crate::rebirth::{
    camp, game_array_square, pending_basis, push_rebirth, rebirth_effects, rebirth_observes,
    FromRebirth, Rebirth, Rebirths, Reborn, WhenTaken,
};
pub use crate::rules::{
    ConditionInfo, ConditionSide, Lender, Observers, Param, RoyalWalks, RuleExample, RuleSet,
    Strike, SwapRoyals,
};
pub use crate::square::Square;
