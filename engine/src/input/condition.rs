//! Fairy conditions: the `Condition` section, a list of condition names each followed
//! by the parameters it takes (variant words, squares, piece codes, numbers), read
//! as the reference reads each one. Names are stored in their canonical English
//! spelling; `Condition::normalized` also folds the reference's shorthand names
//! (`FileCirce`, `EquipollentsCirce`, `MirrorAntiCirce`, ...) into a base condition
//! plus variants, so that `FileCirce` and `Circe File` compare equal.

use crate::piece::Owner;
use fairyforge_vocab::Param;
use std::fmt;

use super::declared::Found;
use super::error::InputError;
use super::language::Language;
use super::language::Lookup;
use super::lexer::{leading_number, Cursor, Token};
use super::pieces::{ambiguous, read_attributes, split_piece_token, whole_walk_token, PlacedUnit};
use super::square::{parse_square_list, parse_whole_square_list, square_prefix, Square};
use super::tables::{
    ANTICIRCE_VARIANTS, BRETON_VARIANTS, CAST_VARIANTS, CIRCE_VARIANTS, COLOURS, CONDITIONS,
    EXTRA_CONDITIONS, GRID_VARIANTS, KOBUL_VARIANTS, KOEKO_VARIANTS, LETTERED_TYPES,
    MUMMER_STRICTNESS, NUMBERED_TYPES, SENTINELLES_VARIANTS, TAKEMAKE_VARIANTS, VAULTING_VARIANTS,
};

/// A parameter of a condition.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum ConditionParam {
    /// A variant word in its canonical English spelling: `RexInclusive`, `File`,
    /// `TypeB`, `Type3`, `ultra`, `exact`, `Cheylan`, `Neighbour`, `PionAdvers`,
    /// `Transmuting`, `White`, `Inverse`, `Absolute`, `Irregular`, ...
    Variant(&'static str),
    /// A number (`SAT 2`, `RoleExchange 3`, `Sentinelles MaximumBlack 4`).
    Number(u32),
    /// A value kept as written (the BGL balances, e.g. `3.45` or `-`).
    Value(String),
    /// A list of squares written together (`Imitator a1b2`, one cell of an
    /// irregular grid).
    Squares(Vec<Square>),
    /// Piece codes, upper-cased and unresolved (`PromOnly Q R`, the chameleon
    /// sequence, `VaultingKings Q`).
    Walks(Vec<String>),
    /// A unit (`LastCapture White Bg4`).
    Unit(PlacedUnit),
    /// A grid specification kept as written (orthogonal grid lines `ae`, extra grid
    /// lines `ha34`).
    Text(String),
}

impl fmt::Display for ConditionParam {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ConditionParam::Variant(v) => f.write_str(v),
            ConditionParam::Number(n) => write!(f, "{}", n),
            ConditionParam::Value(v) | ConditionParam::Text(v) => f.write_str(v),
            ConditionParam::Squares(s) => s.iter().try_for_each(|s| write!(f, "{}", s)),
            ConditionParam::Walks(w) => f.write_str(&w.join(" ")),
            ConditionParam::Unit(u) => write!(f, "{}", u),
        }
    }
}

/// A condition with its parameters, as given.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Condition {
    /// The canonical English name of the condition as named in the input (a German
    /// `SpiegelCirce` is `MirrorCirce`, an abbreviated `parr` is `ParrainCirce`).
    pub name: &'static str,
    /// Its parameters, in the order written.
    pub params: Vec<ConditionParam>,
    /// The index of the rule that reads it among the rule set's conditions; `None` for a
    /// condition the reference knows but no rule writes yet.
    pub rule: Option<usize>,
    /// Where its name was written.
    pub at: Place,
}

/// Where something was written: line and column, from 1. Not part of what is written
/// there: any two places are equal, so that a condition is the same wherever it stands.
#[derive(Clone, Copy, Debug, Default)]
pub struct Place {
    /// The line, from 1.
    pub line: u32,
    /// The column, from 1.
    pub column: u32,
}

impl PartialEq for Place {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Place {}

impl std::hash::Hash for Place {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

/// Shorthand names of the reference that stand for a base condition with variants.
const SHORTHANDS: [(&str, &str, &[&str]); 51] = [
    ("MirrorCirce", "Circe", &["Mirror"]),
    ("PWC", "Circe", &["PWC"]),
    ("ChameleonCirce", "Circe", &["Chameleon"]),
    ("CouscousCirce", "Circe", &["Couscous"]),
    ("EquipollentsCirce", "Circe", &["Equipollents"]),
    ("FileCirce", "Circe", &["File"]),
    ("DiagramCirce", "Circe", &["Diagram"]),
    ("ParrainCirce", "Circe", &["Parrain"]),
    // (the reference reads `Parrain` alone as an abbreviation of `ParrainCirce`)
    ("Parrain", "Circe", &["Parrain"]),
    ("SymmetryCirce", "Circe", &["Symmetry"]),
    ("CirceClone", "Circe", &["Clone"]),
    ("MirrorFileCirce", "Circe", &["File", "Mirror"]),
    ("AntipodeanCirce", "Circe", &["Antipodes"]),
    ("MirrorCirceClone", "Circe", &["Clone", "Mirror"]),
    ("SuperCirce", "Circe", &["Super"]),
    ("FrischAufCirce", "Circe", &["Frischauf"]),
    ("VerticalMirrorCirce", "Circe", &["VerticalMirror"]),
    ("DiametralCirce", "Circe", &["Diametral"]),
    ("RankCirce", "Circe", &["Rank"]),
    ("MirrorCouscousCirce", "Circe", &["Couscous", "Mirror"]),
    ("CirceAssassin", "Circe", &["Assassin"]),
    ("CirceTurncoats", "Circe", &["Turncoats"]),
    ("CirceDoubleAgents", "Circe", &["Turncoats", "Mirror"]),
    ("CageCirce", "Circe", &["Cage"]),
    ("ContraParrain", "Circe", &["ContraParrain"]),
    ("CirceTake&Make", "Circe", &["Take&Make"]),
    ("VerticalSymmetryCirce", "Circe", &["VerticalSymmetry"]),
    ("HorizontalSymmetryCirce", "Circe", &["HorizontalSymmetry"]),
    ("MirrorAntiCirce", "AntiCirce", &["Mirror"]),
    ("DiagramAntiCirce", "AntiCirce", &["Diagram"]),
    ("FileAntiCirce", "AntiCirce", &["File"]),
    ("SymmetryAntiCirce", "AntiCirce", &["Symmetry"]),
    ("MirrorFileAntiCirce", "AntiCirce", &["File", "Mirror"]),
    ("AntipodeanAntiCirce", "AntiCirce", &["Antipodes"]),
    ("EquipollentsAntiCirce", "AntiCirce", &["Equipollents"]),
    ("AntiSuperCirce", "AntiCirce", &["Super"]),
    ("AntiCloneCirce", "AntiCirce", &["Clone"]),
    (
        "VerticalSymmetryAntiCirce",
        "AntiCirce",
        &["VerticalSymmetry"],
    ),
    (
        "HorizontalSymmetryAntiCirce",
        "AntiCirce",
        &["HorizontalSymmetry"],
    ),
    ("MirrorImmunChess", "ImmunChess", &["Mirror"]),
    ("FileImmunChess", "ImmunChess", &["File"]),
    ("DiagramImmunChess", "ImmunChess", &["Diagram"]),
    ("MirrorFileImmunChess", "ImmunChess", &["File", "Mirror"]),
    ("SymmetryImmunChess", "ImmunChess", &["Symmetry"]),
    ("AntipodeanImmunChess", "ImmunChess", &["Antipodes"]),
    ("EquipollentsImmunChess", "ImmunChess", &["Equipollents"]),
    (
        "ImmuneVerticalSymmetry",
        "ImmunChess",
        &["VerticalSymmetry"],
    ),
    (
        "ImmuneHorizontalSymmetry",
        "ImmunChess",
        &["HorizontalSymmetry"],
    ),
    ("MarsMirrorCirce", "MarsCirce", &["Mirror"]),
    ("AntiMarsMirrorCirce", "AntiMarsCirce", &["Mirror"]),
    ("AntiMarsAntipodeanCirce", "AntiMarsCirce", &["Antipodes"]),
];

impl Condition {
    /// The variant words among the parameters, in order.
    pub fn variants(&self) -> impl Iterator<Item = &'static str> + '_ {
        self.params.iter().filter_map(|p| match p {
            ConditionParam::Variant(v) => Some(*v),
            _ => None,
        })
    }

    /// Whether the condition has the variant word `variant`.
    pub fn has_variant(&self, variant: &str) -> bool {
        self.variants().any(|v| v == variant)
    }

    /// The condition as a base condition and its variant words, with the
    /// reference's shorthand names unfolded: `FileCirce` and `Circe File` both give
    /// `("Circe", ["File"])`, `EquipollentsCirce RexInclusive` gives
    /// `("Circe", ["Equipollents", "RexInclusive"])`.
    pub fn normalized(&self) -> (&'static str, Vec<&'static str>) {
        let words: Vec<&'static str> = self.name.split_whitespace().collect();
        let (base, mut variants) = normalized_words(&words);
        for v in self.variants() {
            if !variants.contains(&v) {
                variants.push(v);
            }
        }
        (base, variants)
    }

    /// The normalized form written as `Base[Variant,Variant]` (just `Base` without
    /// variants), e.g. `Circe[File]`.
    pub fn normalized_name(&self) -> String {
        let (base, variants) = self.normalized();
        if variants.is_empty() {
            base.to_string()
        } else {
            format!("{}[{}]", base, variants.join(","))
        }
    }
}

/// A name of one or more words as a base condition and its variant words: the first word
/// with the reference's shorthands unfolded (`FileCirce` is `Circe` with `File`), then the
/// other words (`Circe File`).
pub(crate) fn normalized_words(words: &[&'static str]) -> (&'static str, Vec<&'static str>) {
    let first = words.first().copied().unwrap_or("");
    let (base, implied): (&'static str, &[&'static str]) = SHORTHANDS
        .iter()
        .find(|(name, _, _)| name.eq_ignore_ascii_case(first))
        .map(|(_, base, v)| (*base, *v))
        .unwrap_or((first, &[]));
    let mut variants: Vec<&'static str> = implied.to_vec();
    for &v in words.iter().skip(1) {
        if !variants.contains(&v) {
            variants.push(v);
        }
    }
    (base, variants)
}

/// Variant words the reference writes differently in German.
const GERMAN_VARIANTS: [(&str, &str); 10] = [
    ("Mirror", "Spiegel"),
    ("Diagram", "Diagramm"),
    ("Volcanic", "Vulkan"),
    ("Symmetry", "Symmetrie"),
    ("Chameleon", "Chamaeleon"),
    ("RexInclusive", "RexInklusive"),
    ("RexExclusive", "RexExklusive"),
    ("PWC", "Platzwechsel"),
    ("CaptureSquare", "Schlagfeld"),
    ("WaitCapture", "NaechsterSchlag"),
];

impl Condition {
    /// The condition as the reference prints it in `language`: a Circe, AntiCirce or
    /// Mars Circe shorthand unfolded into the base and its variants (`Circe File`,
    /// `Circe Spiegel`, `MarsCirce RexExklusive`), anything else as the input writes it.
    pub fn reference_text(&self, language: Language) -> String {
        let (base, variants) = self.normalized();
        let spelt_alike = matches!(base, "Circe" | "AntiCirce" | "MarsCirce" | "AntiMarsCirce");
        if !spelt_alike || variants.is_empty() {
            return self.local_text(language);
        }
        let mut text = base.to_string();
        for v in variants {
            let word = match language {
                Language::German => GERMAN_VARIANTS
                    .iter()
                    .find(|(en, _)| *en == v)
                    .map_or(v, |(_, de)| de),
                _ => v,
            };
            text.push(' ');
            text.push_str(word);
        }
        text
    }
}

impl Condition {
    /// The name in `language` (`AndernachSchach` for `AndernachChess` in German) and the
    /// parameters as the input would write them.
    fn local_text(&self, language: Language) -> String {
        let english = &CONDITIONS[Language::English.index()];
        let Some(i) = english.iter().position(|&n| n == self.name) else {
            return self.to_string();
        };
        let mut text = CONDITIONS[language.index()][i].to_string();
        for p in &self.params {
            text.push_str(&format!(" {p}"));
        }
        text
    }
}

impl fmt::Display for Condition {
    /// The name and the parameters as the input would write them
    /// (`Imitator a1b2`, `PromOnly Q R`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name)?;
        for p in &self.params {
            write!(f, " {}", p)?;
        }
        Ok(())
    }
}

/// Indices into `CIRCE_VARIANTS`.
const REX_INCLUSIVE: usize = 0;
const REX_EXCLUSIVE: usize = 1;
const CHAMELEON: usize = 7;
const APRIL: usize = 25;
const STRICT: usize = 29;

/// Reads the condition list that starts with `tok` (the token after `Condition`);
/// returns the conditions and the first token that is not part of the list.
///
/// Each condition is read by the rule whose name the tokens spell, its parameters as
/// the rule declares them; a condition the reference's table reads further (more
/// variant words than any rule's name spells) is read as the reference reads it, and
/// then belongs to the rule with the same base and variants, if one has them.
pub(crate) fn read_conditions<'a>(
    cur: &mut Cursor<'a>,
    mut tok: Token<'a>,
    keyword: &str,
) -> Result<(Vec<Condition>, Token<'a>), InputError> {
    let mut conditions = Vec::new();
    let mut names_read = 0;
    loop {
        let by_rule = cur.declared.find(cur, &tok).map(read_by_rule);
        let by_reference = read_by_reference(cur, &tok);
        let reading = match (by_rule, by_reference) {
            (Some(Ok(rule)), Some(Ok(reference))) if reference.next.offset > rule.next.offset => {
                reference.resolved()
            }
            (Some(rule), _) => rule?,
            (None, Some(reference)) => reference?.resolved(),
            (None, None) if names_read == 0 => {
                return Err(tok.error(format!(
                    "unknown condition \"{}\": expected a condition name after {}{}",
                    tok.text,
                    keyword,
                    suggestion(cur, &tok)
                )))
            }
            (None, None) => return Ok((conditions, tok)),
        };
        names_read += 1;
        *cur = reading.cur;
        let at = Place {
            line: tok.line,
            column: tok.col,
        };
        conditions.extend(reading.condition.map(|c| Condition { at, ..c }));
        tok = reading.next;
    }
}

/// One condition read ahead: the condition (`None` when the reference drops it), the
/// reading position after it and the token there.
struct Reading<'a> {
    condition: Option<Condition>,
    cur: Cursor<'a>,
    next: Token<'a>,
}

impl Reading<'_> {
    /// The condition read by the reference's table, given the rule with its base and
    /// variants.
    fn resolved(mut self) -> Self {
        if let Some(c) = &mut self.condition {
            let (base, variants) = c.normalized();
            c.rule = self.cur.declared.by_normal(base, &variants);
        }
        self
    }
}

/// Reads the parameters of the rule found at the reading position, as it declares them.
fn read_by_rule(found: Found<'_>) -> Result<Reading<'_>, InputError> {
    let mut cur = found.after;
    let tok = cur.next()?;
    let mut p = Params {
        cur: &mut cur,
        tok,
        params: Vec::new(),
        name: found.name,
        dropped: false,
    };
    for param in found.params {
        match param {
            Param::Squares => p.squares(None)?,
            Param::Walks => p.walks(true)?,
            Param::Number => p.required_number()?,
            Param::SideNumbers => {
                if p.whole_number() {
                    p.whole_number();
                }
            }
        }
    }
    let (params, next) = (p.params, p.tok);
    Ok(Reading {
        condition: Some(Condition {
            name: found.name,
            params,
            rule: Some(found.rule),
            at: Place::default(),
        }),
        cur,
        next,
    })
}

/// Reads the condition named by `tok` in the reference's table, as the reference reads
/// it; `None` when the table has no such name.
fn read_by_reference<'a>(
    cur: &Cursor<'a>,
    tok: &Token<'a>,
) -> Option<Result<Reading<'a>, InputError>> {
    let name = match cur.lookup(&CONDITIONS, tok) {
        Lookup::Found(i) => Cursor::english(&CONDITIONS, i),
        Lookup::Ambiguous(a, b) => {
            return Some(Err(ambiguous(
                cur,
                tok,
                "condition name",
                &CONDITIONS,
                a,
                b,
            )))
        }
        Lookup::NotFound => match cur.lookup(&EXTRA_CONDITIONS, tok) {
            Lookup::Found(i) => Cursor::english(&EXTRA_CONDITIONS, i),
            Lookup::Ambiguous(a, b) => {
                let what = "condition name";
                return Some(Err(ambiguous(cur, tok, what, &EXTRA_CONDITIONS, a, b)));
            }
            Lookup::NotFound => return None,
        },
    };
    let mut cur = cur.clone();
    Some(cur.next().and_then(|next| {
        let (params, next) = read_params(&mut cur, name, next)?;
        let condition = params.map(|params| Condition {
            name,
            params,
            rule: None,
            at: Place::default(),
        });
        Ok(Reading {
            condition,
            cur,
            next,
        })
    }))
}

/// A hint for a Circe variant glued to its base name (`CirceFile`), which the
/// reference does not accept: ` (did you mean "Circe File"?)`, or nothing.
pub(crate) fn suggestion(cur: &Cursor, tok: &Token) -> String {
    for base in ["AntiCirce", "Circe"] {
        let n = base.len();
        if tok.text.len() > n && tok.text.as_bytes()[..n].eq_ignore_ascii_case(base.as_bytes()) {
            let rest = Token {
                text: &tok.text[n..],
                ..*tok
            };
            if let Lookup::Found(i) = cur.lookup(&CIRCE_VARIANTS, &rest) {
                return format!(
                    " (did you mean \"{} {}\"?)",
                    base,
                    cur.local(&CIRCE_VARIANTS, i)
                );
            }
        }
    }
    String::new()
}

/// Reads the parameters of condition `name` starting with `tok`; `None` instead of
/// the parameters if the reference drops the condition (with a warning).
fn read_params<'a>(
    cur: &mut Cursor<'a>,
    name: &'static str,
    tok: Token<'a>,
) -> Result<(Option<Vec<ConditionParam>>, Token<'a>), InputError> {
    let mut p = Params {
        cur,
        tok,
        params: Vec::new(),
        name,
        dropped: false,
    };
    match name {
        "Circe" | "AntiCirce" | "ImmunChess" | "MarsCirce" | "AntiMarsCirce" | "PhantomChess"
        | "GenevaChess" => p.circe_variants()?,
        "DiametralCirce"
        | "VerticalMirrorCirce"
        | "RankCirce"
        | "DiagramCirce"
        | "FileCirce"
        | "MirrorCouscousCirce"
        | "EquipollentsCirce"
        | "SymmetryCirce"
        | "VerticalSymmetryCirce"
        | "HorizontalSymmetryCirce"
        | "AntipodeanCirce"
        | "MirrorCirce"
        | "MirrorFileCirce"
        | "MirrorCirceClone"
        | "CirceDoubleAgents"
        | "CirceAssassin"
        | "CirceClone"
        | "FrischAufCirce"
        | "MirrorImmunChess"
        | "DiagramImmunChess"
        | "Madrasi"
        | "Bolero"
        | "BoleroInverse"
        | "PowerTransfer" => p.rex(REX_INCLUSIVE)?,
        "MarsMirrorCirce"
        | "AntiMarsMirrorCirce"
        | "AntiMarsAntipodeanCirce"
        | "MessignyChess"
        | "Woozles"
        | "BiWoozles"
        | "Heffalumps"
        | "BiHeffalumps"
        | "ProteanChess"
        | "FrankfurtChess" => p.rex(REX_EXCLUSIVE)?,
        "Isardam" => {
            p.one_of(&LETTERED_TYPES, 1, "variant")?;
            p.rex(REX_INCLUSIVE)?;
        }
        "ChameleonCirce" | "ChameleonChess" | "ChameleonSequence" | "Immobilio" | "Football" => {
            p.walks(false)?
        }
        "AprilChess" | "PromOnly" => p.walks(true)?,
        "MirrorAntiCirce"
        | "EquipollentsAntiCirce"
        | "AntipodeanAntiCirce"
        | "MirrorFileAntiCirce"
        | "SymmetryAntiCirce"
        | "VerticalSymmetryAntiCirce"
        | "HorizontalSymmetryAntiCirce"
        | "FileAntiCirce"
        | "DiagramAntiCirce"
        | "AntiSuperCirce" => p.one_of(&ANTICIRCE_VARIANTS, 1, "variant")?,
        "Imitator"
        | "Hole"
        | "Wormholes"
        | "WhitePromSquares"
        | "BlackPromSquares"
        | "WhiteForcedSquare"
        | "BlackForcedSquare"
        | "WhiteConsequentForcedSquare"
        | "BlackConsequentForcedSquare" => p.squares(None)?,
        "MagicSquares" => {
            p.squares(None)?;
            p.one_of(&NUMBERED_TYPES, 1, "variant")?;
        }
        "BlackRoyalSquare" | "WhiteRoyalSquare" => p.squares(Some(1))?,
        "BlackMaxDister" | "BlackMinDister" | "WhiteMaxDister" | "WhiteMinDister" => p.dister()?,
        "VaultingKings" | "WhiteVaultingKing" | "BlackVaultingKing" => p.vaulting()?,
        "BlackMaximummer" | "BlackMinimummer" | "BlackMustCapture" | "WhiteMaximummer"
        | "WhiteMinimummer" | "WhiteMustCapture" | "Maximummer" => p.strictness()?,
        "AnnanChess" | "NannaChess" => p.one_of(&LETTERED_TYPES, 3, "variant")?,
        "WhiteOscillatingKings" | "BlackOscillatingKings" => {
            p.one_of(&LETTERED_TYPES, 2, "variant")?
        }
        "SingleBox" => p.one_of(&NUMBERED_TYPES, 2, "variant")?,
        "RepublicanChess" => p.one_of(&NUMBERED_TYPES, 1, "variant")?,
        "KobulKings" | "MultiCaptures" => p.one_of(&KOBUL_VARIANTS, 1, "side")?,
        "CASTChess" => p.repeated(&CAST_VARIANTS)?,
        "Take&MakeChess" => p.repeated(&TAKEMAKE_VARIANTS)?,
        "Breton" => p.repeated(&BRETON_VARIANTS)?,
        "Sentinelles" => p.sentinelles()?,
        "KoeKo" | "AntiKoeko" => p.koeko()?,
        "SAT" | "StrictSAT" => p.numbers(2),
        "RoleExchange" => p.numbers(1),
        "BGL" => p.bgl_values()?,
        "GridChess" => p.grid()?,
        "LastCapture" => p.last_capture()?,
        "PADChess" => p.pad()?,
        _ => {}
    }
    let params = if p.dropped { None } else { Some(p.params) };
    Ok((params, p.tok))
}

/// The state of reading one condition's parameters: `tok` is always the next
/// unread token.
struct Params<'a, 'c> {
    cur: &'c mut Cursor<'a>,
    tok: Token<'a>,
    params: Vec<ConditionParam>,
    name: &'static str,
    /// Set when the reference drops the condition.
    dropped: bool,
}

impl<'a, 'c> Params<'a, 'c> {
    fn advance(&mut self) -> Result<(), InputError> {
        self.tok = self.cur.next()?;
        Ok(())
    }

    /// An optional word of `table` whose index is at most `max`.
    fn one_of<const N: usize>(
        &mut self,
        table: &super::language::Table<N>,
        max: usize,
        what: &str,
    ) -> Result<(), InputError> {
        match self.cur.lookup(table, &self.tok) {
            Lookup::Found(i) if i <= max => {
                self.params
                    .push(ConditionParam::Variant(Cursor::english(table, i)));
                self.advance()
            }
            Lookup::Ambiguous(a, b) => Err(ambiguous(
                self.cur,
                &self.tok,
                &format!("{} of {}", what, self.name),
                table,
                a,
                b,
            )),
            _ => Ok(()),
        }
    }

    /// Any number of the words of `table`.
    fn repeated<const N: usize>(
        &mut self,
        table: &super::language::Table<N>,
    ) -> Result<(), InputError> {
        loop {
            let before = self.params.len();
            self.one_of(table, N - 1, "variant")?;
            if self.params.len() == before {
                return Ok(());
            }
        }
    }

    /// The optional `RexInclusive` (or `RexExclusive`) word.
    fn rex(&mut self, which: usize) -> Result<(), InputError> {
        if self.cur.lookup(&CIRCE_VARIANTS, &self.tok) == Lookup::Found(which) {
            self.params.push(ConditionParam::Variant(Cursor::english(
                &CIRCE_VARIANTS,
                which,
            )));
            self.advance()?;
        }
        Ok(())
    }

    /// Circe variant words, some followed by piece codes.
    fn circe_variants(&mut self) -> Result<(), InputError> {
        loop {
            match self.cur.lookup(&CIRCE_VARIANTS, &self.tok) {
                Lookup::NotFound => return Ok(()),
                Lookup::Ambiguous(a, b) => {
                    return Err(ambiguous(
                        self.cur,
                        &self.tok,
                        &format!("variant of {}", self.name),
                        &CIRCE_VARIANTS,
                        a,
                        b,
                    ))
                }
                Lookup::Found(i) => {
                    self.params
                        .push(ConditionParam::Variant(Cursor::english(&CIRCE_VARIANTS, i)));
                    self.advance()?;
                    if i == CHAMELEON {
                        self.walks(false)?;
                    } else if i == APRIL {
                        self.walks(true)?;
                    }
                }
            }
        }
    }

    /// Tokens that are piece codes (`Q`, `LI`, `R/B`); `required`: at least one.
    fn walks(&mut self, required: bool) -> Result<(), InputError> {
        let mut walks = Vec::new();
        while let Some(code) = whole_walk_token(self.tok.text) {
            walks.push(code);
            self.advance()?;
        }
        if walks.is_empty() {
            if required {
                return Err(self.tok.error(format!(
                    "expected piece codes (like Q S) after {}, found \"{}\"",
                    self.name, self.tok.text
                )));
            }
        } else {
            self.params.push(ConditionParam::Walks(walks));
        }
        Ok(())
    }

    /// The two reference squares of the dister conditions; with any other number of
    /// squares the reference drops the condition with a warning.
    fn dister(&mut self) -> Result<(), InputError> {
        match parse_whole_square_list(self.tok.text) {
            Some(sq) if sq.len() != 2 || sq[0] == sq[1] => {
                self.cur.warn(self.tok.error(format!(
                    "expected two different squares after {}, found \"{}\"; the condition is ignored",
                    self.name, self.tok.text
                )));
                self.dropped = true;
                self.advance()
            }
            _ => self.squares(Some(2)),
        }
    }

    /// A token of squares; `count`: exactly that many squares.
    fn squares(&mut self, count: Option<usize>) -> Result<(), InputError> {
        let tok = self.tok;
        match parse_whole_square_list(tok.text) {
            Some(sq) => {
                if let Some(n) = count {
                    if sq.len() != n {
                        return Err(tok.error(format!(
                            "expected {} square{} after {}, found \"{}\"",
                            n,
                            if n == 1 { "" } else { "s" },
                            self.name,
                            tok.text
                        )));
                    }
                }
                self.params.push(ConditionParam::Squares(sq));
                self.advance()
            }
            None => {
                let (sq, rest) = parse_square_list(tok.text);
                let skip = tok.text.len() - rest.len();
                let found = if sq.is_empty() { tok.text } else { rest };
                Err(tok.error_within(
                    skip,
                    format!(
                        "expected squares like e4 after {}, found \"{}\"",
                        self.name, found
                    ),
                ))
            }
        }
    }

    /// The walks of vaulting kings and the word `Transmuting`.
    fn vaulting(&mut self) -> Result<(), InputError> {
        let mut walks = Vec::new();
        loop {
            if let Some(code) = whole_walk_token(self.tok.text) {
                walks.push(code);
            } else if self.cur.lookup(&VAULTING_VARIANTS, &self.tok) == Lookup::Found(0) {
                self.params.push(ConditionParam::Variant(Cursor::english(
                    &VAULTING_VARIANTS,
                    0,
                )));
            } else {
                break;
            }
            self.advance()?;
        }
        if !walks.is_empty() {
            self.params.push(ConditionParam::Walks(walks));
        }
        Ok(())
    }

    /// The optional `exact` or `ultra` of the mummers.
    fn strictness(&mut self) -> Result<(), InputError> {
        match self.cur.lookup(&MUMMER_STRICTNESS, &self.tok) {
            Lookup::Found(i) => {
                self.params.push(ConditionParam::Variant(Cursor::english(
                    &MUMMER_STRICTNESS,
                    i,
                )));
                self.advance()
            }
            _ => Ok(()),
        }
    }

    /// An optional number not above `max`.
    fn number(&mut self, max: u32) -> bool {
        match leading_number(self.tok.text) {
            Some((n, _)) if n <= max => {
                self.params.push(ConditionParam::Number(n));
                self.advance().is_ok()
            }
            _ => false,
        }
    }

    /// An optional number written as a token of its own (`SAT 1 2`).
    fn whole_number(&mut self) -> bool {
        match leading_number(self.tok.text) {
            Some((n, len)) if len == self.tok.text.len() => {
                self.params.push(ConditionParam::Number(n));
                self.advance().is_ok()
            }
            _ => false,
        }
    }

    /// A number, which must be there.
    fn required_number(&mut self) -> Result<(), InputError> {
        match leading_number(self.tok.text) {
            Some((n, len)) if len == self.tok.text.len() => {
                self.params.push(ConditionParam::Number(n));
                self.advance()
            }
            _ => Err(self.tok.error(format!(
                "expected a number after {}, found \"{}\"",
                self.name, self.tok.text
            ))),
        }
    }

    /// Up to `n` optional numbers.
    fn numbers(&mut self, n: usize) {
        for _ in 0..n {
            if !self.number(u32::MAX) {
                return;
            }
        }
    }

    /// The optional BGL balances of White and Black.
    fn bgl_values(&mut self) -> Result<(), InputError> {
        if self.bgl_value()? {
            self.bgl_value()?;
        }
        Ok(())
    }

    /// An optional BGL balance: digits with `.`, or `-` for no limit.
    fn bgl_value(&mut self) -> Result<bool, InputError> {
        let n = self
            .tok
            .text
            .bytes()
            .take_while(|b| b.is_ascii_digit() || matches!(b, b'.' | b',' | b'-'))
            .count();
        if n == 0 {
            return Ok(false);
        }
        self.params
            .push(ConditionParam::Value(self.tok.text[..n].to_string()));
        self.advance()?;
        Ok(true)
    }

    fn sentinelles(&mut self) -> Result<(), InputError> {
        loop {
            match self.cur.lookup(&SENTINELLES_VARIANTS, &self.tok) {
                Lookup::Found(i) if i > 0 => {
                    self.params.push(ConditionParam::Variant(Cursor::english(
                        &SENTINELLES_VARIANTS,
                        i,
                    )));
                    self.advance()?;
                    if (3..=5).contains(&i) {
                        self.number(64);
                    }
                }
                Lookup::Ambiguous(a, b) => {
                    return Err(ambiguous(
                        self.cur,
                        &self.tok,
                        "variant of Sentinelles",
                        &SENTINELLES_VARIANTS,
                        a,
                        b,
                    ))
                }
                _ => return Ok(()),
            }
        }
    }

    fn koeko(&mut self) -> Result<(), InputError> {
        match self.cur.lookup(&KOEKO_VARIANTS, &self.tok) {
            Lookup::Found(0) => {
                self.params
                    .push(ConditionParam::Variant(Cursor::english(&KOEKO_VARIANTS, 0)));
                let word = self.tok.text;
                self.advance()?;
                match whole_walk_token(self.tok.text) {
                    Some(code) => {
                        self.params.push(ConditionParam::Walks(vec![code]));
                        self.advance()
                    }
                    None => Err(self.tok.error(format!(
                        "expected a piece code after {}, found \"{}\"",
                        word, self.tok.text
                    ))),
                }
            }
            _ => Ok(()),
        }
    }

    fn grid(&mut self) -> Result<(), InputError> {
        loop {
            let i = match self.cur.lookup(&GRID_VARIANTS, &self.tok) {
                Lookup::Found(i) => i,
                Lookup::Ambiguous(a, b) => {
                    return Err(ambiguous(
                        self.cur,
                        &self.tok,
                        "variant of GridChess",
                        &GRID_VARIANTS,
                        a,
                        b,
                    ))
                }
                Lookup::NotFound => return Ok(()),
            };
            let word = self.tok.text;
            self.params
                .push(ConditionParam::Variant(Cursor::english(&GRID_VARIANTS, i)));
            self.advance()?;
            match i {
                3 => {
                    let lines = self.tok.text;
                    if lines.bytes().all(|b| {
                        matches!(b.to_ascii_lowercase(), b'a'..=b'h') || matches!(b, b'1'..=b'8')
                    }) {
                        self.params.push(ConditionParam::Text(lines.to_string()));
                        self.advance()?;
                    } else {
                        return Err(self.tok.error(format!(
                            "expected grid lines (files a-h and ranks 1-8, like ae36) after {}, found \"{}\"",
                            word, lines
                        )));
                    }
                }
                4 => {
                    while let Some(cell) = parse_whole_square_list(self.tok.text) {
                        self.params.push(ConditionParam::Squares(cell));
                        self.advance()?;
                    }
                }
                5 => {
                    while is_grid_line(self.tok.text) {
                        self.params
                            .push(ConditionParam::Text(self.tok.text.to_string()));
                        self.advance()?;
                    }
                }
                _ => {}
            }
        }
    }

    fn last_capture(&mut self) -> Result<(), InputError> {
        let colour = match self.cur.lookup(&COLOURS, &self.tok) {
            Lookup::Found(0) => Owner::White,
            Lookup::Found(1) => Owner::Black,
            Lookup::Found(2) => Owner::Neutral,
            _ => {
                return Err(self.tok.error(format!(
                    "expected the colour of the captured unit after {}, found \"{}\"",
                    self.name, self.tok.text
                )))
            }
        };
        self.advance()?;
        let (attributes, tok) = read_attributes(self.cur, self.tok)?;
        self.tok = tok;
        let (code, rest) = match split_piece_token(tok.text) {
            Some(x) => x,
            None => {
                return Err(tok.error(format!(
                    "expected the captured piece and its square (like Bg4) after {}, found \"{}\"",
                    self.name, tok.text
                )))
            }
        };
        let (square_tok, square_text) = if rest.is_empty() {
            self.advance()?;
            (self.tok, self.tok.text)
        } else {
            (tok, rest)
        };
        let square = match Square::parse(square_text) {
            Some(sq) => sq,
            None => {
                return Err(square_tok.error(format!(
                    "expected the square of the captured piece (like g4), found \"{}\"",
                    square_text
                )))
            }
        };
        self.params.push(ConditionParam::Unit(PlacedUnit {
            colour,
            attributes,
            code,
            square,
            at: (square_tok.line, square_tok.col),
        }));
        self.advance()
    }

    fn pad(&mut self) -> Result<(), InputError> {
        loop {
            match self.cur.lookup(&CIRCE_VARIANTS, &self.tok) {
                Lookup::Found(i) if i == REX_INCLUSIVE || i == STRICT => {
                    self.params
                        .push(ConditionParam::Variant(Cursor::english(&CIRCE_VARIANTS, i)));
                    self.advance()?;
                }
                _ => return Ok(()),
            }
        }
    }
}

/// Whether `text` is an extra grid line: `h` or `v`, a square, a length 1-8.
fn is_grid_line(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 4
        && matches!(b[0].to_ascii_lowercase(), b'h' | b'v')
        && square_prefix(&text[1..3]).is_some()
        && matches!(b[3], b'1'..=b'8')
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::input::language::Language;

    fn conds(lang: Language, src: &str) -> Result<(Vec<Condition>, String), InputError> {
        let src = format!("{} EndProblem", src);
        let mut cur = Cursor::new(&src);
        cur.lang = lang;
        let tok = cur.next().unwrap();
        read_conditions(&mut cur, tok, "Condition").map(|(c, t)| (c, t.text.to_string()))
    }

    fn shown(lang: Language, src: &str) -> Vec<String> {
        let (c, next) = conds(lang, src).unwrap_or_else(|e| panic!("{}: {}", src, e));
        assert_eq!(next, "EndProblem", "{}", src);
        c.iter().map(|c| c.to_string()).collect()
    }

    #[test]
    fn names_are_canonical_and_may_be_abbreviated() {
        assert_eq!(shown(Language::English, "Madrasi"), ["Madrasi"]);
        assert_eq!(
            shown(Language::English, "parr lastcap wh bg4"),
            ["ParrainCirce", "LastCapture White Bg4"]
        );
        assert_eq!(shown(Language::German, "SpiegelCirce"), ["MirrorCirce"]);
        assert_eq!(shown(Language::French, "CirceMalefique"), ["MirrorCirce"]);
        assert_eq!(
            shown(Language::German, "SchwarzerLaengstzueger"),
            ["BlackMaximummer"]
        );
        assert_eq!(
            shown(Language::English, "Maximummer ultra"),
            ["Maximummer ultra"]
        );
    }

    #[test]
    fn circe_file_and_file_circe_normalize_alike() {
        let (a, _) = conds(Language::English, "Circe File").unwrap();
        let (b, _) = conds(Language::English, "FileCirce").unwrap();
        assert_eq!(a[0].normalized(), b[0].normalized());
        assert_eq!(a[0].normalized_name(), "Circe[File]");
        let (c, _) = conds(Language::German, "Circe Equipollents").unwrap();
        let (d, _) = conds(Language::English, "EquipollentsCirce RexInclusive").unwrap();
        assert_eq!(c[0].normalized_name(), "Circe[Equipollents]");
        assert_eq!(d[0].normalized_name(), "Circe[Equipollents,RexInclusive]");
        let (e, _) = conds(Language::German, "DoppelAgentenCirce").unwrap();
        assert_eq!(e[0].normalized_name(), "Circe[Turncoats,Mirror]");
    }

    #[test]
    fn the_seed_conditions() {
        assert_eq!(
            shown(
                Language::English,
                "Disparate AlphabeticChess WhiteAlphabeticChess BlackAlphabeticChess"
            ),
            [
                "Disparate",
                "AlphabeticChess",
                "WhiteAlphabeticChess",
                "BlackAlphabeticChess"
            ]
        );
        assert_eq!(
            shown(Language::French, "EchecsAlphabetiques"),
            ["AlphabeticChess"]
        );
    }

    #[test]
    fn parameters() {
        assert_eq!(shown(Language::English, "Imitator a1h8"), ["Imitator a1h8"]);
        assert_eq!(
            shown(Language::English, "promonly rh/r q"),
            ["PromOnly RH/R Q"]
        );
        assert_eq!(
            shown(Language::English, "circe super april r/b"),
            ["Circe Super April R/B"]
        );
        assert_eq!(shown(Language::English, "sat 8"), ["SAT 8"]);
        assert_eq!(shown(Language::English, "BGL 3.45 -"), ["BGL 3.45 -"]);
        assert_eq!(
            shown(Language::English, "singlebox type3 madrasi rexincl"),
            ["SingleBox Type3", "Madrasi RexInclusive"]
        );
        assert_eq!(
            shown(
                Language::English,
                "sentinelles pionadvers maximumwhite 2 maximumblack 3"
            ),
            ["Sentinelles PionAdvers MaximumWhite 2 MaximumBlack 3"]
        );
        assert_eq!(
            shown(Language::English, "koeko neighbour s"),
            ["KoeKo Neighbour S"]
        );
        assert_eq!(
            shown(Language::English, "grid irreg a8a7b6 d8e8 gridline ha34"),
            ["GridChess Irregular a8a7b6 d8e8 GridLine ha34"]
        );
        assert_eq!(
            shown(Language::English, "grid orthogonal ae36"),
            ["GridChess Orthogonal ae36"]
        );
        assert_eq!(
            shown(Language::English, "pad strict rexincl"),
            ["PADChess Strict RexInclusive"]
        );
        assert_eq!(
            shown(Language::German, "breton chromatisch advers"),
            ["Breton Chromatic Adverse"]
        );
        assert_eq!(
            shown(Language::English, "whiteroyalsq e4"),
            ["WhiteRoyalSquare e4"]
        );
        assert_eq!(
            shown(Language::English, "vaultingkings transmuting q"),
            ["VaultingKings Transmuting Q"]
        );
        assert_eq!(
            shown(Language::English, "magicsquares a1b2 type2"),
            ["MagicSquares a1b2 Type2"]
        );
        assert_eq!(
            shown(Language::English, "blackmaxdister a1h8"),
            ["BlackMaxDister a1h8"]
        );
        assert_eq!(
            shown(Language::English, "annan typeb"),
            ["AnnanChess TypeB"]
        );
    }

    #[test]
    fn unknown_and_malformed_conditions_are_errors() {
        let e = conds(Language::English, "Fooz").unwrap_err();
        assert!(
            e.message.contains("unknown condition \"Fooz\""),
            "{}",
            e.message
        );
        let e = conds(Language::English, "Imitator x9").unwrap_err();
        assert_eq!(e.column, 10);
        assert!(e.message.contains("expected squares"), "{}", e.message);
        let e = conds(Language::English, "CirceFile").unwrap_err();
        assert!(
            e.message.ends_with("(did you mean \"Circe File\"?)"),
            "{}",
            e.message
        );
        let e = conds(Language::English, "co").unwrap_err();
        assert!(e.message.contains("ambiguous"), "{}", e.message);
        let e = conds(Language::English, "whiteroyalsq e4e5").unwrap_err();
        assert!(
            e.message.contains("expected 1 square after"),
            "{}",
            e.message
        );
        let e = conds(Language::English, "PromOnly Stipulation").unwrap_err();
        assert!(e.message.contains("piece codes"), "{}", e.message);
    }

    #[test]
    fn a_dister_condition_without_two_squares_is_dropped_with_a_warning() {
        let src = "Circe blackmindister e5e5 Madrasi EndProblem";
        let mut cur = Cursor::new(src);
        let tok = cur.next().unwrap();
        let (c, next) = read_conditions(&mut cur, tok, "Condition").unwrap();
        assert_eq!(
            c.iter().map(|c| c.name).collect::<Vec<_>>(),
            ["Circe", "Madrasi"]
        );
        assert_eq!(next.text, "EndProblem");
        assert_eq!(cur.warnings.len(), 1);
        assert_eq!(cur.warnings[0].column, 22);
    }

    #[test]
    fn a_list_ends_at_the_first_word_that_is_no_condition() {
        let (c, next) = conds(Language::English, "Circe Madrasi Stipulation").unwrap();
        assert_eq!(c.len(), 2);
        assert_eq!(next, "Stipulation");
    }
}
