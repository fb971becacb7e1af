//! The fairyforge rules language as a procedural macro, for rule sets written inside Rust:
//! tests, experiments, a program with its own pieces.
//!
//! Three forms, all compiled by [`fairyforge_codegen::compile`], the same entry point the
//! build script uses, and all expanding to the items of the generated module (the `Rules`
//! type implementing `RuleSet`, the `kinds` module, the `EXAMPLES` table):
//! - [`rules!`]`{ piece King { … } }` takes the rule text as tokens. Every token keeps its
//!   place in the Rust file, so an error points at the exact rule token.
//! - [`rules_str!`]`(r#"…"#)` takes the rule text as a string literal. Errors point at the
//!   literal; the message names the line and column inside it.
//! - [`include_rules!`]`("../rules")` reads a rule file, or every `*.rules` file below a
//!   folder, the path resolved as `include_str!` resolves it, and recompiles when those
//!   files change.
//!
//! The generated code names `::fairyforge_engine`, so a crate using the macros depends on
//! `fairyforge-engine`. Put each rule set in a module of its own (the expanded code comes
//! from a macro, so the compiler's and clippy's lints leave it alone):
//!
//! ```ignore
//! mod tiny {
//!     fairyforge_macros::rules! {
//!         piece King {
//!             codes K
//!             text "Moves one square in any direction."
//!             royal
//!             moves leap(1,0) leap(1,1)
//!         }
//!     }
//! }
//! ```
//!
//! Rule errors become `compile_error!`s, one per error, each carrying the diagnostic as the
//! build script prints it (`file:line:col`, the line, a caret, what was expected).

use fairyforge_codegen::{compile, read_rules_dir, CompileError, Diagnostic, SourceFile};
use proc_macro::{Delimiter, Span, TokenStream, TokenTree};
use proc_macro2::{Literal, Span as Span2, TokenStream as TokenStream2};
use quote::{quote, quote_spanned};
use std::path::{Path, PathBuf};

/// Compiles the rules written as tokens inside the braces and expands to the generated
/// module's items. An error is reported at the rule tokens it is about.
#[proc_macro]
pub fn rules(input: TokenStream) -> TokenStream {
    let mut layout = Layout::new();
    layout.stream(input);
    let files = [SourceFile {
        path: shown_file(Span::call_site()),
        text: layout.text.clone(),
    }];
    expand(&files, TokenStream2::new(), |d| layout.spans_of(d))
}

/// Compiles the rules in a string literal (a raw string `r#"…"#` reads best) and expands
/// to the generated module's items. Errors point at the literal and name the line and
/// column of the Rust file.
#[proc_macro]
pub fn rules_str(input: TokenStream) -> TokenStream {
    let (literal, span) = match single_literal(input, "rules_str!(r#\"piece … { … }\"#)") {
        Ok(found) => found,
        Err(e) => return e,
    };
    let span2 = Span2::from(span);
    let text = literal.value();
    // Place the text where it stands in the Rust file, so line and column are the file's.
    // That is exact when the literal has no escapes (raw strings never have).
    let source = span.source_text().unwrap_or_default();
    let (prefix, body) = literal_body(&source);
    let file = if body == Some(text.as_str()) {
        let before = "\n".repeat(span.line() - 1) + &" ".repeat(span.column() - 1 + prefix);
        SourceFile {
            path: shown_file(span),
            text: before + &text,
        }
    } else {
        SourceFile {
            path: "<rules_str! text>".to_string(),
            text,
        }
    };
    expand(&[file], TokenStream2::new(), |_| (span2, span2))
}

/// Reads a rule file, or every `*.rules` file below a folder (sorted by path), with the
/// path resolved as `include_str!` resolves it (relative to the file that invokes the
/// macro), compiles it and expands to the generated module's items. The crate is rebuilt
/// when a file read changes (a file added to the folder needs a rebuild).
#[proc_macro]
pub fn include_rules(input: TokenStream) -> TokenStream {
    let (literal, span) = match single_literal(input, "include_rules!(\"path/to/file.rules\")") {
        Ok(found) => found,
        Err(e) => return e,
    };
    let span2 = Span2::from(span);
    let written = literal.value();
    let invoking_dir = Span::call_site()
        .local_file()
        .and_then(|f| f.parent().map(Path::to_path_buf))
        .or_else(|| std::env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from))
        .unwrap_or_default();
    let joined = invoking_dir.join(&written);
    let full = std::path::absolute(&joined).unwrap_or(joined);
    // Every file named by its full path, for `include_str!`; shortened for diagnostics below.
    let files = if full.is_dir() {
        read_rules_dir(&full, Path::new(""))
    } else {
        std::fs::read_to_string(&full).map(|text| {
            vec![SourceFile {
                path: full.to_string_lossy().into_owned(),
                text,
            }]
        })
    };
    let mut files = match files {
        Ok(files) => files,
        Err(e) => {
            let message = format!("cannot read the rules at {}: {e}", full.display());
            return compile_error(&message, span2, span2).into();
        }
    };
    let tracked = files.iter().map(|f| {
        let path = &f.path;
        quote_spanned!(span2=> const _: &str = ::core::include_str!(#path);)
    });
    let tracking = quote!(#(#tracked)*);
    for f in &mut files {
        f.path = shown_path(Path::new(&f.path));
    }
    expand(&files, tracking, |_| (span2, span2))
}

/// Compiles `files`; on success the generated items (after `prefix`), on failure one
/// `compile_error!` per rule error, placed by `locate` (first and last token of the span).
fn expand(
    files: &[SourceFile],
    prefix: TokenStream2,
    locate: impl Fn(&Diagnostic) -> (Span2, Span2),
) -> TokenStream {
    match compile(files) {
        Ok(generated) => match generated.code.parse::<TokenStream2>() {
            Ok(code) => quote!(#prefix #code).into(),
            Err(e) => {
                let message = format!("fairyforge-codegen emitted code that does not lex ({e})");
                compile_error(&message, Span2::call_site(), Span2::call_site()).into()
            }
        },
        Err(CompileError::Rules(diagnostics)) => diagnostics
            .0
            .iter()
            .map(|d| {
                let (start, end) = locate(d);
                let rendered = d.render(files);
                let message = rendered
                    .strip_prefix("error: ")
                    .unwrap_or(&rendered)
                    .trim_end();
                compile_error(message, start, end)
            })
            .collect::<TokenStream2>()
            .into(),
        Err(CompileError::InvalidRust { message, .. }) => {
            let message = format!(
                "fairyforge-codegen emitted invalid Rust, a bug of the generator: {message}"
            );
            compile_error(&message, Span2::call_site(), Span2::call_site()).into()
        }
    }
}

/// `::core::compile_error! { message }` covering the source from `start` to `end`.
fn compile_error(message: &str, start: Span2, end: Span2) -> TokenStream2 {
    let mut text = Literal::string(message);
    text.set_span(end);
    let path = quote_spanned!(start=> ::core::compile_error!);
    let mut body = proc_macro2::Group::new(proc_macro2::Delimiter::Brace, quote!(#text));
    body.set_span(end);
    quote!(#path #body)
}

/// The one string literal a macro takes, with its value and span; otherwise the error.
fn single_literal(input: TokenStream, usage: &str) -> Result<(syn::LitStr, Span), TokenStream> {
    let mut tokens: Vec<TokenTree> = input.into_iter().collect();
    // A literal passed through a `macro_rules!` fragment arrives wrapped in an invisible group.
    while let [TokenTree::Group(g)] = tokens.as_slice() {
        if g.delimiter() != Delimiter::None {
            break;
        }
        tokens = g.stream().into_iter().collect();
    }
    let wrong = |span: Span| {
        let message = format!("expected one string literal: {usage}");
        Err(compile_error(&message, span.into(), span.into()).into())
    };
    match tokens.as_slice() {
        [TokenTree::Literal(lit)] => {
            let span = lit.span();
            match syn::parse::<syn::LitStr>(TokenStream::from(TokenTree::Literal(lit.clone()))) {
                Ok(literal) => Ok((literal, span)),
                Err(_) => wrong(span),
            }
        }
        [first, ..] => wrong(first.span()),
        [] => wrong(Span::call_site()),
    }
}

/// The number of characters before a string literal's text and the text as written:
/// `"…"` → (1, …), `r##"…"##` → (4, …).
fn literal_body(source: &str) -> (usize, Option<&str>) {
    if let Some(raw) = source.strip_prefix('r') {
        let hashes = raw.len() - raw.trim_start_matches('#').len();
        let prefix = 2 + hashes;
        let body = source
            .get(prefix..source.len().saturating_sub(1 + hashes))
            .filter(|_| source.len() >= 2 * prefix);
        (prefix, body)
    } else if source.len() >= 2 && source.starts_with('"') && source.ends_with('"') {
        (1, Some(&source[1..source.len() - 1]))
    } else {
        (0, None)
    }
}

/// The Rust file a span is in, as diagnostics should show it.
fn shown_file(span: Span) -> String {
    shown_path(Path::new(&span.file()))
}

/// A path as diagnostics should show it: relative to the current directory (where the
/// compiler runs) when it lies below it, with forward slashes.
fn shown_path(path: &Path) -> String {
    std::env::current_dir()
        .ok()
        .and_then(|dir| path.strip_prefix(dir).ok().map(Path::to_path_buf))
        .unwrap_or_else(|| path.to_path_buf())
        .to_string_lossy()
        .replace('\\', "/")
}

/// Rule text rebuilt from tokens, every token at the line and column it has in the Rust
/// file, with the byte range each token occupies, so a diagnostic's byte range can be
/// mapped back to tokens.
struct Layout {
    text: String,
    line: usize,
    column: usize,
    tokens: Vec<(usize, usize, Span)>,
}

impl Layout {
    fn new() -> Layout {
        Layout {
            text: String::new(),
            line: 1,
            column: 1,
            tokens: Vec::new(),
        }
    }

    fn stream(&mut self, input: TokenStream) {
        let mut iter = input.into_iter();
        while let Some(tree) = iter.next() {
            match tree {
                TokenTree::Group(g) => {
                    let (open, close) = match g.delimiter() {
                        Delimiter::Parenthesis => ("(", ")"),
                        Delimiter::Brace => ("{", "}"),
                        Delimiter::Bracket => ("[", "]"),
                        Delimiter::None => ("", ""),
                    };
                    if open.is_empty() {
                        self.stream(g.stream());
                    } else {
                        self.place(g.span_open(), open);
                        self.stream(g.stream());
                        self.place(g.span_close(), close);
                    }
                }
                TokenTree::Punct(p) if p.as_char() == '#' && is_doc_comment(p.span()) => {
                    // `/// …` arrives as `#[doc = "…"]`: a comment to the rules, so skip it.
                    iter.next();
                }
                other => {
                    let span = other.span();
                    let text = span.source_text().unwrap_or_else(|| other.to_string());
                    self.place(span, &text);
                }
            }
        }
    }

    /// Appends `text` at the position of `span`, or after a space when the span lies
    /// behind what is already written (tokens from another file or a macro expansion).
    fn place(&mut self, span: Span, text: &str) {
        let (line, column) = (span.line(), span.column());
        if line > self.line {
            self.text.push_str(&"\n".repeat(line - self.line));
            self.line = line;
            self.column = 1;
        }
        if line == self.line && column > self.column {
            self.text.push_str(&" ".repeat(column - self.column));
            self.column = column;
        } else if (line < self.line || column < self.column)
            && !self.text.ends_with(char::is_whitespace)
        {
            self.text.push(' ');
            self.column += 1;
        }
        let start = self.text.len();
        self.text.push_str(text);
        self.tokens.push((start, self.text.len(), span));
        for c in text.chars() {
            if c == '\n' {
                self.line += 1;
                self.column = 1;
            } else {
                self.column += 1;
            }
        }
    }

    /// The first and last token covered by the diagnostic's byte range (the token after it
    /// when it covers none, the last token when it lies past the end).
    fn spans_of(&self, d: &Diagnostic) -> (Span2, Span2) {
        let (start, end) = (d.span.start, d.span.end.max(d.span.start + 1));
        let Some(first) = self
            .tokens
            .iter()
            .position(|t| t.1 > start)
            .or(self.tokens.len().checked_sub(1))
        else {
            return (Span2::call_site(), Span2::call_site());
        };
        let last = (first..self.tokens.len())
            .rev()
            .find(|&i| self.tokens[i].0 < end)
            .unwrap_or(first);
        (self.tokens[first].2.into(), self.tokens[last].2.into())
    }
}

fn is_doc_comment(span: Span) -> bool {
    span.source_text()
        .is_some_and(|s| s.starts_with("//") || s.starts_with("/*"))
}
