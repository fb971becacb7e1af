//! Bounds on the size of an expression a rule block may write, checked on the block's text
//! before it is parsed: the parser, the checks and the emitter each walk an expression
//! recursively, so an absurd one (2,000 `or` operands, parentheses nested a thousand deep)
//! would exhaust the stack. Within these bounds every stage is safe; beyond them the rule
//! author gets a diagnostic at the place the bound is passed.

use crate::diagnostic::{Diagnostic, Span};

/// The deepest nesting of parentheses an expression may have.
pub const MAX_NESTING: usize = 32;

/// The most operators (`and`, `or`, `not`, `+`) one block may write.
pub const MAX_OPERATORS: usize = 256;

/// The first place in `text[start..end]` (one block of file `file`) where the bounds
/// are passed, as a diagnostic.
pub fn check_block(file: usize, text: &str, start: usize, end: usize) -> Option<Diagnostic> {
    let bytes = text.as_bytes();
    let (mut depth, mut operators) = (0usize, 0usize);
    let mut i = start;
    while i < end {
        let b = bytes[i];
        let at = Span {
            file,
            start: i,
            end: (i + 1).min(end),
        };
        match b {
            b'"' => {
                i += 1;
                while i < end && bytes[i] != b'"' {
                    i += 1;
                }
            }
            b'/' if bytes[i..end].starts_with(b"//") => {
                while i < end && bytes[i] != b'\n' {
                    i += 1;
                }
            }
            b'(' => {
                depth += 1;
                if depth > MAX_NESTING {
                    return Some(Diagnostic::new(
                        at,
                        format!("parentheses nested deeper than {MAX_NESTING}"),
                        "write the expression with fewer parentheses",
                    ));
                }
            }
            b')' => depth = depth.saturating_sub(1),
            _ => {
                let len = operator_len(bytes, i, end);
                if len > 0 {
                    operators += 1;
                    if operators > MAX_OPERATORS {
                        return Some(Diagnostic::new(
                            Span {
                                file,
                                start: i,
                                end: i + len,
                            },
                            format!("a block may write at most {MAX_OPERATORS} operators"),
                            "split the rule, or write the expression more briefly",
                        ));
                    }
                    i += len;
                    continue;
                }
            }
        }
        i += 1;
    }
    None
}

/// The length of the operator at `i` (`+`, or the word `and`, `or`, `not` standing
/// alone), or 0.
fn operator_len(bytes: &[u8], i: usize, end: usize) -> usize {
    if bytes[i] == b'+' {
        return 1;
    }
    let is_word = |b: u8| b.is_ascii_alphanumeric() || b == b'_';
    if i > 0 && is_word(bytes[i - 1]) {
        return 0;
    }
    for word in ["and", "or", "not"] {
        let n = word.len();
        if bytes[i..end].starts_with(word.as_bytes())
            && !bytes.get(i + n).is_some_and(|&b| is_word(b))
        {
            return n;
        }
    }
    0
}

#[cfg(test)]
mod tests {
    use super::*;

    fn block(body: &str) -> String {
        format!("condition X {{\n    forbid when {body}\n}}\n")
    }

    #[test]
    fn a_plain_expression_passes() {
        let text = block("unit.walk == last.walk and not (last.side != side)");
        assert!(check_block(0, &text, 0, text.len()).is_none());
    }

    #[test]
    fn two_thousand_operands_are_refused_where_the_bound_is_passed() {
        let text = block(&vec!["unit.royal"; 2000].join(" or "));
        let d = check_block(0, &text, 0, text.len()).expect("refused");
        assert!(d.message.contains("at most 256 operators"), "{}", d.message);
        assert_eq!(&text[d.span.start..d.span.end], "or");
        let before = text[..d.span.start].matches(" or ").count();
        assert_eq!(before, MAX_OPERATORS);
    }

    #[test]
    fn deep_parentheses_are_refused() {
        let text = block(&format!("{}unit.royal{}", "(".repeat(40), ")".repeat(40)));
        let d = check_block(0, &text, 0, text.len()).expect("refused");
        assert!(d.message.contains("nested deeper"), "{}", d.message);
        assert_eq!(text[..d.span.start].matches('(').count(), MAX_NESTING);
    }

    #[test]
    fn words_containing_operators_and_strings_are_not_counted() {
        let text = block(&format!(
            "unit.order == \"{}\" and north_or_not",
            "and or not + ".repeat(300)
        ));
        assert!(check_block(0, &text, 0, text.len()).is_none());
    }
}
