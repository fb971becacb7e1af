//! Rust from the checked rules: one move generator and one observation test per kind,
//! straight-line code over constant vectors and constant leap tables, and the tables that
//! describe the kinds. Emitted with `quote`, checked by parsing with `syn`, printed with
//! `prettyplease`.
//!
//! Every item carries a doc comment quoting its rule and naming `file:line`, so a reader of
//! the generated code can always find the rule behind it.

mod conditions;

/// Finds (or emits) the constant leap table for some vectors, forward or not.
type TableFor<'a> = &'a mut dyn FnMut(&[(i8, i8)], bool) -> Ident;

/// A leap table's identity: its vectors, and whether they point forward.
type LeapKey = (Vec<(i8, i8)>, bool);

use crate::lower::{Clause, Kind, Land, Mode, Numbering, Promotion, Rules, Walk};
use crate::snake;
use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};
use std::collections::BTreeMap;

/// The generated module as tokens (not yet checked or printed).
pub fn emit(rules: &Rules) -> TokenStream {
    let mut tables = TokenStream::new();
    let mut table_ids: BTreeMap<LeapKey, Ident> = BTreeMap::new();
    let mut table_for = |vectors: &[(i8, i8)], forward: bool, tables: &mut TokenStream| -> Ident {
        let mut key: Vec<(i8, i8)> = vectors.to_vec();
        key.sort();
        if let Some(id) = table_ids.get(&(key.clone(), forward)) {
            return id.clone();
        }
        let id = format_ident!("LEAP_{}", table_ids.len());
        let doc = format!(
            "Leap targets by departure square for the vectors {}.",
            show_vectors(vectors)
        );
        if forward {
            let white = leap_table(vectors, 1);
            let black = leap_table(vectors, -1);
            tables.extend(quote! {
                #[doc = #doc]
                #[doc = "Indexed by side (vectors point forward for that side), then square."]
                static #id: [[u64; 64]; 2] = [[#(#white),*], [#(#black),*]];
            });
        } else {
            let t = leap_table(vectors, 1);
            tables.extend(quote! {
                #[doc = #doc]
                static #id: [u64; 64] = [#(#t),*];
            });
        }
        table_ids.insert((key, forward), id.clone());
        id
    };

    let mut generators = TokenStream::new();
    let mut arms = TokenStream::new();
    for (index, kind) in rules.kinds.iter().enumerate() {
        let fname = format_ident!("generate_{}", snake(&kind.name));
        let mut body = TokenStream::new();
        let mut clause_docs = Vec::new();
        for clause in &kind.clauses {
            clause_docs.push(format!(" - `{}` — {}", clause.text, clause.source));
            let code = gen_clause(kind, clause, &mut |v, f| table_for(v, f, &mut tables));
            body.extend(quote! { { #code } });
        }
        let doc_head = format!(" Moves of the {} ({}).", kind.name, kind.source);
        let doc_text = format!(" > {}", kind.text);
        generators.extend(quote! {
            #[doc = #doc_head]
            #[doc = ""]
            #[doc = #doc_text]
            #[doc = ""]
            #(#[doc = #clause_docs])*
            #[inline(never)]
            fn #fname(pos: &Position<Rules>, from: Square, piece: Piece, side: Side, out: &mut MoveList) {
                let board = pos.board();
                let own = side.owner();
                let _ = (board, own, &out, piece);
                #body
            }
        });
        let i = index as u8;
        arms.extend(quote! { #i => Rules::#fname(pos, from, piece, side, out), });
    }

    let (observation, observers) = gen_observation(rules, &mut |v, f| table_for(v, f, &mut tables));
    let influence = gen_influence(rules);
    let reach = gen_reach(rules);
    let spans = gen_spans(rules);
    let kind_infos = rules.kinds.iter().map(kind_info);
    let condition_infos = conditions::infos(rules);
    let (condition_helpers, condition_hooks) = conditions::hooks(rules);
    let kind_consts = rules.kinds.iter().enumerate().map(|(i, k)| {
        let name = Ident::new(&snake(&k.name).to_uppercase(), Span::call_site());
        let i = i as u8;
        let doc = format!(" The {} ({}).", k.name, k.source);
        quote! { #[doc = #doc] pub const #name: Kind = Kind(#i); }
    });
    let owners = rules
        .kinds
        .iter()
        .map(|k| (&k.name, &k.examples))
        .chain(rules.conditions.iter().map(|c| (&c.name, &c.examples)));
    let examples = owners.flat_map(|(name, examples)| {
        examples.iter().map(move |e| {
            let (rule, title, source, problem, solution) =
                (name, &e.title, &e.source, &e.problem, &e.solution);
            quote! {
                RuleExample { rule: #rule, title: #title, source: #source, problem: #problem, solution: #solution },
            }
        })
    });

    quote! {
        use ::fairyforge_engine::rebirth::{camp, game_array_square, push_rebirth, rebirth_allowed, Rebirth, Reborn, WhenTaken};
        use ::fairyforge_engine::measure::{alphabetic, keep_best, length, observed_by_kind};
        use ::fairyforge_engine::{Bitboard, ConditionInfo, ConditionSide, Kind, KindInfo, Move, MoveKind, MoveList, Numbering, Piece, Position, PromotionChoice, RuleExample, RuleSet, Side, Square};

        /// The rule set generated from `rules/`: every kind of unit and every condition.
        /// A value holds the conditions in force in one problem.
        #[derive(Clone, Debug, Default)]
        pub struct Rules {
            /// Bit `i` set: the condition `CONDITIONS[i]` is in force.
            active: u64,
            /// The defending side of the play, for conditions bound to it.
            defender: Option<Side>,
        }

        /// The kinds, by rule name.
        pub mod kinds {
            use ::fairyforge_engine::Kind;
            #(#kind_consts)*
        }

        /// Every worked example written in `rules/`, in file order.
        pub static EXAMPLES: &[RuleExample] = &[ #(#examples)* ];

        #tables

        impl Rules {
            #generators
            #observers
            #condition_helpers
        }

        impl RuleSet for Rules {
            const KINDS: &'static [KindInfo] = &[ #(#kind_infos),* ];
            const CONDITIONS: &'static [ConditionInfo] = &[ #(#condition_infos),* ];

            #condition_hooks

            #[inline]
            fn generate(&self, pos: &Position<Self>, from: Square, piece: Piece, side: Side, out: &mut MoveList) {
                match piece.kind.0 {
                    #arms
                    _ => {}
                }
            }

            #observation

            #influence

            #reach

            #spans
        }
    }
}

/// Squares from which a unit of `kind` of each side could observe each target on some
/// board: the leaps' departures, the lines of riders and hoppers, the departures of
/// equihoppers and lame leapers. `[side][target]`.
fn reach_table(kind: &crate::lower::Kind) -> [[u64; 64]; 2] {
    let mut table = [[0u64; 64]; 2];
    let on = |f: i8, r: i8| (0..8).contains(&f) && (0..8).contains(&r);
    for clause in kind.clauses.iter().filter(|c| c.mode.captures()) {
        for (side, bits) in table.iter_mut().enumerate() {
            let dir = if clause.forward && side == 1 { -1 } else { 1 };
            for (t, b) in bits.iter_mut().enumerate() {
                let (tf, tr) = (t as i8 % 8, t as i8 / 8);
                let mut add = |f: i8, r: i8| {
                    if on(f, r) {
                        *b |= 1u64 << (r * 8 + f);
                    }
                };
                match &clause.walk {
                    Walk::Castling => {}
                    Walk::Leap { vectors, .. } => {
                        for &(dx, dy) in vectors {
                            add(tf - dx, tr - dy * dir);
                        }
                    }
                    Walk::Equihop { vectors, .. } => {
                        for &(dx, dy) in vectors {
                            add(tf - 2 * dx, tr - 2 * dy * dir);
                        }
                    }
                    Walk::Lame { steps } => {
                        for &((dx, dy), _) in steps {
                            add(tf - dx, tr - dy * dir);
                        }
                    }
                    Walk::Ride { vectors, .. } | Walk::Hop { vectors, .. } => {
                        for &(dx, dy) in vectors {
                            for (x, y) in [(dx, dy * dir), (-dx, -dy * dir)] {
                                let (mut f, mut r) = (tf + x, tr + y);
                                while on(f, r) {
                                    add(f, r);
                                    f += x;
                                    r += y;
                                }
                            }
                        }
                    }
                }
            }
        }
    }
    table
}

/// [`RuleSet::reach`]: one table of [`reach_table`] per kind.
fn gen_reach(rules: &Rules) -> TokenStream {
    let tables: Vec<_> = rules.kinds.iter().map(reach_table).collect();
    table_method("reach", "target", &tables, u64::MAX)
}

/// A `RuleSet` method `name(kind, <square>, side)` answering from a constant table per
/// kind, side and square, and with `fallback` for a kind beyond the table.
fn table_method(name: &str, square: &str, tables: &[[[u64; 64]; 2]], fallback: u64) -> TokenStream {
    let lit = |b: &u64| syn::LitInt::new(&format!("0x{b:016x}"), Span::call_site());
    let kinds = tables.iter().map(|[w, b]| {
        let (w, b) = (w.iter().map(lit), b.iter().map(lit));
        quote!([[#(#w),*], [#(#b),*]])
    });
    let n = tables.len();
    let (fname, sq) = (format_ident!("{name}"), format_ident!("{square}"));
    let table = format_ident!("{}", name.to_uppercase());
    let fallback = if fallback == u64::MAX {
        quote!(u64::MAX)
    } else {
        let f = syn::LitInt::new(&fallback.to_string(), Span::call_site());
        quote!(#f)
    };
    quote! {
        #[inline]
        fn #fname(&self, kind: Kind, #sq: Square, side: Side) -> Bitboard {
            static #table: [[[u64; 64]; 2]; #n] = [#(#kinds),*];
            match #table.get(kind.index()) {
                Some(t) => Bitboard(t[side.index()][#sq.index()]),
                None => Bitboard(#fallback),
            }
        }
    }
}

/// For each side and departure square, two sets of arrival squares of a unit of `kind`:
/// every square some move could reach on some board (`span`), and the squares a move
/// reaches whenever they are empty or hold a unit of the other side and the move is
/// legal (`steps`: the single leaps and first ride steps that move and capture alike).
/// `[side][from]` each.
fn span_tables(kind: &crate::lower::Kind) -> ([[u64; 64]; 2], [[u64; 64]; 2]) {
    let mut span = [[0u64; 64]; 2];
    let mut steps = [[0u64; 64]; 2];
    let on = |f: i8, r: i8| (0..8).contains(&f) && (0..8).contains(&r);
    let bit = |f: i8, r: i8| 1u64 << (r * 8 + f);
    for clause in &kind.clauses {
        let sure = clause.mode == Mode::Both;
        for side in 0..2 {
            let dir = if clause.forward && side == 1 { -1 } else { 1 };
            for from in 0..64i8 {
                let (ff, fr) = (from % 8, from / 8);
                let mut add = |dx: i8, dy: i8, k: i8, surely: bool| {
                    let (f, r) = (ff + dx * k, fr + dy * dir * k);
                    if on(f, r) {
                        span[side][from as usize] |= bit(f, r);
                        if surely {
                            steps[side][from as usize] |= bit(f, r);
                        }
                    }
                };
                match &clause.walk {
                    Walk::Castling => {
                        for f in 0..8 {
                            span[side][from as usize] |= bit(f, fr);
                        }
                    }
                    Walk::Leap {
                        vectors,
                        double_step,
                        ..
                    } => {
                        for &(dx, dy) in vectors {
                            add(dx, dy, 1, sure);
                            if *double_step {
                                add(dx, dy, 2, false);
                            }
                        }
                    }
                    Walk::Equihop { vectors, .. } => {
                        for &(dx, dy) in vectors {
                            add(dx, dy, 2, false);
                        }
                    }
                    Walk::Lame { steps } => {
                        for &((dx, dy), _) in steps {
                            add(dx, dy, 1, false);
                        }
                    }
                    Walk::Ride { vectors, max } => {
                        for &(dx, dy) in vectors {
                            let last = max.map_or(7, |m| m as i8);
                            for k in 1..=last {
                                add(dx, dy, k, sure && k == 1);
                            }
                        }
                    }
                    Walk::Hop { vectors, .. } => {
                        for &(dx, dy) in vectors {
                            for k in 1..=7 {
                                add(dx, dy, k, false);
                            }
                        }
                    }
                }
            }
        }
    }
    (span, steps)
}

/// [`RuleSet::span`] and [`RuleSet::steps`]: the tables of [`span_tables`] per kind.
fn gen_spans(rules: &Rules) -> TokenStream {
    let (spans, steps): (Vec<_>, Vec<_>) = rules.kinds.iter().map(span_tables).unzip();
    let span = table_method("span", "from", &spans, u64::MAX);
    let steps = table_method("steps", "from", &steps, 0);
    quote! {
        #span

        #steps
    }
}

/// The lines along which a unit of `kind` observes, each as one normalised direction
/// (the line through a target both ways: hurdles and landing squares lie on either side),
/// or `None` when some capturing walk depends on squares off its lines (equihoppers, lame
/// leapers). Leaps depend on no other square and add no line.
fn influence_lines(kind: &crate::lower::Kind) -> Option<Vec<((i8, i8), bool)>> {
    let mut lines: Vec<((i8, i8), bool)> = Vec::new();
    for clause in kind.clauses.iter().filter(|c| c.mode.captures()) {
        let (vectors, beyond): (&[(i8, i8)], bool) = match &clause.walk {
            Walk::Leap { .. } | Walk::Castling => continue,
            Walk::Ride { vectors, .. } => (vectors, false),
            Walk::Hop {
                vectors,
                take_hurdle,
                ..
            } => (vectors, *take_hurdle),
            _ => return None,
        };
        for &(dx, dy) in vectors {
            // a forward walk is mirrored for Black
            let mirrored = if clause.forward {
                vec![(dx, dy), (dx, -dy)]
            } else {
                vec![(dx, dy)]
            };
            for (x, y) in mirrored {
                let line = if x > 0 || (x == 0 && y > 0) {
                    (x, y)
                } else {
                    (-x, -y)
                };
                match lines.iter_mut().find(|(l, _)| *l == line) {
                    Some((_, b)) => *b |= beyond,
                    None => lines.push((line, beyond)),
                }
            }
        }
    }
    Some(lines)
}

/// [`RuleSet::influence`]: on each half-line from the target that holds a rider or
/// hopper of `side` moving along it, the squares up to the farthest of them (the whole
/// line for a unit that captures its hurdle, which needs the square beyond the target
/// empty), and every square when `side` has a unit whose observation depends on
/// squares off its lines.
fn gen_influence(rules: &Rules) -> TokenStream {
    let mut body = TokenStream::new();
    let mut by_line: BTreeMap<(i8, i8), (Vec<u8>, Vec<u8>)> = BTreeMap::new();
    for (i, kind) in rules.kinds.iter().enumerate() {
        let k = i as u8;
        match influence_lines(kind) {
            None => body.extend(quote! {
                if (board.of_kind(Kind(#k)) & attackers).non_empty() {
                    return Bitboard(u64::MAX);
                }
            }),
            Some(lines) => {
                for (line, beyond) in lines {
                    let entry = by_line.entry(line).or_default();
                    entry.0.push(k);
                    if beyond {
                        entry.1.push(k);
                    }
                }
            }
        }
    }
    for (&(dx, dy), (kinds, beyond)) in &by_line {
        if !beyond.is_empty() {
            // a unit that captures its hurdle needs the square beyond the target
            // empty: the whole line counts
            let table = (0..64i8).map(|sq| bitboard_literal(ray(sq, dx, dy) | ray(sq, -dx, -dy)));
            let union = beyond.iter().map(|k| quote!(board.of_kind(Kind(#k))));
            body.extend(quote! {
                {
                    static LINE: [u64; 64] = [#(#table),*];
                    let line = LINE[target.index()];
                    if line & ((#(#union)|*) & attackers).0 != 0 {
                        mask |= line;
                    }
                }
            });
        }
        let union = kinds.iter().map(|k| quote!(board.of_kind(Kind(#k))));
        // each half of the line on its own: only the squares from the target to the
        // farthest attacker on that half can open or close it
        let halves = [(dx, dy), (-dx, -dy)].map(|(x, y)| {
            let table = ray_table(x, y);
            let farthest = if 8 * y + x > 0 {
                quote!(63 - on_ray.leading_zeros())
            } else {
                quote!(on_ray.trailing_zeros())
            };
            quote! {
                {
                    static RAY: [u64; 64] = [#(#table),*];
                    let ray = RAY[target.index()];
                    let on_ray = ray & movers;
                    if on_ray != 0 {
                        mask |= ray & !RAY[(#farthest) as usize];
                    }
                }
            }
        });
        body.extend(quote! {
            {
                let movers = ((#(#union)|*) & attackers).0;
                if movers != 0 {
                    #(#halves)*
                }
            }
        });
    }
    quote! {
        #[inline]
        fn influence(&self, pos: &Position<Self>, target: Square, side: Side) -> Bitboard {
            let board = pos.board();
            let attackers = board.movable_by(side);
            let mut mask = 0u64;
            #body
            Bitboard(mask)
        }
    }
}

fn show_vectors(v: &[(i8, i8)]) -> String {
    v.iter()
        .map(|(a, b)| format!("({a},{b})"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// The squares reached by repeating (dx, dy) from each square, as bitboard literals.
fn ray_table(dx: i8, dy: i8) -> Vec<syn::LitInt> {
    (0..64i8)
        .map(|sq| bitboard_literal(ray(sq, dx, dy)))
        .collect()
}

/// The squares reached by repeating (dx, dy) from square `sq`.
fn ray(sq: i8, dx: i8, dy: i8) -> u64 {
    let (mut f, mut r) = (sq % 8 + dx, sq / 8 + dy);
    let mut bits = 0u64;
    while (0..8).contains(&f) && (0..8).contains(&r) {
        bits |= 1u64 << (r * 8 + f);
        f += dx;
        r += dy;
    }
    bits
}

fn bitboard_literal(bits: u64) -> syn::LitInt {
    syn::LitInt::new(&format!("0x{bits:016x}"), Span::call_site())
}

/// Targets of a leap by each departure square; `dir` = -1 mirrors the ranks for Black.
fn leap_table(vectors: &[(i8, i8)], dir: i8) -> Vec<syn::LitInt> {
    (0..64i8)
        .map(|sq| {
            let (f, r) = (sq % 8, sq / 8);
            vectors.iter().fold(0u64, |acc, &(dx, dy)| {
                let (nf, nr) = (f + dx, r + dy * dir);
                if (0..8).contains(&nf) && (0..8).contains(&nr) {
                    acc | 1u64 << (nr * 8 + nf)
                } else {
                    acc
                }
            })
        })
        .map(|bits| syn::LitInt::new(&format!("0x{bits:016x}"), Span::call_site()))
        .collect()
}

fn kind_info(k: &Kind) -> TokenStream {
    let Kind {
        name,
        source,
        text,
        codes,
        popeye,
        german,
        french,
        royal,
        pawn,
        castling_partner,
        unlettered,
        ..
    } = k;
    let promotion = match k.promotion {
        Promotion::Always => quote!(PromotionChoice::Always),
        Promotion::IfPresent => quote!(PromotionChoice::IfPresent),
        Promotion::Never => quote!(PromotionChoice::Never),
    };
    let promotes_to = k.promotes_to.iter();
    let numbering = match k.numbering {
        Numbering::Turn => quote!(Numbering::Turn),
        Numbering::QueenLinesReversed => quote!(Numbering::QueenLinesReversed),
        Numbering::ByArrival => quote!(Numbering::ByArrival),
        Numbering::CapturesFirst => quote!(Numbering::CapturesFirst),
    };
    let home_rank = match k.home.first() {
        Some((_, r)) => quote!(Some(#r)),
        None => quote!(None),
    };
    let home_files = k.home.iter().map(|(f, _)| f);
    quote! {
        KindInfo {
            name: #name,
            codes: &[#(#codes),*],
            popeye_codes: &[#(#popeye),*],
            german: &[#(#german),*],
            french: &[#(#french),*],
            royal: #royal,
            pawn: #pawn,
            castling_partner: #castling_partner,
            unlettered: #unlettered,
            promotion: #promotion,
            numbering: #numbering,
            promotes_to: &[#(Kind(#promotes_to)),*],
            home_rank: #home_rank,
            home_files: &[#(#home_files),*],
            definition: #text,
            source: #source,
        }
    }
}

/// Code pushing `mv`: through promotion for pawns, straight onto the list otherwise.
fn push(kind: &Kind, mv: TokenStream) -> TokenStream {
    if kind.pawn {
        quote! { pos.push_pawn_move(#mv, side, out); }
    } else {
        quote! { out.push(#mv); }
    }
}

/// Code for arriving on the square in `to`: a quiet move when empty, a capture when it
/// holds a unit of the other side — each only when the mode allows.
fn arrive(kind: &Kind, mode: Mode, then_break: bool) -> TokenStream {
    let quiet = if mode.quiet() {
        push(kind, quote!(Move::quiet(from, to, piece)))
    } else {
        quote!()
    };
    let capture = if mode.captures() {
        let p = push(kind, quote!(Move::capture(from, to, piece, victim)));
        quote! { if victim.owner != own { #p } }
    } else {
        quote! { let _ = victim; }
    };
    let brk = if then_break { quote!(break;) } else { quote!() };
    quote! {
        match board.get(to) {
            None => { #quiet }
            Some(victim) => { #capture #brk }
        }
    }
}

/// A rank component that points forward for `side` when the clause is `forward`.
fn dy_expr(dy: i8, forward: bool) -> TokenStream {
    if forward {
        match dy {
            0 => quote!(0i8),
            1 => quote!(side.forward()),
            -1 => quote!(-side.forward()),
            _ => quote!(#dy * side.forward()),
        }
    } else {
        quote!(#dy)
    }
}

fn gen_clause(kind: &Kind, clause: &Clause, table: TableFor<'_>) -> TokenStream {
    let mode = clause.mode;
    let fwd = clause.forward;
    match &clause.walk {
        Walk::Castling => quote! { pos.push_castlings(from, piece, side, out); },
        Walk::Leap {
            vectors,
            double_step,
            en_passant,
        } => {
            let id = table(vectors, fwd);
            let targets = if fwd {
                quote!(Bitboard(#id[side.index()][from.index()]))
            } else {
                quote!(Bitboard(#id[from.index()]))
            };
            let mut code = quote! { let targets = #targets; };
            if mode.quiet() {
                let p = push(kind, quote!(Move::quiet(from, to, piece)));
                code.extend(quote! { for to in targets & !board.occupied() { #p } });
            }
            if mode.captures() {
                let p = push(kind, quote!(Move::capture(from, to, piece, board.unit(to))));
                code.extend(quote! { for to in targets & board.capturable_by(side) { #p } });
            }
            if *double_step {
                for &(dx, dy) in vectors {
                    let dy = dy_expr(dy, fwd);
                    code.extend(quote! {
                        if from.rank() == side.relative_rank(1) {
                            if let Some(passed) = from.offset(#dx, #dy) {
                                if board.is_empty(passed) {
                                    if let Some(to) = passed.offset(#dx, #dy) {
                                        if board.is_empty(to) {
                                            out.push(Move::quiet(from, to, piece).with_kind(MoveKind::DoubleStep { passed }));
                                        }
                                    }
                                }
                            }
                        }
                    });
                }
            }
            if *en_passant {
                let checks = vectors.iter().map(|&(dx, dy)| {
                    let dy = dy_expr(dy, fwd);
                    quote! {
                        if let Some(to) = from.offset(#dx, #dy) {
                            if ep.passed_over(to) && board.is_empty(to) {
                                if let Some(victim) = board.get(ep.victim) {
                                    if victim.owner != own {
                                        out.push(Move::capture_elsewhere(from, to, piece, victim, ep.victim).with_kind(MoveKind::EnPassant));
                                    }
                                }
                            }
                        }
                    }
                });
                code.extend(quote! { if let Some(ep) = pos.ep() { #(#checks)* } });
            }
            code
        }
        Walk::Ride { vectors, max: None } if !fwd && !kind.pawn => {
            // on bitboards: the ray up to its first unit, found with one bit scan
            let rays = vectors.iter().map(|&(dx, dy)| {
                let table = ray_table(dx, dy);
                let first = if 8 * dy + dx > 0 {
                    quote!(blockers.trailing_zeros())
                } else {
                    quote!(63 - blockers.leading_zeros())
                };
                let quiet = mode.quiet().then(|| {
                    quote! {
                        for to in Bitboard(open & !occupied) {
                            out.push(Move::quiet(from, to, piece));
                        }
                    }
                });
                let capture = if mode.captures() {
                    quote! {
                        let victim = board.unit(to);
                        if victim.owner != own {
                            out.push(Move::capture(from, to, piece, victim));
                        }
                    }
                } else {
                    quote!(let _ = to;)
                };
                quote! {
                    {
                        static RAY: [u64; 64] = [#(#table),*];
                        let ray = RAY[from.index()];
                        let blockers = ray & occupied;
                        let open = if blockers == 0 {
                            ray
                        } else {
                            let to = Square::new((#first) as u8);
                            #capture
                            ray & !RAY[to.index()]
                        };
                        let _ = open;
                        #quiet
                    }
                }
            });
            quote! {
                let occupied = board.occupied().0;
                #(#rays)*
            }
        }
        Walk::Ride { vectors, max } => {
            let arrive = arrive(kind, mode, true);
            let loops = vectors.iter().map(|&(dx, dy)| {
                let dy = dy_expr(dy, fwd);
                let (count, limit) = match max {
                    Some(n) => (
                        quote!(let mut steps = 0u8;),
                        quote!(steps += 1; if steps == #n { break; }),
                    ),
                    None => (quote!(), quote!()),
                };
                quote! {
                    let mut at = from;
                    #count
                    while let Some(to) = at.offset(#dx, #dy) {
                        at = to;
                        #arrive
                        #limit
                    }
                }
            });
            quote! { #({ #loops })* }
        }
        Walk::Hop {
            vectors,
            hurdles,
            land,
            take_hurdle,
            adjacent,
            en_passant,
        } => {
            // en passant: the square passed over by the double step is the hurdle
            let ep_checks = vectors.iter().map(|&(dx, dy)| {
                let dy = dy_expr(dy, fwd);
                quote! {
                    if let Some(hurdle) = from.offset(#dx, #dy) {
                        if ep.passed_over(hurdle) && board.is_empty(hurdle) {
                            if let (Some(to), Some(victim)) = (hurdle.offset(#dx, #dy), board.get(ep.victim)) {
                                if board.is_empty(to) && victim.owner != own {
                                    out.push(Move::capture_elsewhere(from, to, piece, victim, ep.victim).with_kind(MoveKind::EnPassant));
                                }
                            }
                        }
                    }
                }
            });
            let ep_code = if *en_passant {
                quote! { if let Some(ep) = pos.ep() { #(#ep_checks)* } }
            } else {
                quote!()
            };
            let loops = vectors.iter().map(|&(dx, dy)| {
                let dy = dy_expr(dy, fwd);
                let find_hurdles = if *adjacent {
                    quote! {
                        let Some(hurdle) = from.offset(#dx, #dy) else { break 'line };
                        if board.is_empty(hurdle) { break 'line; }
                    }
                } else {
                    quote! {
                    let mut hurdle = from;
                    let mut found = 0u8;
                    loop {
                        hurdle = match hurdle.offset(#dx, #dy) { Some(s) => s, None => break 'line };
                        if !board.is_empty(hurdle) {
                            found += 1;
                            if found == #hurdles { break; }
                        }
                    }
                    }
                };
                let landing = if *take_hurdle {
                    let p = push(kind, quote!(Move::capture_elsewhere(from, to, piece, victim, hurdle)));
                    quote! {
                        let victim = board.unit(hurdle);
                        if victim.owner != own {
                            if let Some(to) = hurdle.offset(#dx, #dy) {
                                if board.is_empty(to) { #p }
                            }
                        }
                    }
                } else {
                    match land {
                        Land::Next => {
                            let a = arrive(kind, mode, false);
                            quote! { if let Some(to) = hurdle.offset(#dx, #dy) { #a } }
                        }
                        Land::At(n) => {
                            let a = arrive(kind, mode, false);
                            let n = *n;
                            quote! {
                                let mut to = hurdle;
                                for step in 1..=#n {
                                    to = match to.offset(#dx, #dy) { Some(s) => s, None => break 'line };
                                    if step < #n && !board.is_empty(to) { break 'line; }
                                }
                                #a
                            }
                        }
                        Land::Any => {
                            let a = arrive(kind, mode, true);
                            quote! {
                                let mut at = hurdle;
                                while let Some(to) = at.offset(#dx, #dy) { at = to; #a }
                            }
                        }
                        Land::First => {
                            let a = arrive(kind, Mode::Capture, true);
                            let a = if mode.captures() { a } else { quote!(let _ = to; break;) };
                            quote! {
                                let mut at = hurdle;
                                while let Some(to) = at.offset(#dx, #dy) {
                                    at = to;
                                    if board.is_empty(to) { continue; }
                                    #a
                                }
                            }
                        }
                    }
                };
                quote! { 'line: { #find_hurdles #landing } }
            });
            quote! { #(#loops)* #ep_code }
        }
        Walk::Equihop { vectors, english } => {
            let a = arrive(kind, mode, false);
            let checks = vectors.iter().map(|&(dx, dy)| {
                let (dx2, dy2) = (2 * dx, 2 * dy);
                let dye = dy_expr(dy, fwd);
                let dy2e = dy_expr(dy2, fwd);
                let k = dx.abs().max(dy.abs());
                let queen_line = dx == 0 || dy == 0 || dx.abs() == dy.abs();
                let clear = if *english && queen_line && k > 1 {
                    let (ux, uy) = (dx.signum(), dy.signum());
                    let squares = (1..k).chain(k + 1..2 * k).map(|i| {
                        let (x, y) = (ux * i, dy_expr(uy * i, fwd));
                        quote!(from.offset(#x, #y).is_some_and(|s| board.is_empty(s)))
                    });
                    quote!(#(&& #squares)*)
                } else {
                    quote!()
                };
                quote! {
                    if let (Some(mid), Some(to)) = (from.offset(#dx, #dye), from.offset(#dx2, #dy2e)) {
                        if !board.is_empty(mid) #clear { #a }
                    }
                }
            });
            quote! { #(#checks)* }
        }
        Walk::Lame { steps } => {
            let a = arrive(kind, mode, false);
            let checks = steps.iter().map(|&((dx, dy), (mx, my))| {
                let dy = dy_expr(dy, fwd);
                let my = dy_expr(my, fwd);
                quote! {
                    if let (Some(mid), Some(to)) = (from.offset(#mx, #my), from.offset(#dx, #dy)) {
                        if board.is_empty(mid) { #a }
                    }
                }
            });
            quote! { #(#checks)* }
        }
    }
}

/// The observation test: for every capturing clause, look backwards from the target for
/// a unit of that kind and side. Leaps and unbounded rides of several kinds along the same
/// vectors are merged into one table lookup or one scan.
fn gen_observation(rules: &Rules, table: TableFor<'_>) -> (TokenStream, TokenStream) {
    let mut observers = TokenStream::new();
    let mut body = TokenStream::new();
    // merged leaps: table → kinds
    let mut leaps: BTreeMap<LeapKey, Vec<u8>> = BTreeMap::new();
    // merged rides: direction → kinds
    let mut rides: BTreeMap<(i8, i8), Vec<u8>> = BTreeMap::new();
    let mut rider_kinds: Vec<u8> = Vec::new();
    let mut others = TokenStream::new();
    let mut others_kinds: Vec<u8> = Vec::new();
    for (i, kind) in rules.kinds.iter().enumerate() {
        let k = i as u8;
        for clause in kind.clauses.iter().filter(|c| c.mode.captures()) {
            match &clause.walk {
                Walk::Leap { vectors, .. } => {
                    let mut key = vectors.clone();
                    key.sort();
                    leaps.entry((key, clause.forward)).or_default().push(k);
                }
                Walk::Ride { vectors, max: None } if !clause.forward => {
                    for &v in vectors {
                        rides.entry(v).or_default().push(k);
                    }
                    if !rider_kinds.contains(&k) {
                        rider_kinds.push(k);
                    }
                }
                Walk::Castling => {}
                walk => {
                    let code = observe_clause(walk, clause.forward);
                    let doc = format!(
                        " Whether a {} of `side` observes `target` by `{}` ({}).",
                        kind.name, clause.text, clause.source
                    );
                    let fname = format_ident!(
                        "observes_{}_{}",
                        snake(&kind.name),
                        observers.clone().into_iter().count()
                    );
                    observers.extend(quote! {
                        #[doc = #doc]
                        #[inline(always)]
                        fn #fname(&self, pos: &Position<Rules>, target: Square, side: Side, filter: bool) -> bool {
                            let board = pos.board();
                            let enemy = side.opponent().owner();
                            let kind = Kind(#k);
                            #code
                            false
                        }
                    });
                    let bit = 1u64 << k;
                    others_kinds.push(k);
                    others.extend(quote! {
                        if present & #bit != 0 && (board.of_kind(Kind(#k)) & attackers).non_empty() && self.#fname(pos, target, side, filter) {
                            return true;
                        }
                    });
                }
            }
        }
    }
    for ((vectors, forward), kinds) in &leaps {
        let id = table(vectors, *forward);
        let lookup = if *forward {
            // attackers stand a forward vector (for them) behind the target
            quote!(Bitboard(#id[side.opponent().index()][target.index()]))
        } else {
            quote!(Bitboard(#id[target.index()]))
        };
        let union = kinds.iter().map(|k| quote!(board.of_kind(Kind(#k))));
        let mask: u64 = kinds.iter().fold(0, |m, k| m | 1u64 << k);
        body.extend(quote! {
            if present & #mask != 0 {
                let candidates = #lookup & (#(#union)|*) & attackers;
                if candidates.non_empty() {
                    if !filter {
                        return true;
                    }
                    for from in candidates {
                        if self.observation_ok(pos, from, board.unit(from), target, side) {
                            return true;
                        }
                    }
                }
            }
        });
    }
    if !rides.is_empty() {
        let union = rider_kinds.iter().map(|k| quote!(board.of_kind(Kind(#k))));
        let scans = rides.iter().map(|(&(dx, dy), kinds)| {
            let mask: u64 = kinds.iter().fold(0, |m, k| m | 1u64 << k);
            let union = kinds.iter().map(|k| quote!(board.of_kind(Kind(#k))));
            // the squares seen from the target, looking back along the vector: their
            // indices change monotonically, so the nearest unit is the lowest or the
            // highest set bit
            let (rx, ry) = (-dx, -dy);
            let ray = ray_table(rx, ry);
            let nearest = if ry * 8 + rx > 0 {
                quote!(blockers.trailing_zeros())
            } else {
                quote!(63 - blockers.leading_zeros())
            };
            quote! {
                static RAY: [u64; 64] = [#(#ray),*];
                let ray = RAY[target.index()];
                if present & #mask != 0 && ray & ((#(#union)|*) & attackers).0 != 0 {
                    let blockers = ray & board.occupied().0;
                    let s = Square::new((#nearest) as u8);
                    let p = board.unit(s);
                    if attackers.contains(s) && (#mask >> p.kind.0) & 1 != 0 && (!filter || self.observation_ok(pos, s, p, target, side)) {
                        return true;
                    }
                }
            }
        });
        let mask: u64 = rider_kinds.iter().fold(0, |m, k| m | 1u64 << k);
        body.extend(quote! {
            if present & #mask != 0 && ((#(#union)|*) & attackers).non_empty() {
                #({ #scans })*
            }
        });
    }
    // the other walks (hoppers, equihoppers, lame leapers, …) out of line, so a problem
    // without them pays one bit test for them all
    let others_mask: u64 = others_kinds.iter().fold(0, |m, k| m | 1u64 << k);
    if others_mask != 0 {
        body.extend(quote! {
            if present & #others_mask != 0 && self.observes_by_other_walks(pos, target, side, attackers, present, filter) {
                return true;
            }
        });
    }
    observers.extend(quote! {
        /// Whether a unit of `side` observes `target` by a walk other than a leap or an
        /// unbounded ride.
        #[inline(never)]
        fn observes_by_other_walks(&self, pos: &Position<Rules>, target: Square, side: Side, attackers: Bitboard, present: u64, filter: bool) -> bool {
            let board = pos.board();
            let _ = attackers;
            #others
            false
        }

        /// Whether one of `attackers` (units `side` may move, of the kinds in
        /// `present`) observes `target`, through the conditions' filter when `filter`.
        #[inline(always)]
        fn observes_among(&self, pos: &Position<Rules>, target: Square, side: Side, attackers: Bitboard, present: u64, filter: bool) -> bool {
            let board = pos.board();
            let enemy = side.opponent().owner();
            let _ = enemy;
            #body
            false
        }
    });
    let observes = quote! {
        #[inline]
        fn observes(&self, pos: &Position<Self>, target: Square, side: Side) -> bool {
            let board = pos.board();
            // the kinds on the board: a test for an absent kind costs one bit test
            self.observes_among(pos, target, side, board.movable_by(side), board.kinds_present(), self.has_observation_filter())
        }

        #[inline]
        fn observes_by_kind(&self, pos: &Position<Self>, target: Square, side: Side, kind: Kind) -> bool {
            let board = pos.board();
            let present = board.kinds_present() & (1u64 << kind.0);
            present != 0
                && self.observes_among(pos, target, side, board.movable_by(side) & board.of_kind(kind), present, false)
        }
    };
    (observes, observers)
}

/// Code that returns true when a unit of `kind` (in scope) and of `side`'s camp observes
/// `target` by this walk, looking backwards from the target.
fn observe_clause(walk: &Walk, fwd: bool) -> TokenStream {
    // the attacker moves by (dx, dy) for its side: look backwards along (-dx, -dy)
    let is_attacker = quote! {
        p.kind == kind && p.owner != enemy && (!filter || self.observation_ok(pos, at, p, target, side))
    };
    match walk {
        Walk::Ride { vectors, max } => {
            let n = max.unwrap_or(7);
            let scans = vectors.iter().map(|&(dx, dy)| {
                let (rx, ry) = (-dx, dy_expr(-dy, fwd));
                quote! {
                    let mut at = target;
                    for _ in 0..#n {
                        let Some(s) = at.offset(#rx, #ry) else { break };
                        at = s;
                        if let Some(p) = board.get(s) {
                            if #is_attacker { return true; }
                            break;
                        }
                    }
                }
            });
            quote! { #({ #scans })* }
        }
        Walk::Hop {
            vectors,
            hurdles,
            land,
            take_hurdle,
            adjacent,
            ..
        } => {
            let scans = vectors.iter().map(|&(dx, dy)| {
                let (rx, ry) = (-dx, dy_expr(-dy, fwd));
                let (fx, fy) = (dx, dy_expr(dy, fwd));
                // from the target back to the last hurdle
                let to_last_hurdle = if *take_hurdle {
                    // the target is the hurdle; the square beyond must be empty
                    quote! {
                        match target.offset(#fx, #fy) { Some(s) if board.is_empty(s) => {}, _ => break 'line }
                        let mut at = target;
                    }
                } else {
                    match land {
                        Land::Next => quote! {
                            let Some(mut at) = target.offset(#rx, #ry) else { break 'line };
                            if board.is_empty(at) { break 'line; }
                        },
                        Land::At(n) => {
                            let n = *n;
                            quote! {
                                let mut at = target;
                                for step in 1..=#n {
                                    at = match at.offset(#rx, #ry) { Some(s) => s, None => break 'line };
                                    if step < #n && !board.is_empty(at) { break 'line; }
                                }
                                if board.is_empty(at) { break 'line; }
                            }
                        }
                        Land::Any | Land::First => quote! {
                            let mut at = target;
                            loop {
                                at = match at.offset(#rx, #ry) { Some(s) => s, None => break 'line };
                                if !board.is_empty(at) { break; }
                            }
                        },
                    }
                };
                let more = hurdles - 1;
                if *adjacent {
                    // the attacker stands one step before the hurdle it takes
                    return quote! {
                        'line: {
                            #to_last_hurdle
                            at = match at.offset(#rx, #ry) { Some(s) => s, None => break 'line };
                            if let Some(p) = board.get(at) {
                                if #is_attacker { return true; }
                            }
                        }
                    };
                }
                quote! {
                    'line: {
                        #to_last_hurdle
                        // over the remaining hurdles, then to the first unit behind them
                        let mut left = #more;
                        loop {
                            at = match at.offset(#rx, #ry) { Some(s) => s, None => break 'line };
                            if let Some(p) = board.get(at) {
                                if left == 0 {
                                    if #is_attacker { return true; }
                                    break 'line;
                                }
                                left -= 1;
                            }
                        }
                    }
                }
            });
            quote! { #(#scans)* }
        }
        Walk::Equihop { vectors, english } => {
            let checks = vectors.iter().map(|&(dx, dy)| {
                // attacker at target - 2v, hurdle at target - v
                let (mx, my) = (-dx, dy_expr(-dy, fwd));
                let (ax, ay) = (-2 * dx, dy_expr(-2 * dy, fwd));
                let k = dx.abs().max(dy.abs());
                let queen_line = dx == 0 || dy == 0 || dx.abs() == dy.abs();
                let clear = if *english && queen_line && k > 1 {
                    let (ux, uy) = (-dx.signum(), -dy.signum());
                    let squares = (1..k).chain(k + 1..2 * k).map(|i| {
                        let (x, y) = (ux * i, dy_expr(uy * i, fwd));
                        quote!(target.offset(#x, #y).is_some_and(|s| board.is_empty(s)))
                    });
                    quote!(#(&& #squares)*)
                } else {
                    quote!()
                };
                quote! {
                    if let (Some(mid), Some(at)) = (target.offset(#mx, #my), target.offset(#ax, #ay)) {
                        if !board.is_empty(mid) #clear {
                            if let Some(p) = board.get(at) { if #is_attacker { return true; } }
                        }
                    }
                }
            });
            quote! { #(#checks)* }
        }
        Walk::Lame { steps } => {
            let checks = steps.iter().map(|&((dx, dy), (mx, my))| {
                let (ax, ay) = (-dx, dy_expr(-dy, fwd));
                let (mx, my) = (mx, dy_expr(my, fwd));
                quote! {
                    if let Some(at) = target.offset(#ax, #ay) {
                        if let Some(p) = board.get(at) {
                            if #is_attacker && at.offset(#mx, #my).is_some_and(|m| board.is_empty(m)) { return true; }
                        }
                    }
                }
            });
            quote! { #(#checks)* }
        }
        Walk::Leap { .. } | Walk::Castling => quote!(),
    }
}
