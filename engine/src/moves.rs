//! A move as a short list of effects.
//!
//! Every move has a principal movement (a unit goes from one square to another, perhaps
//! capturing on its arrival square or elsewhere, perhaps changing kind on arrival) and up
//! to [`MAX_EXTRAS`] further effects that apply after it in order: the rook's part of
//! castling, a rebirth, a capturer sent home, a unit changing colour. Making, unmaking and writing a move are
//! generic over that list, so a condition that adds an effect needs no engine code.

use crate::piece::{Kind, Owner, Piece};
use crate::square::Square;

/// The most effects a move can carry beyond its principal movement.
pub const MAX_EXTRAS: usize = 3;

/// A further effect of a move, applied after the principal movement.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum Effect {
    /// `piece` appears on the empty square `at` (a rebirth, a rook arriving).
    Add {
        /// Where it appears.
        at: Square,
        /// What appears.
        piece: Piece,
    },
    /// The unit `from` standing on `at` becomes `to` (a reborn pawn promoting).
    Promote {
        /// Where it stands.
        at: Square,
        /// What it was.
        from: Piece,
        /// What it becomes.
        to: Piece,
    },
    /// `piece`, standing on `at`, leaves the board.
    Remove {
        /// Where it stood.
        at: Square,
        /// What stood there.
        piece: Piece,
        /// Whether the notation leaves it out: a mover vanishing where it arrived
        /// because its rebirth square is taken (AntiCirce), which the reference does
        /// not write.
        silent: bool,
    },
    /// The units standing on the two squares change places (royal units swapping,
    /// Oscillating kings): `units[i]` stood on `at[i]` before.
    Swap {
        /// The two squares.
        at: [Square; 2],
        /// The units standing there before.
        units: [Piece; 2],
    },
    /// The unit `from` standing on `at` passes to another side, becoming `to` (the
    /// capturer under Andernach chess).
    Recolour {
        /// Where it stands.
        at: Square,
        /// What it was.
        from: Piece,
        /// What it becomes: the same kind, another owner.
        to: Piece,
        /// Whether the notation writes it apart, `[b5=b]`, even for the mover where it
        /// arrives (a unit a capture strikes, Breton chess), rather than after the
        /// movement, `Qg5*g8=w` (Andernach chess).
        apart: bool,
    },
    /// Every unit standing on one of the squares (none of them neutral) passes to the
    /// other side: the units a checking unit observes (Masand chess). Written
    /// `[c2=b][e2=w]`, in the order given; a move turning more units has several.
    RecolourAll {
        /// The squares, with the side each unit passes to.
        units: Turned,
    },
}

/// Up to eight squares, each with the side its unit passes to, packed in bytes so that
/// an effect naming many squares keeps a move small.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Turned([u8; 8]);

impl Turned {
    const FREE: u8 = 0xFF;
    const BLACK: u8 = 0x40;

    /// None yet.
    pub const EMPTY: Turned = Turned([Turned::FREE; 8]);

    /// Adds the unit on `at` passing to `owner` (white or black); false when full.
    #[inline]
    pub fn push(&mut self, at: Square, owner: Owner) -> bool {
        let Some(slot) = self.0.iter_mut().find(|b| **b == Turned::FREE) else {
            return false;
        };
        let black = if owner == Owner::Black {
            Turned::BLACK
        } else {
            0
        };
        *slot = at.index() as u8 | black;
        true
    }

    /// The squares, in the order added, with the side each unit passes to.
    pub fn iter(self) -> impl Iterator<Item = (Square, Owner)> {
        self.0
            .into_iter()
            .take_while(|&b| b != Turned::FREE)
            .map(|b| {
                let owner = if b & Turned::BLACK != 0 {
                    Owner::Black
                } else {
                    Owner::White
                };
                (Square::new(b & 0x3F), owner)
            })
    }
}

/// What kind of move this is, for notation and for the state it leaves behind.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub enum MoveKind {
    /// A plain move or capture.
    Normal,
    /// A pawn's double step passing over `passed` (which becomes the en-passant square),
    /// or a longer step from its first rank passing over `passed` first.
    DoubleStep {
        /// The (first) square jumped over.
        passed: Square,
    },
    /// An en-passant capture (the captured unit is not on the arrival square).
    EnPassant,
    /// An exchange of places (Messigny chess): the mover goes to `to`, `other`, standing
    /// there, to `from`; nothing is captured.
    Exchange {
        /// The unit the mover changes places with.
        other: Piece,
    },
    /// Castling on the king's side (`0-0`); the partner's move is an extra effect.
    CastleShort,
    /// Castling on the queen's side (`0-0-0`); the partner's move is an extra effect.
    CastleLong,
}

/// A move: the principal movement plus up to [`MAX_EXTRAS`] extra effects.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Hash)]
pub struct Move {
    /// Departure square of the moving unit.
    pub from: Square,
    /// Arrival square of the moving unit.
    pub to: Square,
    /// The moving unit as it stood on `from`.
    pub mover: Piece,
    /// The unit captured, if any.
    pub captured: Option<Piece>,
    /// Where the captured unit stood (`to`, except for en passant and locust captures).
    pub capture_at: Square,
    /// The kind the mover becomes on arrival (promotion), if it changes.
    pub promotion: Option<Kind>,
    /// What sort of move it is.
    pub kind: MoveKind,
    /// The owner a half-neutral mover has on arrival, when it changes.
    pub recolour: Option<Owner>,
    /// The square the mover goes to before it moves, making the move from there (its
    /// rebirth square, under Mars Circe: `Sb8-g1*e2`); the move is made as one from
    /// `from` to `to`.
    pub via: Option<Square>,
    extras: [Option<Effect>; MAX_EXTRAS],
}

impl Effect {
    /// The change of `unit`, standing on `at`, to the other side (White and Black change
    /// places); none for a neutral unit, which stays neutral.
    pub fn side_change(at: Square, unit: Piece, apart: bool) -> Option<Effect> {
        (unit.owner != Owner::Neutral).then(|| Effect::Recolour {
            at,
            from: unit,
            to: unit.swapped(),
            apart,
        })
    }
}

impl Move {
    /// A plain move of `mover` from `from` to the empty square `to`.
    #[inline(always)]
    pub const fn quiet(from: Square, to: Square, mover: Piece) -> Move {
        Move {
            from,
            to,
            mover,
            captured: None,
            capture_at: to,
            promotion: None,
            kind: MoveKind::Normal,
            recolour: None,
            via: None,
            extras: [None; MAX_EXTRAS],
        }
    }

    /// An exchange of places of `mover`, on `from`, with `other`, on `to`.
    #[inline(always)]
    pub const fn exchange(from: Square, to: Square, mover: Piece, other: Piece) -> Move {
        Move::quiet(from, to, mover).with_kind(MoveKind::Exchange { other })
    }

    /// A capture of `captured`, standing on `to`, by `mover`.
    #[inline(always)]
    pub const fn capture(from: Square, to: Square, mover: Piece, captured: Piece) -> Move {
        Move {
            from,
            to,
            mover,
            captured: Some(captured),
            capture_at: to,
            promotion: None,
            kind: MoveKind::Normal,
            recolour: None,
            via: None,
            extras: [None; MAX_EXTRAS],
        }
    }

    /// A capture of `captured`, standing on `at`, by `mover` arriving on `to`.
    #[inline(always)]
    pub const fn capture_elsewhere(
        from: Square,
        to: Square,
        mover: Piece,
        captured: Piece,
        at: Square,
    ) -> Move {
        Move {
            from,
            to,
            mover,
            captured: Some(captured),
            capture_at: at,
            promotion: None,
            kind: MoveKind::Normal,
            recolour: None,
            via: None,
            extras: [None; MAX_EXTRAS],
        }
    }

    /// This move with its kind set.
    #[inline(always)]
    pub const fn with_kind(mut self, kind: MoveKind) -> Move {
        self.kind = kind;
        self
    }

    /// This move with the mover becoming `kind` on arrival.
    #[inline(always)]
    pub const fn with_promotion(mut self, kind: Kind) -> Move {
        self.promotion = Some(kind);
        self
    }

    /// This move made from `via`, where the mover goes first.
    #[inline(always)]
    pub const fn with_via(mut self, via: Square) -> Move {
        self.via = Some(via);
        self
    }

    /// This move with the (half-neutral) mover owned by `owner` on arrival.
    #[inline(always)]
    pub const fn with_recolour(mut self, owner: Owner) -> Move {
        self.recolour = Some(owner);
        self
    }

    /// Appends `effect` to the extra effects in place; false (the move unchanged) when
    /// it already carries [`MAX_EXTRAS`] of them.
    #[inline]
    pub fn add_effect(&mut self, effect: Effect) -> bool {
        match self.extras.iter_mut().find(|e| e.is_none()) {
            Some(slot) => {
                *slot = Some(effect);
                true
            }
            None => false,
        }
    }

    /// This move with `effect` appended to its extra effects. Returns `None` when the
    /// move already carries [`MAX_EXTRAS`] of them.
    #[inline]
    pub fn with_effect(mut self, effect: Effect) -> Option<Move> {
        let slot = self.extras.iter_mut().find(|e| e.is_none())?;
        *slot = Some(effect);
        Some(self)
    }

    /// The extra effects, in the order they apply.
    #[inline(always)]
    pub fn extras(&self) -> impl DoubleEndedIterator<Item = &Effect> + '_ {
        self.extras.iter().flatten()
    }

    /// The unit that stands on `to` after the principal movement.
    #[inline(always)]
    pub fn arriving(&self) -> Piece {
        let mut piece = self.mover;
        if let Some(kind) = self.promotion {
            piece.kind = kind;
        }
        if let Some(owner) = self.recolour {
            piece.owner = owner;
        }
        piece
    }

    /// A castling (`kind`): the royal unit from `from` to `to`, its `partner` from the
    /// first square of `partner_way` to the second.
    pub fn castling(
        from: Square,
        to: Square,
        royal: Piece,
        kind: MoveKind,
        partner: Piece,
        partner_way: (Square, Square),
    ) -> Move {
        let (leaves, arrives) = partner_way;
        let mut mv = Move::quiet(from, to, royal).with_kind(kind);
        // a fresh move has room for both of the partner's effects
        mv.extras[0] = Some(Effect::Remove {
            at: leaves,
            piece: partner,
            silent: false,
        });
        mv.extras[1] = Some(Effect::Add {
            at: arrives,
            piece: partner,
        });
        mv
    }

    /// Where the castling partner leaves from and arrives on, for a castling.
    #[inline]
    pub fn partner(&self) -> Option<(Square, Square)> {
        if !matches!(self.kind, MoveKind::CastleShort | MoveKind::CastleLong) {
            return None;
        }
        let from = self.extras().find_map(|e| match e {
            Effect::Remove { at, .. } => Some(*at),
            _ => None,
        })?;
        let to = self.extras().find_map(|e| match e {
            Effect::Add { at, .. } => Some(*at),
            _ => None,
        })?;
        Some((from, to))
    }

    /// The unit the effects leave on `at` where one of them puts a unit there (an
    /// addition, then the promotions and changes of side made to it).
    pub fn unit_put(&self, at: Square) -> Option<Piece> {
        self.extras().fold(None, |unit, e| match *e {
            Effect::Add { at: sq, piece } if sq == at => Some(piece),
            Effect::Promote { at: sq, to, .. } | Effect::Recolour { at: sq, to, .. }
                if sq == at && unit.is_some() =>
            {
                Some(to)
            }
            _ => unit,
        })
    }

    /// Where the moving unit stands once every effect is made, and what it is there:
    /// on its arrival square, or where an effect carried it (a capturer reborn), promoted
    /// or recoloured as the effects make it; `None` when an effect took it off the board.
    pub fn mover_lands(&self) -> Option<(Square, Piece)> {
        let mut at = Some(self.to);
        let mut unit = self.arriving();
        // (a unit added right after the mover left: the mover reborn, maybe with another
        // walk)
        let mut just_left = false;
        for effect in self.extras() {
            let left = just_left;
            just_left = false;
            match *effect {
                Effect::Remove { at: sq, piece, .. } if at == Some(sq) && piece == unit => {
                    at = None;
                    just_left = true;
                }
                Effect::Add { at: sq, piece }
                    if at.is_none() && (piece == unit || left && piece.owner == unit.owner) =>
                {
                    at = Some(sq);
                    unit = piece;
                }
                Effect::Promote { at: sq, to, .. } | Effect::Recolour { at: sq, to, .. }
                    if at == Some(sq) =>
                {
                    unit = to;
                }
                Effect::Swap { at: [a, b], .. } if at == Some(a) => at = Some(b),
                Effect::Swap { at: [a, b], .. } if at == Some(b) => at = Some(a),
                _ => {}
            }
        }
        at.map(|sq| (sq, unit))
    }

    /// Whether the move captures.
    #[inline(always)]
    pub fn is_capture(&self) -> bool {
        self.captured.is_some()
    }

    /// Whether an effect of the move brings a unit back while the mover still stands:
    /// the captured unit reborn (a capturer reborn leaves its arrival square first).
    pub fn brings_back(&self) -> bool {
        let mut at = Some(self.to);
        for effect in self.extras() {
            match *effect {
                Effect::Remove { at: sq, .. } if at == Some(sq) => at = None,
                Effect::Add { .. } if at.is_some() => return true,
                _ => {}
            }
        }
        false
    }
}

/// A growable list of moves, reused across a search to avoid allocation.
pub type MoveList = Vec<Move>;

/// Makes the moves of `list` from `start` on, generated by a walk not its own, moves of
/// `piece` itself: it neither castles nor promotes by a walk lent to it, so castlings go
/// and promotions are dropped.
pub fn made_by(list: &mut MoveList, start: usize, piece: Piece) {
    let mut i = start;
    while i < list.len() {
        if matches!(list[i].kind, MoveKind::CastleShort | MoveKind::CastleLong) {
            list.remove(i);
            continue;
        }
        list[i].mover = piece;
        list[i].promotion = None;
        i += 1;
    }
}

/// Removes the moves of `list` from `start` on that repeat one before them from `start`
/// on, keeping the order of the others: a walk that reaches one square along two paths
/// (the Rose going either way round an octagon, the Moose turning off two lines) makes
/// the move once, as the reference does.
pub fn remove_repeats(list: &mut MoveList, start: usize) {
    let mut i = start;
    while i < list.len() {
        if list[start..i].contains(&list[i]) {
            list.remove(i);
        } else {
            i += 1;
        }
    }
}
