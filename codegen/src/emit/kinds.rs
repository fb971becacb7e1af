//! What the rule set says about its kinds and examples as data: the `KINDS` table of
//! `KindInfo`s, the `kinds` constants by rule name, the `EXAMPLES` table.

use crate::lower::{Kind, Rules};
use crate::snake;
use fairyforge_vocab::Vocabulary;
use proc_macro2::{Ident, Span, TokenStream};
use quote::{format_ident, quote};

/// A value of the shared vocabulary as generated code names it, `Numbering::Turn`.
pub fn vocabulary<V: Vocabulary>(value: V) -> TokenStream {
    let (ty, variant) = (
        format_ident!("{}", V::TYPE),
        format_ident!("{}", value.variant()),
    );
    quote!(#ty::#variant)
}

/// The `KindInfo` of a kind.
pub fn info(k: &Kind) -> TokenStream {
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
        orthodox,
        ..
    } = k;
    let captures = k.clauses.iter().any(|c| c.mode.captures());
    let borrows = k.clauses.iter().any(|c| c.primitive.borrows());
    let promotion = vocabulary(k.promotion);
    let numbering = vocabulary(k.numbering);
    let promotes_to = k.promotes_to.iter();
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
            captures: #captures,
            borrows: #borrows,
            castling_partner: #castling_partner,
            unlettered: #unlettered,
            orthodox: #orthodox,
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

/// The constants of the `kinds` module, one per kind, named after its rule.
pub fn consts(rules: &Rules) -> TokenStream {
    let consts = rules.kinds.iter().enumerate().map(|(i, k)| {
        let name = Ident::new(&snake(&k.name).to_uppercase(), Span::call_site());
        let i = i as u8;
        let doc = format!(" The {} ({}).", k.name, k.source);
        quote! { #[doc = #doc] pub const #name: Kind = Kind(#i); }
    });
    quote! { #(#consts)* }
}

/// The entries of the `EXAMPLES` table: every worked example, of kinds then conditions.
pub fn examples(rules: &Rules) -> TokenStream {
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
    quote! { #(#examples)* }
}
