//! Reading rule files into the syntax tree, with pest.
//!
//! A file is first cut into its top-level blocks (`piece …{…}`), each parsed on its own,
//! so that a syntax error in one block does not hide the errors of the others. Syntax
//! errors are reported in words (what was expected), never with grammar rule names.

use crate::ast::*;
use crate::diagnostic::{Diagnostic, Diagnostics, Span};
use pest::iterators::Pair;
use pest::Parser;

#[derive(pest_derive::Parser)]
#[grammar = "grammar.pest"]
struct RulesParser;

/// Reads the text of file number `file`. Returns the blocks that parsed and a diagnostic
/// for every block that did not.
pub fn parse_file(file: usize, text: &str) -> (RuleFile, Diagnostics) {
    let mut out = RuleFile::default();
    let mut errors = Diagnostics::default();
    for block in top_level_blocks(file, text, &mut errors) {
        let slice = &text[block.start..block.end];
        match RulesParser::parse(Rule::piece, slice) {
            Ok(mut pairs) => {
                let pair = pairs.next().expect("a piece block");
                let ctx = Ctx {
                    file,
                    base: block.start,
                };
                if pair.as_str().len() != slice.len() {
                    let at = block.start + pair.as_str().len();
                    errors.0.push(Diagnostic::new(
                        Span { file, start: at, end: block.end },
                        "unexpected text after the block",
                        "expected the end of the block",
                    ));
                }
                out.pieces.push(ctx.piece(pair));
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
        if word != "piece" {
            let end = word_end.max(start + 1).min(text.len());
            errors.0.push(Diagnostic::new(
                Span { file, start, end },
                format!("expected a `piece` block, found `{}`", &text[start..end]),
                "a rule file holds `piece Name { … }` blocks",
            ));
            // resynchronise at the next line
            while i < bytes.len() && bytes[i] != b'\n' {
                i += 1;
            }
            continue;
        }
        // find the matching closing brace
        let mut depth = 0usize;
        let mut j = word_end;
        let mut seen_open = false;
        while j < bytes.len() {
            match bytes[j] {
                b'"' => {
                    j += 1;
                    while j < bytes.len() && bytes[j] != b'"' {
                        j += 1;
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
        blocks.push(Span {
            file,
            start,
            end: j.min(bytes.len()),
        });
        i = j;
    }
    blocks
}

/// What each grammar rule means to a reader.
fn describe(rule: &Rule) -> &'static str {
    match rule {
        Rule::name => "a name",
        Rule::code => "a piece code in capitals (one or two characters, like S or LI)",
        Rule::int => "a whole number",
        Rule::string => "a quoted text",
        Rule::square => "a square like e4",
        Rule::word => "a word",
        Rule::codes => "`codes`",
        Rule::popeye => "`popeye`",
        Rule::german => "`german`",
        Rule::french => "`french`",
        Rule::definition => "`text \"…\"`",
        Rule::flag => "`royal`, `pawn` or `castling_partner`",
        Rule::promotion => "`promotion`",
        Rule::home => "`home`",
        Rule::moves => "`moves`",
        Rule::clause => "a move clause like `leap(1,2)`",
        Rule::mode => "`quiet` or `capture`",
        Rule::walk => "a move primitive like `leap(1,2)` or `castling`",
        Rule::castling => "`castling`",
        Rule::primitive => "a move primitive (leap, ride, hop, equihop, lame)",
        Rule::lines => "lines: a vector like `1,2` or `rook`, `bishop`, `queen`, `knight`, `any`",
        Rule::forward => "`forward`",
        Rule::vector => "a vector like `1,2`",
        Rule::line_name => "a line name",
        Rule::option => "an option like `land: any`",
        Rule::example => "`example \"title\" { … }`",
        Rule::placement => "`white`, `black` or `neutral` followed by units like Ka1",
        Rule::colour => "`white`, `black` or `neutral`",
        Rule::unit => "a unit like Ka1 or LIe4",
        Rule::stipulation => "`stipulation \"…\"`",
        Rule::conditions => "`conditions \"…\"`",
        Rule::options => "`options \"…\"`",
        Rule::solution => "`solution \"…\"`",
        Rule::piece => "a `piece` block",
        Rule::EOI => "the end of the block",
        _ => "something else",
    }
}

fn syntax_error(file: usize, base: usize, slice: &str, e: pest::error::Error<Rule>) -> Diagnostic {
    use pest::error::{ErrorVariant, InputLocation};
    let at = match e.location {
        InputLocation::Pos(p) => p,
        InputLocation::Span((s, _)) => s,
    };
    let found_end = slice[at..]
        .find(|c: char| c.is_whitespace())
        .map_or(slice.len(), |n| at + n)
        .max((at + 1).min(slice.len()));
    let found = &slice[at..found_end];
    let expected = match &e.variant {
        ErrorVariant::ParsingError { positives, .. } => {
            let mut words: Vec<&str> = positives.iter().map(describe).collect();
            words.dedup();
            match words.len() {
                0 => "something else".to_string(),
                1 => words[0].to_string(),
                _ => {
                    let last = words.pop().expect("two or more");
                    format!("{} or {}", words.join(", "), last)
                }
            }
        }
        ErrorVariant::CustomError { message } => message.clone(),
    };
    let found_text = if found.is_empty() {
        "the end of the file".to_string()
    } else {
        format!("`{found}`")
    };
    Diagnostic::new(
        Span {
            file,
            start: base + at,
            end: base + found_end.max(at),
        },
        format!("syntax error: expected {expected}, found {found_text}"),
        format!("expected {expected}"),
    )
}

struct Ctx {
    file: usize,
    base: usize,
}

impl Ctx {
    fn span(&self, pair: &Pair<Rule>) -> Span {
        let s = pair.as_span();
        Span {
            file: self.file,
            start: self.base + s.start(),
            end: self.base + s.end(),
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
            home: vec![],
            moves: vec![],
            examples: vec![],
        };
        for stmt in inner {
            match stmt.as_rule() {
                Rule::codes => def.codes.extend(stmt.into_inner().map(|c| self.spanned(&c))),
                Rule::popeye => def.popeye.extend(stmt.into_inner().map(|c| self.spanned(&c))),
                Rule::german => def.german.extend(stmt.into_inner().map(|c| self.spanned(&c))),
                Rule::french => def.french.extend(stmt.into_inner().map(|c| self.spanned(&c))),
                Rule::definition => {
                    def.text = Some(self.string(stmt.into_inner().next().expect("text")))
                }
                Rule::flag => def.flags.push(self.spanned(&stmt)),
                Rule::promotion => {
                    def.promotion = Some(self.spanned(&stmt.into_inner().next().expect("word")))
                }
                Rule::home => def.home.extend(stmt.into_inner().map(|c| self.spanned(&c))),
                Rule::moves => def.moves.extend(stmt.into_inner().map(|c| self.clause(c))),
                Rule::example => def.examples.push(self.example(stmt)),
                _ => {}
            }
        }
        def
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
                primitive: self.spanned(&first),
                lines: None,
                options: vec![],
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
                    let mut n = p.into_inner().map(|i| i.as_str().parse::<i32>().unwrap_or(i32::MAX));
                    let a = n.next().unwrap_or(0);
                    let b = n.next().unwrap_or(0);
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
                        Rule::int => OptValue::Int(v.as_str().parse().unwrap_or(i32::MAX)),
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
                shape: shape.unwrap_or(LineShape::Vector(0, 0)),
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
            stipulation: None,
            conditions: None,
            options: None,
            solution: None,
        };
        for stmt in inner {
            match stmt.as_rule() {
                Rule::placement => {
                    let mut it = stmt.into_inner();
                    let colour = self.spanned(&it.next().expect("colour"));
                    ex.units.push((colour, it.map(|u| self.spanned(&u)).collect()));
                }
                Rule::stipulation => {
                    ex.stipulation = Some(self.string(stmt.into_inner().next().expect("s")))
                }
                Rule::conditions => {
                    ex.conditions = Some(self.string(stmt.into_inner().next().expect("s")))
                }
                Rule::options => ex.options = Some(self.string(stmt.into_inner().next().expect("s"))),
                Rule::solution => {
                    ex.solution = Some(self.string(stmt.into_inner().next().expect("s")))
                }
                _ => {}
            }
        }
        ex
    }
}
