//! Reading rule files into the syntax tree, with pest.
//!
//! A file is first cut into its top-level blocks (`piece …{…}`), each parsed on its own,
//! so that a syntax error in one block does not hide the errors of the others. Syntax
//! errors are reported in words (what was expected), never with grammar rule names.

use crate::ast::*;
use crate::diagnostic::{quoted, Diagnostic, Diagnostics, Span};
use crate::limits;
use crate::primitive::{Form, PRIMITIVES};
use pest::iterators::Pair;
use pest::Parser;
use std::borrow::Cow;

#[derive(pest_derive::Parser)]
#[grammar = "grammar.pest"]
struct RulesParser;

/// Reads the text of file number `file`. Returns the blocks that parsed and a diagnostic
/// for every block that did not.
pub fn parse_file(file: usize, text: &str) -> (RuleFile, Diagnostics) {
    let mut out = RuleFile::default();
    let mut errors = Diagnostics::default();
    // Record what the parser expected at its furthest position, for the syntax errors.
    pest::set_error_detail(true);
    for block in top_level_blocks(file, text, &mut errors) {
        let slice = &text[block.start..block.end];
        if let Some(too_big) = limits::check_block(file, text, block.start, block.end) {
            errors.0.push(too_big);
            continue;
        }
        let rule = if slice.starts_with("condition") {
            Rule::condition
        } else if slice.starts_with("attribute") {
            Rule::attribute
        } else {
            Rule::piece
        };
        match RulesParser::parse(rule, slice) {
            Ok(mut pairs) => {
                let pair = pairs.next().expect("a block");
                let ctx = Ctx {
                    file,
                    base: block.start,
                };
                if pair.as_str().len() != slice.len() {
                    let at = block.start + pair.as_str().len();
                    errors.0.push(Diagnostic::new(
                        Span {
                            file,
                            start: at,
                            end: block.end,
                        },
                        "unexpected text after the block",
                        "expected the end of the block",
                    ));
                }
                if rule == Rule::attribute {
                    let mut def = ctx.condition(pair);
                    def.attribute = true;
                    out.conditions.push(def);
                } else if rule == Rule::condition {
                    out.conditions.push(ctx.condition(pair));
                } else {
                    out.pieces.push(ctx.piece(pair));
                }
            }
            Err(e) => errors.0.push(syntax_error(file, block.start, slice, e)),
        }
    }
    (out, errors)
}

/// Byte ranges of the top-level blocks, found by matching braces outside strings and
/// comments; text between blocks that is not a block is reported.
fn top_level_blocks(file: usize, text: &str, errors: &mut Diagnostics) -> Vec<Span> {
    let bytes = text.as_bytes();
    let mut blocks = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        // skip white space and comments
        if bytes[i].is_ascii_whitespace() {
            i += 1;
            continue;
        }
        if bytes[i..].starts_with(b"//") {
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        let start = i;
        let word_end = (i..bytes.len())
            .find(|&j| !(bytes[j].is_ascii_alphanumeric() || bytes[j] == b'_'))
            .unwrap_or(bytes.len());
        let word = &text[start..word_end];
        let is_block = word == "piece" || word == "condition" || word == "attribute";
        if !is_block {
            // (a word, or else the one character there, whatever its length in bytes)
            let first = text[start..].chars().next().map_or(0, char::len_utf8);
            let end = word_end.max(start + first);
            errors.0.push(Diagnostic::new(
                Span { file, start, end },
                format!(
                    "expected a `piece`, `condition` or `attribute` block, found {}",
                    quoted(&text[start..end])
                ),
                "a rule file holds `piece Name { … }` and `condition Name { … }` blocks",
            ));
            // Resynchronise after the block this word opens (a misspelt `piece`), or else
            // at the next line.
            let line_end = text[start..].find('\n').map_or(text.len(), |n| start + n);
            if !text[word_end..line_end].contains('{') {
                i = line_end;
                continue;
            }
        }
        // find the matching closing brace
        let mut depth = 0usize;
        let mut j = word_end;
        let mut seen_open = false;
        let mut open_text = None;
        while j < bytes.len() {
            match bytes[j] {
                b'"' => {
                    let quote = j;
                    j += 1;
                    while j < bytes.len() && bytes[j] != b'"' {
                        j += 1;
                    }
                    if j == bytes.len() {
                        open_text = Some(quote);
                    }
                }
                b'/' if bytes[j..].starts_with(b"//") => {
                    while j < bytes.len() && bytes[j] != b'\n' {
                        j += 1;
                    }
                    continue;
                }
                b'{' => {
                    depth += 1;
                    seen_open = true;
                }
                b'}' => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 && seen_open {
                        j += 1;
                        break;
                    }
                }
                _ => {}
            }
            j += 1;
        }
        i = j;
        if !is_block {
            continue;
        }
        // A block that runs to the end of the file cannot parse; say why in words, at the
        // text or the block left open, rather than at the end of the file.
        let header_end = text[start..].find('{').map_or(word_end, |n| start + n + 1);
        if let Some(quote) = open_text {
            let line_end = text[quote..].find('\n').map_or(text.len(), |n| quote + n);
            errors.0.push(Diagnostic::new(
                Span {
                    file,
                    start: quote,
                    end: line_end,
                },
                "this text is not closed",
                "expected a closing `\"` for this text",
            ));
            continue;
        }
        if seen_open && depth > 0 {
            errors.0.push(Diagnostic::new(
                Span {
                    file,
                    start,
                    end: header_end,
                },
                format!(
                    "the block `{}` is not closed",
                    text[start..header_end - 1].trim()
                ),
                "expected a `}` closing this block",
            ));
            continue;
        }
        blocks.push(Span {
            file,
            start,
            end: j.min(bytes.len()),
        });
    }
    blocks
}

/// What each grammar rule means to a reader.
fn describe(rule: &Rule) -> Cow<'static, str> {
    Cow::Borrowed(match rule {
        Rule::name => "a name",
        Rule::code => "a piece code in capitals (one or two characters, like S or LI, or two digits, like 37)",
        Rule::int => "a whole number",
        Rule::string => "a quoted text",
        Rule::square => "a square like e4",
        Rule::word => "a word",
        Rule::codes => "`codes`",
        Rule::popeye => "`popeye`",
        Rule::german => "`german`",
        Rule::french => "`french`",
        Rule::definition => "`text \"…\"`",
        Rule::flag => "`royal`, `pawn`, `castling_partner`, `unlettered`, `idle_on_first_rank` or `orthodox`",
        Rule::promotion => "`promotion`",
        Rule::numbering => "`numbering`",
        Rule::promotes => "`promotes`",
        Rule::home => "`home`",
        Rule::moves => "`moves`",
        Rule::clause => "a move clause like `leap(1,2)`",
        Rule::mode => "`quiet` or `capture`",
        Rule::walk => "a move primitive like `leap(1,2)` or `castling`",
        Rule::castling => "`castling`",
        Rule::primitive => return Cow::Owned(format!("a move primitive ({})", calls())),
        Rule::lines => "lines: a vector like `1,2` or `rook`, `bishop`, `queen`, `knight`, `any`",
        Rule::forward => "`forward`",
        Rule::vector => "a vector like `1,2`",
        Rule::line_name => "a line name",
        Rule::option => "an option like `land: any`",
        Rule::example => "`example \"title\" { … }`",
        Rule::placement => "`white`, `black` or `neutral` followed by units like Ka1",
        Rule::colour => "`white`, `black` or `neutral`",
        Rule::marking => "an attribute of the units that follow, like `halfneutral`",
        Rule::attribute => "an `attribute` block",
        Rule::call_name => "a value like `observed_by` or `unit.has`",
        Rule::unit => "a unit like Ka1 or LIe4",
        Rule::stipulation => "`stipulation \"…\"`",
        Rule::conditions => "`conditions \"…\"`",
        Rule::options => "`options \"…\"`",
        Rule::solution => "`solution \"…\"`",
        Rule::piece => "a `piece` block",
        Rule::EOI => "the end of the block",
        Rule::condition => "a `condition` block",
        Rule::names => "`names \"…\"`",
        Rule::params => "`params squares|walks|number`",
        Rule::side_only => "`side white` or `side black`",
        Rule::option_of => "`option of rebirth`",
        Rule::rebirth => "`rebirth captured|capturer at …`",
        Rule::rebirth_who => "`captured`, `capturer` or `mover`",
        Rule::rebirth_word => "`at`, `when`, `kings`, `promoting`, `transmuted`, `turned`, `cloned`, `mirrored`, `imagined`, `before` or `after`",
        Rule::before => "`before captures`, `before quiet moves` or `before moves`",
        Rule::before_what => "`captures`, `quiet moves` or `moves`",
        Rule::rebirth_opt => "`when taken vanish|forbid`, `when in place forbid|stay`, `kings included|excluded`, `promoting`, `transmuted along …`, `turned`, `cloned`, `mirrored`, `imagined` or `after next move`",
        Rule::in_place => "`when in place forbid|stay`",
        Rule::transmuted => "`transmuted along CODES [reversed for capturer]`",
        Rule::reversed => "`reversed for capturer`",
        Rule::turned => "`turned`",
        Rule::cloned => "`cloned`",
        Rule::mirrored => "`mirrored`",
        Rule::imagined => "`imagined`",
        Rule::next_move => "`after next move`",
        Rule::kings => "`kings included|excluded`",
        Rule::taken => "`when taken vanish|forbid`",
        Rule::promoting => "`promoting`",
        Rule::paralyse => "`paralyse when …`",
        Rule::forbid => "`forbid [moves] when …`",
        Rule::scope => "`moves`",
        Rule::when_word => "`when`",
        Rule::select => "`select first|max|min by …`",
        Rule::check_from => "`check from both`",
        Rule::check_flights => "`check when flights above given`",
        Rule::leg => "`after|before capture move as captured`",
        Rule::leg_when => "`after` or `before`",
        Rule::lend => "`move as friend|enemy behind|ahead|beside`",
        Rule::holes => "`holes at given|departure`",
        Rule::transfer => "`transfer mover from given to given`",
        Rule::vanish => "`after capture remove capturer when …`",
        Rule::strike => "`after capture remove|recolour unit of capturer_side|captured_side like captured`",
        Rule::neutrals => "`neutrals included`",
        Rule::as_promoted => "`as promoted`",
        Rule::incompatible => "`incompatible with …`",
        Rule::rule_name => "the name of a condition block, beginning with a capital",
        Rule::recolour => "`recolour mover when …`",
        Rule::transmute => "`transmute mover|partner along CODES when …`",
        Rule::pawn_steps => "`pawns step up to N from first rank`",
        Rule::no_promotion => "`pawns never promote`",
        Rule::paralysis_stalemates => "`paralysis stalemates`",
        Rule::promotion_marks => "`promotion may add it to CODES`",
        Rule::fairy_refused => "`fairy pieces refused`",
        Rule::exchange => "`exchange places with same walk [kings included|excluded]`",
        Rule::recolour_observed => "`recolour observed by mover|checkers`",
        Rule::sq_expr | Rule::sq_term | Rule::sq_word => {
            "a square (`capture`, `departure`, `arrival`, `game_array(captured)`, `(A.file, B.rank)`)"
        }
        Rule::sq_op => "`+` or `-`",
        Rule::sq_pair => "`(A.file, B.rank)`",
        Rule::coord => "`A.file` or `B.rank`",
        Rule::sq_call => "a square function like `game_array(captured)`",
        Rule::vec_expr => "a vector `(A - B)`",
        Rule::bool_expr | Rule::bool_term => "a condition like `unit.walk == last.walk`",
        Rule::bool_op => "`and` or `or`",
        Rule::negation => "`not …`",
        Rule::comparison => "a comparison `A == B` or `A != B`",
        Rule::cmp_op => "`==` or `!=`",
        Rule::value | Rule::value_path | Rule::value_call | Rule::walk_value => {
            "a value like `unit.walk` or `colour(departure)`"
        }
        _ => "something else",
    })
}

/// The primitives written as calls, `leap, ride, …`.
fn calls() -> String {
    let calls = PRIMITIVES.iter().filter(|p| p.form() == Form::Call);
    calls.map(|p| p.word()).collect::<Vec<_>>().join(", ")
}

fn syntax_error(file: usize, base: usize, slice: &str, e: pest::error::Error<Rule>) -> Diagnostic {
    use pest::error::{ErrorVariant, InputLocation};
    let legacy_at = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    // The furthest position the parser reached and the tokens it would have accepted
    // there; without them, the rules it tried where it failed.
    let attempted = e.parse_attempts().map(|attempts| {
        let tokens = attempts
            .expected_tokens()
            .iter()
            .map(|t| t.to_string())
            .collect();
        (attempts.max_position, expected_words(tokens))
    });
    let (at, mut words) = match attempted {
        Some((at, words)) if !words.is_empty() => (at.min(slice.len()), words),
        _ => {
            let words = match &e.variant {
                ErrorVariant::ParsingError { positives, .. } => {
                    positives.iter().map(|r| describe(r).to_string()).collect()
                }
                ErrorVariant::CustomError { message } => vec![message.clone()],
            };
            (legacy_at, words)
        }
    };
    words.dedup();
    let expected = match words.len() {
        0 => "something else".to_string(),
        1 => words[0].clone(),
        _ => {
            let last = words.pop().expect("two or more");
            format!("{} or {}", words.join(", "), last)
        }
    };
    let rest = &slice[at..];
    let found_len = match rest.chars().next() {
        None => 0,
        Some(c) if c.is_ascii_alphanumeric() || c == '_' => rest
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
            .unwrap_or(rest.len()),
        Some(c) => c.len_utf8(),
    };
    let found = &rest[..found_len];
    let found_text = if found.is_empty() {
        "the end of the block".to_string()
    } else {
        quoted(found)
    };
    Diagnostic::new(
        Span {
            file,
            start: base + at,
            end: base + at + found_len,
        },
        format!("syntax error: expected {expected}, found {found_text}"),
        format!("expected {expected}"),
    )
}

/// The tokens the parser would have accepted at its furthest position, for a reader: the
/// statements of a piece grouped, the start of a move clause as one entry, white space and
/// comments left out. Empty when only character ranges were expected (`A..Z`): the rule
/// the parser was in says more then.
fn expected_words(tokens: Vec<String>) -> Vec<String> {
    // Statements in the order a block is usually written; a keyword missing here is
    // grouped too, after these.
    const ORDER: [&str; 36] = [
        "codes",
        "popeye",
        "german",
        "french",
        "names",
        "text",
        "side",
        "royal",
        "pawn",
        "castling_partner",
        "unlettered",
        "idle_on_first_rank",
        "orthodox",
        "promotion",
        "promotes",
        "numbering",
        "home",
        "moves",
        "option",
        "rebirth",
        "paralyse",
        "forbid",
        "recolour",
        "transmute",
        "pawns",
        "fairy",
        "exchange",
        "select",
        "check",
        "after",
        "move",
        "swap",
        "holes",
        "transfer",
        "incompatible",
        "example",
    ];
    const CLAUSE_STARTS: [&str; 3] = ["quiet", "capture", "castling"];
    let is_range = |t: &str| {
        t.chars().count() == 4 && t.chars().nth(1) == Some('.') && t.chars().nth(2) == Some('.')
    };
    let tokens: Vec<String> = tokens
        .into_iter()
        .filter(|t| !t.trim().is_empty() && t != "//" && t != "BUILTIN_RULE" && !is_range(t))
        .collect();
    let mut words = Vec::new();
    if tokens.iter().any(|t| CLAUSE_STARTS.contains(&t.as_str())) {
        words.push("another move clause".to_string());
    }
    // Many keywords at once: the statements of a block, named as such.
    let mut keywords: Vec<&str> = tokens
        .iter()
        .map(String::as_str)
        .filter(|t| t.chars().all(|c| c.is_ascii_lowercase() || c == '_'))
        .filter(|t| !CLAUSE_STARTS.contains(t))
        .collect();
    let grouped = keywords.len() > 3;
    if grouped {
        let rank = |t: &str| ORDER.iter().position(|o| *o == t).unwrap_or(ORDER.len());
        keywords.sort_by_key(|t| (rank(t), t.to_string()));
        let block = if keywords.contains(&"codes") {
            "the piece"
        } else if keywords.contains(&"names") {
            "the condition"
        } else {
            "the block"
        };
        let list: Vec<String> = keywords.iter().map(|s| format!("`{s}`")).collect();
        words.push(format!("a statement of {block} ({})", list.join(", ")));
    }
    for t in &tokens {
        let in_group =
            CLAUSE_STARTS.contains(&t.as_str()) || (grouped && keywords.contains(&t.as_str()));
        if !in_group {
            words.push(format!("`{t}`"));
        }
    }
    words
}

/// The length of `text` without trailing white space and `//` comments.
fn content_len(text: &str) -> usize {
    let mut end = text.trim_end().len();
    loop {
        let line_start = text[..end].rfind('\n').map_or(0, |n| n + 1);
        let line = &text[line_start..end];
        // a comment starts at `//` outside a quoted text
        let mut in_text = false;
        let comment = line.char_indices().find(|&(i, c)| {
            if c == '"' {
                in_text = !in_text;
            }
            !in_text && line[i..].starts_with("//")
        });
        match comment {
            Some((i, _)) => end = text[..line_start + i].trim_end().len(),
            None => return end,
        }
    }
}

struct Ctx {
    file: usize,
    base: usize,
}

impl Ctx {
    /// Where `pair` was read, without the white space and comments a rule ending in a
    /// repetition swallows after its last token (so a caret never runs onto the next line).
    fn span(&self, pair: &Pair<Rule>) -> Span {
        let s = pair.as_span();
        Span {
            file: self.file,
            start: self.base + s.start(),
            end: self.base + s.start() + content_len(pair.as_str()),
        }
    }

    fn spanned(&self, pair: &Pair<Rule>) -> Spanned<String> {
        Spanned::new(pair.as_str().to_string(), self.span(pair))
    }

    fn string(&self, pair: Pair<Rule>) -> Spanned<String> {
        // string = "\"" ~ text ~ "\"": the text without quotes, the span with them
        let span = self.span(&pair);
        let text = pair.into_inner().next().map_or("", |t| t.as_str());
        Spanned::new(text.to_string(), span)
    }

    fn piece(&self, pair: Pair<Rule>) -> PieceDef {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let name = self.spanned(&inner.next().expect("piece name"));
        let mut def = PieceDef {
            name,
            span,
            codes: vec![],
            popeye: vec![],
            german: vec![],
            french: vec![],
            text: None,
            flags: vec![],
            promotion: None,
            numbering: None,
            home: vec![],
            promotes: vec![],
            moves: vec![],
            examples: vec![],
        };
        for stmt in inner {
            match stmt.as_rule() {
                Rule::codes => def
                    .codes
                    .extend(stmt.into_inner().map(|c| self.spanned(&c))),
                Rule::popeye => def
                    .popeye
                    .extend(stmt.into_inner().map(|c| self.spanned(&c))),
                Rule::german => def
                    .german
                    .extend(stmt.into_inner().map(|c| self.spanned(&c))),
                Rule::french => def
                    .french
                    .extend(stmt.into_inner().map(|c| self.spanned(&c))),
                Rule::definition => {
                    def.text = Some(self.string(stmt.into_inner().next().expect("text")))
                }
                Rule::flag => def.flags.push(self.spanned(&stmt)),
                Rule::promotion => {
                    def.promotion = Some(self.spanned(&stmt.into_inner().next().expect("word")))
                }
                Rule::promotes => def
                    .promotes
                    .extend(stmt.into_inner().map(|c| self.spanned(&c))),
                Rule::numbering => {
                    def.numbering = Some(self.spanned(&stmt.into_inner().next().expect("word")))
                }
                Rule::home => def.home.extend(stmt.into_inner().map(|c| self.spanned(&c))),
                Rule::moves => {
                    for c in stmt.into_inner() {
                        def.moves.push(match c.as_rule() {
                            Rule::nothing => self.bare_clause(&c),
                            _ => self.clause(c),
                        });
                    }
                }
                Rule::example => def.examples.push(self.example(stmt)),
                _ => {}
            }
        }
        def
    }

    fn condition(&self, pair: Pair<Rule>) -> ConditionDef {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let name = self.spanned(&inner.next().expect("condition name"));
        let mut def = ConditionDef {
            name,
            span,
            names: vec![],
            text: None,
            params: vec![],
            side: None,
            option_of: None,
            rebirths: vec![],
            paralyse: vec![],
            forbid: vec![],
            recolour: vec![],
            transmute: vec![],
            pawn_steps: vec![],
            no_promotion: vec![],
            paralysis_stalemates: vec![],
            promotion_marks: vec![],
            vanish: vec![],
            fairy_refused: vec![],
            exchanges: vec![],
            select: vec![],
            check_from: vec![],
            check_flights: vec![],
            legs: vec![],
            lends: vec![],
            royal_walks: vec![],
            royal_changes: vec![],
            swap_royals: vec![],
            holes: vec![],
            transfers: vec![],
            strikes: vec![],
            recolour_observed: vec![],
            incompatible: vec![],
            examples: vec![],
            attribute: false,
        };
        for stmt in inner {
            match stmt.as_rule() {
                Rule::names => def.names.extend(stmt.into_inner().map(|s| self.string(s))),
                Rule::definition => {
                    def.text = Some(self.string(stmt.into_inner().next().expect("text")))
                }
                Rule::params => def
                    .params
                    .push(self.spanned(&stmt.into_inner().next().expect("param"))),
                Rule::side_only => {
                    def.side = Some(self.spanned(&stmt.into_inner().next().expect("side")))
                }
                Rule::option_of => {
                    def.option_of = Some(self.spanned(&stmt.into_inner().next().expect("word")))
                }
                Rule::rebirth => def.rebirths.push(self.rebirth(stmt)),
                Rule::paralyse => def
                    .paralyse
                    .push(self.bool_expr(stmt.into_inner().next().expect("expr"))),
                Rule::forbid => {
                    let mut scope = None;
                    let mut when = None;
                    for part in stmt.into_inner() {
                        match part.as_rule() {
                            Rule::scope => {
                                scope = Some(self.spanned(&part.into_inner().next().expect("word")))
                            }
                            _ => when = Some(self.bool_expr(part)),
                        }
                    }
                    def.forbid.push(ForbidDef {
                        scope,
                        when: when.expect("truth"),
                    });
                }
                Rule::recolour => {
                    let mut it = stmt.into_inner();
                    let who = self.spanned(&it.next().expect("who"));
                    let when = self.bool_expr(it.next().expect("truth"));
                    def.recolour.push(RecolourDef { who, when });
                }
                Rule::transmute => {
                    let mut it = stmt.into_inner().peekable();
                    let who = self.spanned(&it.next().expect("who"));
                    let mut chain = vec![];
                    while let Some(code) = it.next_if(|p| p.as_rule() == Rule::code) {
                        chain.push(self.spanned(&code));
                    }
                    let when = self.bool_expr(it.next().expect("truth"));
                    def.transmute.push(TransmuteDef { who, chain, when });
                }
                Rule::pawn_steps => {
                    let n = stmt.into_inner().next().expect("int");
                    let span = self.span(&n);
                    let steps = n.as_str().parse().unwrap_or(i64::MAX);
                    def.pawn_steps.push(Spanned::new(steps, span));
                }
                Rule::no_promotion => def.no_promotion.push(self.span(&stmt)),
                Rule::paralysis_stalemates => def.paralysis_stalemates.push(self.span(&stmt)),
                Rule::promotion_marks => {
                    let span = self.span(&stmt);
                    let codes = stmt.into_inner().map(|c| self.spanned(&c)).collect();
                    def.promotion_marks.push((span, codes));
                }
                Rule::fairy_refused => def.fairy_refused.push(self.span(&stmt)),
                Rule::exchange => {
                    let span = self.span(&stmt);
                    let kings = stmt
                        .into_inner()
                        .next()
                        .and_then(|k| k.into_inner().next())
                        .map(|w| self.spanned(&w));
                    def.exchanges.push((span, kings));
                }
                Rule::select => {
                    let mut it = stmt.into_inner();
                    let how = self.spanned(&it.next().expect("how"));
                    let by = self.spanned(&it.next().expect("by"));
                    def.select.push((how, by));
                }
                Rule::check_flights => def.check_flights.push(self.span(&stmt)),
                Rule::check_from => def
                    .check_from
                    .push(self.spanned(&stmt.into_inner().next().expect("word"))),
                Rule::leg => {
                    let mut it = stmt.into_inner();
                    let when = self.spanned(&it.next().expect("when"));
                    let word = self.spanned(&it.next().expect("word"));
                    def.legs.push((when, word));
                }
                Rule::lend => {
                    let mut it = stmt.into_inner();
                    let whom = self.spanned(&it.next().expect("whom"));
                    let place = self.spanned(&it.next().expect("place"));
                    def.lends.push((whom, place));
                }
                Rule::royal_change => def
                    .royal_changes
                    .push(self.spanned(&stmt.into_inner().next().expect("code"))),
                Rule::swap_royals => def
                    .swap_royals
                    .push(self.spanned(&stmt.into_inner().next().expect("word"))),
                Rule::royal_walks => def
                    .royal_walks
                    .push(self.spanned(&stmt.into_inner().next().expect("word"))),
                Rule::recolour_observed => def
                    .recolour_observed
                    .push(self.spanned(&stmt.into_inner().next().expect("word"))),
                Rule::holes => def
                    .holes
                    .push(self.spanned(&stmt.into_inner().next().expect("word"))),
                Rule::vanish => def
                    .vanish
                    .push(self.bool_expr(stmt.into_inner().next().expect("expr"))),
                Rule::strike => {
                    let mut action = None;
                    let mut side = None;
                    let mut neutrals = false;
                    let mut promoted = false;
                    for part in stmt.into_inner() {
                        match part.as_rule() {
                            Rule::neutrals => neutrals = true,
                            Rule::as_promoted => promoted = true,
                            _ if action.is_none() => action = Some(self.spanned(&part)),
                            _ => side = Some(self.spanned(&part)),
                        }
                    }
                    def.strikes.push(StrikeDef {
                        action: action.expect("action"),
                        side: side.expect("side"),
                        neutrals,
                        promoted,
                    });
                }
                Rule::transfer => {
                    let mut it = stmt.into_inner().map(|w| self.spanned(&w));
                    let mut next = || it.next().expect("word");
                    def.transfers.push([next(), next(), next()]);
                }
                Rule::incompatible => def
                    .incompatible
                    .extend(stmt.into_inner().map(|n| self.spanned(&n))),
                Rule::example => def.examples.push(self.example(stmt)),
                _ => {}
            }
        }
        def
    }

    /// `rebirth [WHO] [before WHAT] [at SQUARE] OPTION*`.
    fn rebirth(&self, stmt: Pair<Rule>) -> RebirthDef {
        let mut r = RebirthDef {
            span: self.span(&stmt),
            who: None,
            before: None,
            at: None,
            when_taken: None,
            kings: None,
            promoting: false,
            in_place: None,
            transmuted: None,
            reversed_for_capturer: false,
            turned: false,
            cloned: false,
            mirrored: false,
            imagined: false,
            after_next_move: false,
        };
        for part in stmt.into_inner() {
            match part.as_rule() {
                Rule::rebirth_who => {
                    r.who = Some(self.spanned(&part.into_inner().next().expect("word")))
                }
                Rule::sq_expr => r.at = Some(self.sq_expr(part)),
                Rule::before => {
                    let what = part.into_inner().next().expect("what");
                    let span = self.span(&what);
                    let words: Vec<&str> = what.into_inner().map(|w| w.as_str()).collect();
                    r.before = Some(Spanned::new(words.join(" "), span));
                }
                _ => {
                    let o = part.into_inner().next().expect("option");
                    match o.as_rule() {
                        Rule::taken => {
                            r.when_taken = Some(self.spanned(&o.into_inner().next().expect("word")))
                        }
                        Rule::kings => {
                            r.kings = Some(self.spanned(&o.into_inner().next().expect("word")))
                        }
                        Rule::in_place => {
                            r.in_place = Some(self.spanned(&o.into_inner().next().expect("word")))
                        }
                        Rule::transmuted => {
                            let span = self.span(&o);
                            let mut codes = Vec::new();
                            for c in o.into_inner() {
                                match c.as_rule() {
                                    Rule::reversed => r.reversed_for_capturer = true,
                                    _ => codes.push(self.spanned(&c)),
                                }
                            }
                            r.transmuted = Some(Spanned::new(codes, span));
                        }
                        Rule::turned => r.turned = true,
                        Rule::cloned => r.cloned = true,
                        Rule::mirrored => r.mirrored = true,
                        Rule::imagined => r.imagined = true,
                        Rule::next_move => r.after_next_move = true,
                        _ => r.promoting = true,
                    }
                }
            }
        }
        r
    }

    fn sq_expr(&self, pair: Pair<Rule>) -> Spanned<SqExpr> {
        // sq_expr = sq_term (sq_op vec_expr)*
        let mut it = pair.into_inner();
        let mut acc = self.sq_term(it.next().expect("term"));
        while let (Some(op), Some(vec)) = (it.next(), it.next()) {
            let plus = op.as_str() == "+";
            let vspan = self.span(&vec);
            let mut v = vec.into_inner();
            let a = self.sq_expr(v.next().expect("a"));
            let b = self.sq_expr(v.next().expect("b"));
            let span = Span {
                file: acc.span.file,
                start: acc.span.start,
                end: vspan.end,
            };
            acc = Spanned::new(
                SqExpr::Shift(Box::new(acc), plus, Box::new(a), Box::new(b)),
                span,
            );
        }
        acc
    }

    fn sq_term(&self, pair: Pair<Rule>) -> Spanned<SqExpr> {
        let span = self.span(&pair);
        let inner = pair.into_inner().next().expect("term");
        let node = match inner.as_rule() {
            Rule::sq_pair => {
                let mut c = inner.into_inner();
                let coord = |p: Pair<Rule>| {
                    let mut ci = p.into_inner();
                    let sq = self.sq_term(ci.next().expect("square"));
                    let part = self.spanned(&ci.next().expect("part"));
                    (sq, part)
                };
                let (a, fa) = coord(c.next().expect("file"));
                let (b, rb) = coord(c.next().expect("rank"));
                SqExpr::Pair(Box::new(a), fa, Box::new(b), rb)
            }
            Rule::sq_call => {
                let mut c = inner.into_inner();
                let f = self.spanned(&c.next().expect("function"));
                SqExpr::Call(f, c.map(|a| self.spanned(&a)).collect())
            }
            _ => SqExpr::Word(self.spanned(&inner.into_inner().next().expect("word"))),
        };
        Spanned::new(node, span)
    }

    fn bool_expr(&self, pair: Pair<Rule>) -> Spanned<BoolExpr> {
        // bool_expr = bool_term (bool_op bool_term)*, and binding tighter than or
        let span = self.span(&pair);
        let mut it = pair.into_inner();
        let mut ors: Vec<Spanned<BoolExpr>> = Vec::new();
        let mut acc = self.bool_term(it.next().expect("term"));
        while let (Some(op), Some(term)) = (it.next(), it.next()) {
            let rhs = self.bool_term(term);
            if op.as_str() == "and" {
                let s = Span {
                    file: acc.span.file,
                    start: acc.span.start,
                    end: rhs.span.end,
                };
                acc = Spanned::new(BoolExpr::And(Box::new(acc), Box::new(rhs)), s);
            } else {
                ors.push(acc);
                acc = rhs;
            }
        }
        for left in ors.into_iter().rev() {
            acc = Spanned::new(BoolExpr::Or(Box::new(left), Box::new(acc)), span);
        }
        acc
    }

    fn bool_term(&self, pair: Pair<Rule>) -> Spanned<BoolExpr> {
        let span = self.span(&pair);
        let inner = pair.into_inner().next().expect("term");
        let node = match inner.as_rule() {
            Rule::negation => BoolExpr::Not(Box::new(
                self.bool_term(inner.into_inner().next().expect("term")),
            )),
            Rule::bool_expr => return self.bool_expr(inner),
            Rule::comparison => {
                let mut c = inner.into_inner();
                let a = self.value(c.next().expect("a"));
                let eq = c.next().expect("op").as_str() == "==";
                let b = self.value(c.next().expect("b"));
                BoolExpr::Compare(a, eq, b)
            }
            _ => BoolExpr::Is(self.value(inner)),
        };
        Spanned::new(node, span)
    }

    fn value(&self, pair: Pair<Rule>) -> Spanned<Value> {
        let span = self.span(&pair);
        let inner = pair.into_inner().next().expect("value");
        let node = match inner.as_rule() {
            Rule::value_call => {
                let mut c = inner.into_inner();
                let f = c.next().expect("f").as_str().to_string();
                let x = c.next().expect("x").as_str().to_string();
                Value::Call(f, x)
            }
            Rule::walk_value => Value::Walk(inner.as_str().to_string()),
            _ => Value::Path(inner.into_inner().map(|w| w.as_str().to_string()).collect()),
        };
        Spanned::new(node, span)
    }

    /// A clause that is one word, without lines or options (`castling`, `nothing`).
    fn bare_clause(&self, word: &Pair<Rule>) -> Clause {
        Clause {
            span: self.span(word),
            mode: None,
            primitive: self.spanned(word),
            lines: None,
            options: vec![],
        }
    }

    fn clause(&self, pair: Pair<Rule>) -> Clause {
        let span = self.span(&pair);
        let mut mode = None;
        let mut walk = None;
        for p in pair.into_inner() {
            match p.as_rule() {
                Rule::mode => mode = Some(self.spanned(&p)),
                Rule::walk => walk = Some(p),
                _ => {}
            }
        }
        let walk = walk.expect("a clause has a walk");
        let mut inner = walk.into_inner();
        let first = inner.next().expect("primitive");
        if first.as_rule() == Rule::castling {
            return Clause {
                span,
                mode,
                ..self.bare_clause(&first)
            };
        }
        let primitive = self.spanned(&first);
        let lines_pair = inner.next().expect("lines");
        let lines_span = self.span(&lines_pair);
        let mut forward = false;
        let mut shape = None;
        for p in lines_pair.into_inner() {
            match p.as_rule() {
                Rule::forward => forward = true,
                Rule::vector => {
                    let mut n = p.into_inner().map(|i| Number::read(i.as_str()));
                    let zero = || Number::read("0");
                    let a = n.next().unwrap_or_else(zero);
                    let b = n.next().unwrap_or_else(zero);
                    shape = Some(LineShape::Vector(a, b));
                }
                Rule::line_name => shape = Some(LineShape::Named(self.spanned(&p))),
                _ => {}
            }
        }
        let options = inner
            .map(|o| {
                let ospan = self.span(&o);
                let mut oi = o.into_inner();
                let name = self.spanned(&oi.next().expect("option name"));
                let value = oi.next().map(|v| {
                    let sp = self.span(&v);
                    let val = match v.as_rule() {
                        Rule::int => OptValue::Int(Number::read(v.as_str())),
                        _ => OptValue::Word(v.as_str().to_string()),
                    };
                    Spanned::new(val, sp)
                });
                Opt {
                    span: ospan,
                    name,
                    value,
                }
            })
            .collect();
        Clause {
            span,
            mode,
            primitive,
            lines: Some(Lines {
                span: lines_span,
                forward,
                shape: shape.unwrap_or(LineShape::Vector(Number::read("0"), Number::read("0"))),
            }),
            options,
        }
    }

    fn example(&self, pair: Pair<Rule>) -> Example {
        let span = self.span(&pair);
        let mut inner = pair.into_inner();
        let title = self.string(inner.next().expect("title"));
        let mut ex = Example {
            title,
            span,
            units: vec![],
            markings: vec![],
            stipulation: None,
            conditions: None,
            options: None,
            solution: None,
        };
        let mut markings = Vec::new();
        for stmt in inner {
            match stmt.as_rule() {
                Rule::placement => {
                    let mut it = stmt.into_inner();
                    let mut colour = self.spanned(&it.next().expect("colour"));
                    let mut units = Vec::new();
                    for u in it {
                        if u.as_rule() == Rule::marking {
                            markings.push(self.spanned(&u));
                            colour.node.push(' ');
                            colour.node.push_str(u.as_str());
                        } else {
                            units.push(self.spanned(&u));
                        }
                    }
                    ex.units.push((colour, units));
                }
                Rule::stipulation => {
                    ex.stipulation = Some(self.string(stmt.into_inner().next().expect("s")))
                }
                Rule::conditions => {
                    ex.conditions = Some(self.string(stmt.into_inner().next().expect("s")))
                }
                Rule::options => {
                    ex.options = Some(self.string(stmt.into_inner().next().expect("s")))
                }
                Rule::solution => {
                    ex.solution = Some(self.string(stmt.into_inner().next().expect("s")))
                }
                _ => {}
            }
        }
        ex.markings = markings;
        ex
    }
}
