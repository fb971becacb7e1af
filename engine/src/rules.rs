//! The contract between the engine and a generated rule set.
//!
//! The code generator turns `rules/` into one type implementing [`RuleSet`]: a move
//! generator and an observation test per kind of unit, and the hook bodies of every
//! condition. The engine is generic over that type, so every call below is static and the
//! compiler specialises the search for the rules at hand.
//!
//! # The phases of a move
//! A move is produced in a fixed order of phases; each phase is a hook here, called by
//! [`Position::legal_moves`](crate::position::Position::legal_moves):
//! 1. **generation** — [`RuleSet::generate`] for every unit [`RuleSet::may_move`] allows,
//!    including castling, double steps, en passant and promotion on arrival;
//! 2. **restriction** — [`RuleSet::allows`] drops moves a condition forbids;
//! 3. **capture and rebirth** — [`RuleSet::rebirth`] turns every capture into the moves
//!    with their rebirth effects (none, one, or one per promotion choice);
//! 4. **promotion** of reborn units is part of the rebirth effects; then the **effects
//!    after the move** — [`RuleSet::recolours_mover`] makes the moved unit pass to the
//!    other side where the move leaves it;
//! 5. **legality** — the mover's royal units must not be observed after the move
//!    ([`RuleSet::observes`]), and the conditions that judge a move by the position it
//!    leaves must allow it ([`RuleSet::allows_legal`]);
//! 6. **selection** — [`RuleSet::select`] keeps the legal moves a condition prefers.

use crate::bitboard::Bitboard;
use crate::moves::{Move, MoveKind, MoveList};
use crate::piece::{Kind, KindInfo, KindSet, Marks, Piece, Side};
use crate::position::Position;
use crate::rebirth::{FromRebirth, Rebirth, Rebirths};
use crate::square::Square;

pub use fairyforge_vocab::{ConditionSide, Param};

/// What a rule file says about a condition, for listing and for reading problems.
#[derive(Debug)]
pub struct ConditionInfo {
    /// The rule's name, e.g. `CirceFile`.
    pub name: &'static str,
    /// The names a problem may use for it (the reference's spelling first).
    pub names: &'static [&'static str],
    /// The rule is an `attribute` block: a problem gives it to units (`White Kamikaze
    /// Rd2`, its names read in `Pieces`), and it is in force while a unit carries it.
    /// Its index among the attribute rules is the unit's mark ([`crate::Marks`]).
    pub attribute: bool,
    /// The rule takes capturing units off the board (`after capture remove capturer
    /// when …`).
    pub vanishes: bool,
    /// What a problem writes after the name, in order (`Hole a1b2`: squares).
    pub params: &'static [Param],
    /// The definition the rule implements.
    pub definition: &'static str,
    /// The rule's location, `rules/conditions/…:line`.
    pub source: &'static str,
    /// The side it binds.
    pub side: ConditionSide,
    /// Whether it selects among the legal moves.
    pub selects: bool,
    /// Whether it only restricts moves (`forbid moves when …`), observation (check)
    /// staying as the walks give it.
    pub moves_only: bool,
    /// Whether it has a rebirth (of its own, or, for an option, the aspects it changes).
    pub rebirth: bool,
    /// Whether it is an option of rebirth: written after a base condition with a rebirth
    /// (`Circe Diametral`), never alone.
    pub option: bool,
    /// Whether it makes units move by walks lent by their neighbours (`move as …`).
    pub lends_walks: bool,
    /// Whether its truths ask which units observe which, by their walks (Madrasi,
    /// Patrouille).
    pub asks_observers: bool,
    /// The rule names of the conditions a problem may not combine with it (`incompatible
    /// with …`; the reference refuses the combination too).
    pub incompatible: &'static [&'static str],
    /// Whether a problem with a unit of a kind that is not orthodox is refused (`fairy
    /// pieces refused`; the reference refuses it too).
    pub fairy_refused: bool,
    /// Whether its rebirth says royal units are reborn (`Some(true)`), or not; `None`
    /// when it does not say (an option keeping the base's).
    pub kings_reborn: Option<bool>,
    /// Whether its rebirth gives the reborn unit the walk of the other unit of the
    /// capture (`cloned`).
    pub clones: bool,
    /// Whether its rebirth puts the unit moving on its rebirth square before the move
    /// (`rebirth mover before …`, Mars Circe) rather than a unit after a capture.
    pub reborn_before: bool,
    /// Whether its rebirth changes the reborn unit (its walk, its side), lets it vanish,
    /// promote, stay where a capture left it, or wait for the next move: aspects a unit
    /// reborn before it moves cannot have.
    pub changes_reborn: bool,
    /// Whether its rebirth waits for the next move (`after next move`, Circe Parrain).
    pub delays_rebirth: bool,
    /// Whether it is a base whose rebirth puts back the capturer (AntiCirce).
    pub reborn_capturer: bool,
}

/// What a capture does besides (`after capture remove|recolour unit of SIDE like
/// captured`, Breton chess): to one unit of the captured unit's walk — of the capturer's
/// side or of the captured unit's — each such unit a move of its own; a capture finding
/// none stays as it is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strike {
    /// The unit changes side instead of leaving the board.
    pub recolour: bool,
    /// The unit is of the capturer's side (else of the captured unit's).
    pub own: bool,
    /// A neutral unit of that walk counts as one of the side's.
    pub neutrals: bool,
    /// A pawn capturing onto its last rank counts as the unit it promotes to (else as
    /// the pawn it was: struck, it never promotes).
    pub promoted: bool,
}

/// Which units recolour what they observe after a move that checks (`recolour observed
/// by …`, Masand chess).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Observers {
    /// The unit that moved, where the move leaves it, when it observes a royal unit of
    /// the other side.
    Mover,
    /// Each unit of the side that moved observing such a royal unit, in the order of
    /// the squares, each recolouring what it observes then and was not recoloured yet.
    Checkers,
}

/// A set of rules: the kinds of units and the conditions, generated from `rules/`.
///
/// A value of the type holds the conditions active in one problem; the kinds are static.
pub trait RuleSet: Sized + Clone + Send + Sync + 'static {
    /// Every kind of unit, indexed by [`Kind`](crate::piece::Kind).
    const KINDS: &'static [KindInfo];

    /// Every condition, in the order of the rule files.
    const CONDITIONS: &'static [ConditionInfo];

    /// The kinds that borrow their walks from the units observing them: whether such a
    /// unit observes a square depends on the whole board, its occupant included.
    const BORROWING: KindSet = KindSet::EMPTY;

    /// Phase 1, generation: pushes onto `out` every move of the unit `piece` standing on
    /// `from` when `side` moves it, ignoring whether the move leaves a royal unit attacked
    /// (pseudo-legal). Promotion choices, double steps, en passant and castling are
    /// included. Called once per unit `side` may move, in square order.
    fn generate(
        &self,
        pos: &Position<Self>,
        from: Square,
        piece: Piece,
        side: Side,
        out: &mut MoveList,
    );

    /// Whether some unit that `side` may move observes `target`: could capture a unit of
    /// the other side standing there, by the capture patterns of its rule, ignoring
    /// whether the capture would be legal. This is check: the engine calls it with the
    /// square of each royal unit. Must agree with the captures of [`RuleSet::generate`]
    /// (the spec tests compare the two on random positions).
    fn observes(&self, pos: &Position<Self>, target: Square, side: Side) -> bool;

    /// Whether a unit of `kind` that `side` may move observes `target` by its rule
    /// alone: the observation conditions such as Madrasi test (no condition filters it,
    /// and an en-passant capture is no observation). The default asks each such unit
    /// for its moves; the generated rule set looks back from the target.
    fn observes_by_kind(
        &self,
        pos: &Position<Self>,
        target: Square,
        side: Side,
        kind: Kind,
    ) -> bool {
        let board = pos.board();
        // only units standing where their kind could observe the target on some board
        // are asked for their moves
        let mut candidates =
            board.of_kind(kind) & board.movable_by(side) & self.reach(kind, target, side);
        candidates.remove(target);
        let mut moves = MoveList::new();
        candidates.into_iter().any(|from| {
            moves.clear();
            self.generate(pos, from, board.unit(from), side, &mut moves);
            moves.iter().any(|m| {
                m.captured.is_some() && m.capture_at == target && m.kind != MoveKind::EnPassant
            })
        })
    }

    /// Whether one of the `attackers` (units `side` may move, where they stand) observes
    /// `target`, through the conditions' filter when `filter`. The default asks each for
    /// its moves; the generated rule set looks back from the target.
    fn observes_by_units(
        &self,
        pos: &Position<Self>,
        target: Square,
        side: Side,
        attackers: Bitboard,
        filter: bool,
    ) -> bool {
        let board = pos.board();
        let mut moves = MoveList::new();
        let mut candidates = attackers & board.movable_by(side);
        candidates.remove(target);
        candidates.into_iter().any(|from| {
            let piece = board.unit(from);
            moves.clear();
            self.generate(pos, from, piece, side, &mut moves);
            moves.iter().any(|m| {
                m.captured.is_some()
                    && m.capture_at == target
                    && m.kind != MoveKind::EnPassant
                    && (!filter || self.observation_ok(pos, from, piece, target, m.to, side))
            })
        })
    }

    /// Turns on the condition with index `condition` in [`RuleSet::CONDITIONS`] for this
    /// problem. Called before solving, once per condition the problem names.
    fn activate(&mut self, condition: usize);

    /// Gives the condition with index `condition` the squares a problem writes after its
    /// name (`MagicSquares d4e5`), for a condition that reads them (`params squares`).
    /// Called before solving, after [`RuleSet::activate`]; the default keeps none.
    fn set_squares(&mut self, _condition: usize, _squares: Bitboard) {}

    /// Gives the condition with index `condition` the numbers a problem writes after its
    /// name, White's and Black's (`SAT 1 2`), for a condition that reads them (`params
    /// side_numbers`). Called before solving, after [`RuleSet::activate`].
    fn set_numbers(&mut self, _condition: usize, _numbers: [u32; 2]) {}

    /// When an active condition makes a royal unit in check by its flights (`check when
    /// flights above given`, SAT), the numbers given for White and Black; see
    /// [`Position::in_check`].
    #[inline(always)]
    fn check_by_flights(&self) -> Option<[u32; 2]> {
        None
    }

    /// Sets the defending side of the play (the side in Black's role of the phase solved),
    /// which conditions written `side defender` bind.
    fn set_defender(&mut self, side: Side);

    /// Phase 1, a capture's second leg: whether an active condition makes every capture
    /// of `side` go on at once with a quiet move by the captured unit's walk (`capture
    /// then move as captured`, Take&Make chess; see [`Position::pseudo_moves`]). Check
    /// stays as the walks give it.
    #[inline(always)]
    fn continues_captures(&self, _side: Side) -> bool {
        false
    }

    /// Phase 1, a capture's first leg: whether an active condition makes every capture
    /// of `side` be made from where a quiet move by the captured unit's walk, for the
    /// captured unit's side, first led the capturer (`before capture move as captured`,
    /// Make&Take chess; see [`Position::pseudo_moves`]). A unit observes as it so
    /// captures.
    #[inline(always)]
    fn leads_captures(&self, _side: Side) -> bool {
        false
    }

    /// The holes every position starts with: the squares given to the active conditions
    /// that make them holes (`holes at given`, the condition Hole). A hole is off the
    /// board for every walk.
    fn holes(&self) -> Bitboard {
        Bitboard::EMPTY
    }

    /// Phase 4, a capture striking again: when an active condition makes every capture
    /// by `side` take off (or turn) a unit of the captured unit's walk too (`after
    /// capture remove|recolour unit of … like captured`, Breton chess), how.
    #[inline(always)]
    fn strike(&self, _side: Side) -> Option<Strike> {
        None
    }

    /// Phase 4, royal units changing places: when an active condition says that after a
    /// move by `side` the two sides' royal units change places (`swap royals when …`,
    /// Oscillating and Swapping kings), when.
    #[inline(always)]
    fn swaps_royals(&self, _side: Side) -> Option<SwapRoyals> {
        None
    }

    /// Phase 4, the royal unit changing walk: when an active condition says that once a
    /// unit of `side` is taken, the royal unit of `side` becomes a royal unit of the
    /// captured walk (`after capture royal becomes captured pawn as CODE`, Kobul kings),
    /// the walk a pawn taken gives.
    #[inline(always)]
    fn royal_becomes_captured(&self, _side: Side) -> Option<Kind> {
        None
    }

    /// Phase 4, units observed turned: when an active condition says that after a move
    /// by `side` that checks, the units the checking unit observes (neither royal nor
    /// neutral, of either side) change side (`recolour observed by …`, Masand chess),
    /// which units check so.
    #[inline(always)]
    fn recolours_observed(&self, _side: Side) -> Option<Observers> {
        None
    }

    /// Phase 4, units carried on: the squares (given to the active conditions that say
    /// `transfer mover from given to given`, Wormholes) from which a unit a move leaves
    /// on one is carried on to another that is free, each choice a move of its own (see
    /// [`Position::transfer_observes`]). Empty when none is active.
    fn transfer_squares(&self) -> Bitboard {
        Bitboard::EMPTY
    }

    /// Phase 4: whether a square a unit leaves by moving becomes a hole when the move
    /// leaves it empty (`holes at departure`, Haaner chess). [`Position::make`] digs
    /// them with the move and fills them when it is taken back.
    #[inline(always)]
    fn leaves_holes(&self) -> bool {
        false
    }

    /// Phase 1, walks lent: when an active condition makes each unit of `side` move,
    /// capture and observe by the walk of a unit standing next to it (`move as friend
    /// behind|ahead`, Annan and Nanna chess; `move as enemy ahead|behind|beside`,
    /// Face-to-face, Back-to-back and Cheek-to-cheek chess), who lends and from where. A
    /// condition saying so also says [`RuleSet::has_observation_filter`]: a move can
    /// change another unit's walk, so the shortcuts that watch only the lines onto a
    /// royal unit are off.
    #[inline(always)]
    fn walk_lent_from(&self, _side: Side) -> Option<Lender> {
        None
    }

    /// Phase 1, walks of the observers: when an active condition makes the royal unit of
    /// `side`, observed by units of the other side, move, capture and observe by their
    /// walks (`royal moves as observers instead|too|becoming`, Transmuted, Reflective and
    /// Super-transmuting kings), how. A condition saying so also says
    /// [`RuleSet::has_observation_filter`]: any move can change the royal unit's walks.
    #[inline(always)]
    fn royal_walks(&self, _side: Side) -> Option<RoyalWalks> {
        None
    }

    /// Phase 1: whether the unit `piece` on `from` may move at all when `side` moves
    /// (false when a condition paralyses it). Called before [`RuleSet::generate`].
    #[inline(always)]
    fn may_move(&self, _pos: &Position<Self>, _from: Square, _piece: Piece, _side: Side) -> bool {
        true
    }

    /// Phase 2, restriction: whether a condition allows `mv` in `pos`. Called for every
    /// generated move before rebirth.
    #[inline(always)]
    fn allows(&self, _pos: &Position<Self>, _mv: &Move) -> bool {
        true
    }

    /// Whether any active condition restricts moves ([`RuleSet::allows`] is always true
    /// when this is false, and the engine skips it).
    #[inline(always)]
    fn has_restriction(&self) -> bool {
        false
    }

    /// Observation under the conditions: whether the unit `piece` on `from`, which the
    /// rule of its kind lets capture on `target` arriving on `arrival` (`target` itself,
    /// but for a capture that lands beyond the unit taken), observes `target` when `side`
    /// would move it (false when a condition paralyses it, forbids that capture as it
    /// would be played, or leaves its rebirth no square). Called by
    /// [`RuleSet::observes`] for every candidate when
    /// [`RuleSet::has_observation_filter`] is true.
    #[inline(always)]
    fn observation_ok(
        &self,
        _pos: &Position<Self>,
        _from: Square,
        _piece: Piece,
        _target: Square,
        _arrival: Square,
        _side: Side,
    ) -> bool {
        true
    }

    /// The squares where a change of occupancy could decide whether `side` observes
    /// `target`, the observing units' own squares aside (a move that touches none of
    /// them, by a unit that is not royal, leaves the observation of `target` as it
    /// was). The default, every square, is always right; the generated rule set narrows
    /// it to the half-lines from `target` to the farthest rider or hopper of `side`
    /// moving along them.
    #[inline]
    fn influence(&self, _pos: &Position<Self>, _target: Square, _side: Side) -> Bitboard {
        Bitboard(u64::MAX)
    }

    /// The squares from which a unit of `kind` moved by `side` could observe `target` on
    /// some board (a move arriving elsewhere cannot check by the unit itself). The
    /// default, every square, is always right.
    #[inline]
    fn reach(&self, _kind: Kind, _target: Square, _side: Side) -> Bitboard {
        Bitboard(u64::MAX)
    }

    /// Every square a unit of `kind` moved by `side` from `from` could arrive on in one
    /// move on some board (a superset; the default, every square, is always right).
    #[inline]
    fn span(&self, _kind: Kind, _from: Square, _side: Side) -> Bitboard {
        Bitboard(u64::MAX)
    }

    /// The squares a unit of `kind` moved by `side` from `from` can always move to when
    /// they are empty or hold a unit of the other side, the move being legal otherwise
    /// (single leaps and first ride steps that move and capture alike; a subset, the
    /// default, none, is always right).
    #[inline]
    fn steps(&self, _kind: Kind, _from: Square, _side: Side) -> Bitboard {
        Bitboard(0)
    }

    /// Whether any condition is active in this problem.
    #[inline(always)]
    fn has_conditions(&self) -> bool {
        false
    }

    /// Whether any active condition filters observation.
    #[inline(always)]
    fn has_observation_filter(&self) -> bool {
        false
    }

    /// Whether an active condition puts a royal unit in check from the units of its own
    /// side too (`check from both`): [`Position::in_check`] then asks both sides. A rule
    /// set saying so also says [`RuleSet::has_observation_filter`], which turns off the
    /// shortcuts that look at the other side's units alone.
    #[inline(always)]
    fn checks_from_both_sides(&self) -> bool {
        false
    }

    /// Whether some condition takes capturing units off the board (`after capture
    /// remove capturer when …`): when false, [`RuleSet::removes_capturer`] is never
    /// asked.
    #[inline(always)]
    fn removes_capturers(&self) -> bool {
        false
    }

    /// Whether a condition takes the unit capturing in `mv` off the board once it has
    /// captured (Kamikaze), judged on the move before it is played.
    #[inline(always)]
    fn removes_capturer(&self, _pos: &Position<Self>, _mv: &Move) -> bool {
        false
    }

    /// The attributes a pawn promoting to `kind` may take as well, each a promotion of
    /// its own (`b7-b8=Q=c`: `promotion may add it to …` of an attribute in force).
    #[inline(always)]
    fn promotion_marks(&self, _kind: Kind) -> Marks {
        Marks::NONE
    }

    /// Whether a side that could move only units paralysis keeps from moving is
    /// stalemated, in check or not, and never mated (`paralysis stalemates`).
    #[inline(always)]
    fn paralysis_stalemates(&self) -> bool {
        false
    }

    /// Phase 5, legality under the conditions: whether a condition allows `mv`, a move
    /// of the side to move in `pos` known to keep its royal units safe, judging it by
    /// the position it leaves (whether it checks, whether it mates: see
    /// [`Position::gives_check`] and [`Position::mates`], which play it on `pos` and take
    /// it back). Called for every such move when [`RuleSet::has_legality_test`] is true.
    #[inline(always)]
    fn allows_legal(&self, _pos: &mut Position<Self>, _mv: &Move) -> bool {
        true
    }

    /// Whether any active condition judges moves by the position they leave
    /// ([`RuleSet::allows_legal`] is always true when this is false, and the engine
    /// skips it).
    #[inline(always)]
    fn has_legality_test(&self) -> bool {
        false
    }

    /// Phases 3 and 4, capture and rebirth: pushes the moves `mv` (a capture) becomes
    /// once the conditions' rebirths are added — `mv` itself when no rebirth applies,
    /// nothing when a condition makes the capture impossible, one move per promotion
    /// choice when a reborn pawn promotes.
    #[inline(always)]
    fn rebirth(&self, _pos: &Position<Self>, mv: Move, out: &mut MoveList) {
        out.push(mv);
    }

    /// Whether the rebirth in force when `side` moves waits for the next move (`after
    /// next move`, Circe Parrain): a capture then puts nothing back, and every move puts
    /// back the unit the move before captured ([`RuleSet::pending_rebirth`]).
    #[inline(always)]
    fn delays_rebirth(&self, _side: Side) -> bool {
        false
    }

    /// The rebirth a move makes of the unit the move before captured, when
    /// [`RuleSet::delays_rebirth`]: found on `basis`, the move with the capture's square
    /// as `capture` ([`pending_basis`](crate::support::pending_basis)).
    #[inline(always)]
    fn pending_rebirth(&self, _pos: &Position<Self>, _basis: &Move) -> Option<Rebirth> {
        None
    }

    /// Phase 4 told without building moves: what the conditions' rebirths make of the
    /// capture `mv`, so that the engine rewrites it where it stands. Must agree with
    /// [`RuleSet::rebirth`]; the default, [`Rebirths::Several`], leaves it to that.
    #[inline(always)]
    fn rebirth_effects(&self, _pos: &Position<Self>, _mv: &Move) -> Rebirths {
        Rebirths::Several
    }

    /// Whether any active condition rewrites captures ([`RuleSet::rebirth`] is the
    /// identity when this is false, and the engine skips it).
    #[inline(always)]
    fn has_rebirth(&self) -> bool {
        false
    }

    /// Phase 1, units reborn before they move: when an active condition puts each unit
    /// of `side` on its rebirth square before it moves (`rebirth mover before …`, Mars
    /// Circe), which of its moves it makes from there (see
    /// [`Position::pseudo_moves`]); the others it makes where it stands.
    fn moves_from_rebirth(&self, _side: Side) -> Option<FromRebirth> {
        None
    }

    /// The square the unit `piece` on `from` makes the moves of
    /// [`RuleSet::moves_from_rebirth`] from, when `side` moves it: its rebirth square
    /// (`from` itself when it stands there); `None` when it makes none (the square is
    /// off the board, or the rebirth leaves royal units out). Whether the square is
    /// free is the engine's test.
    fn rebirth_departure(
        &self,
        _pos: &Position<Self>,
        from: Square,
        _piece: Piece,
        _side: Side,
    ) -> Option<Square> {
        Some(from)
    }

    /// Phase 4, effects after the move: whether a condition makes the unit `mv` moves
    /// (a move of the side to move in `pos`, its rebirths added) pass to the other side
    /// where the move leaves it — Andernach chess: a capturer other than a king. Judged
    /// on the move before it is played; the engine adds the change as an effect, so it
    /// is made, undone and hashed with the move. Called for every move when
    /// [`RuleSet::has_after_effects`] is true.
    #[inline(always)]
    fn recolours_mover(&self, _pos: &Position<Self>, _mv: &Move) -> bool {
        false
    }

    /// Phase 4, effects after the move: whether a condition makes `partner`, the castling
    /// partner of the castling `mv`, pass to the other side where it arrives (MagicSquares:
    /// it arrives on a magic square). Called for every castling when
    /// [`RuleSet::has_after_effects`] is true.
    #[inline(always)]
    fn recolours_partner(&self, _pos: &Position<Self>, _mv: &Move, _partner: Piece) -> bool {
        false
    }

    /// Phase 4, effects after the move: the walk a condition makes the unit `mv` moves
    /// take where the move leaves it (Einstein chess: a rook that moves without capturing
    /// becomes a bishop), `unit` being the unit as it arrives (promoted, if it
    /// promoted). Judged on the move before it is played, like
    /// [`RuleSet::recolours_mover`], and called when [`RuleSet::has_after_effects`] is
    /// true.
    #[inline(always)]
    fn transmutes_mover(&self, _pos: &Position<Self>, _mv: &Move, _unit: Piece) -> Option<Kind> {
        None
    }

    /// Phase 4: the walk a condition makes `partner`, the castling partner of the
    /// castling `mv`, take where it arrives.
    #[inline(always)]
    fn transmutes_partner(
        &self,
        _pos: &Position<Self>,
        _mv: &Move,
        _partner: Piece,
    ) -> Option<Kind> {
        None
    }

    /// How many squares a pawn of `side` on its first rank may step forward: none
    /// unless a condition lets it (a pawn `idle_on_first_rank` then neither moves nor
    /// observes there); each step beyond the first is over an empty square, which
    /// becomes an en-passant square.
    #[inline(always)]
    fn first_rank_steps(&self, _side: Side) -> u8 {
        0
    }

    /// Whether pawns of `side` promote on their last rank (a condition may keep them
    /// pawns there).
    #[inline(always)]
    fn promotes(&self, _side: Side) -> bool {
        true
    }

    /// Phase 1: whether a condition lets each unit of `side` exchange places with a unit
    /// of the other side of its walk (Messigny chess), and whether royal units may
    /// (`Some(true)`); `None` when none does.
    #[inline(always)]
    fn exchanges(&self, _side: Side) -> Option<bool> {
        None
    }

    /// Whether any active condition adds effects after a move
    /// ([`RuleSet::recolours_mover`] is always false when this is false, and the engine
    /// skips it).
    #[inline(always)]
    fn has_after_effects(&self) -> bool {
        false
    }

    /// A hash of what the conditions remember from the moves played (e.g. which kind of
    /// unit moved last, for conditions that restrict the answer to it). The solver's
    /// transposition table mixes it into the position's hash. Zero when nothing is
    /// remembered.
    #[inline(always)]
    fn history_key(&self, _pos: &Position<Self>) -> u64 {
        0
    }

    /// Phase 6, selection: keeps among the legal `moves` of `pos` those a condition
    /// prefers (removing the others in place). Called on the complete legal list.
    #[inline(always)]
    fn select(&self, _pos: &Position<Self>, _moves: &mut MoveList) {}

    /// Whether any active condition selects among legal moves.
    #[inline(always)]
    fn has_selection(&self) -> bool {
        false
    }

    /// Whether an active condition selects among the legal moves of `side`.
    #[inline(always)]
    fn selects_for(&self, _side: Side) -> bool {
        self.has_selection()
    }
}

/// A worked example written beside a rule: a problem and the solution it must have.
#[derive(Debug)]
pub struct RuleExample {
    /// The rule it belongs to.
    pub rule: &'static str,
    /// Its title.
    pub title: &'static str,
    /// `rules/…:line` of the example.
    pub source: &'static str,
    /// The problem, in the reference's input language with fairyforge's codes.
    pub problem: &'static str,
    /// The expected solution lines.
    pub solution: &'static str,
}

/// When the royal units change places after a move ([`RuleSet::swaps_royals`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SwapRoyals {
    /// After every move.
    Always,
    /// After a move that checks the other side.
    Checking,
    /// After every move; a move leaving the mover in check before the swap is illegal.
    Safe,
}

/// How a royal unit takes the walks of the units of the other side observing it
/// ([`RuleSet::royal_walks`]).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct RoyalWalks {
    /// It moves by its own walk as well, observed or not (Reflective kings); else by its
    /// own walk only when no unit observes it (Transmuted kings).
    pub keeps_own: bool,
    /// Observed, the side moves the royal unit alone, by one of those walks, and it
    /// becomes a unit of that walk (Super-transmuting kings).
    pub becomes: bool,
}

/// Who lends a unit its walk ([`RuleSet::walk_lent_from`]): a unit of the side that moves
/// it, or of the other side, standing on one of `squares`, each `(file, rank)` steps from
/// the unit as its side moves (`(0, -1)`: right behind it, `(0, 1)`: right in front).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Lender {
    /// The lender belongs to the other side (a neutral unit belongs to both).
    pub enemy: bool,
    /// The squares a lender stands on, as steps from the unit.
    pub squares: &'static [(i8, i8)],
}
