//! The generated code of a tiny rule set (a piece for each move primitive and the pawn's
//! options), pinned as an `insta` snapshot in `tests/snapshots/`, so that every change in code generation shows
//! as a diff to review. After an intended change, `INSTA_UPDATE=always cargo test -p
//! fairyforge-codegen --test snapshot` (or `cargo insta review`) rewrites it.

use fairyforge_codegen::{compile, CompileError, SourceFile};

const TINY: &str = r#"// A tiny rule set: one piece for each primitive the generator knows.

piece King {
    codes K
    text "Moves one square in any direction; castles with a rook."
    royal
    home e1
    moves leap(1,0) leap(1,1) castling
}

piece Knight {
    codes S
    text "Leaps to the squares a (1,2) jump away."
    promotion always
    moves leap(1,2)
}

piece Rook {
    codes R
    text "Moves any distance along ranks and files over empty squares."
    castling_partner
    moves ride(rook)
}

piece Grasshopper {
    codes G
    text "Moves along queen lines over another unit to the square immediately beyond it."
    moves hop(queen, land: next)
}

piece Locust {
    codes L
    text "Captures by hopping along ranks and files over a unit of the other side to the
          empty square immediately beyond it."
    moves capture hop(rook, take: hurdle)
}

piece Equihopper {
    codes EQ
    text "Hops along ranks and files over a unit two squares away to the square two
          squares beyond it, the squares between empty."
    moves equihop(2,0, path: clear)
}

piece Mao {
    codes MA
    text "Leaps (1,2), the orthogonally adjacent square on the way empty."
    moves lame(1,2)
}

piece Dummy {
    codes DU
    text "Never moves."
    moves nothing
}

piece Pawn {
    codes P
    text "Moves one square straight forward, two from its second rank; captures one square
          diagonally forward, also en passant."
    pawn
    moves quiet leap(forward 0,1, double_step)
          capture leap(forward 1,1, en_passant)
}
"#;

#[test]
fn generated_code_of_a_tiny_rule_set() {
    let files = [SourceFile {
        path: "tests/tiny.rules".to_string(),
        text: TINY.to_string(),
    }];
    let generated = match compile(&files) {
        Ok(generated) => generated,
        Err(CompileError::Rules(d)) => {
            panic!("the tiny rule set has errors:\n{}", d.render(&files))
        }
        Err(CompileError::InvalidRust { message, .. }) => panic!("invalid Rust emitted: {message}"),
    };
    insta::assert_snapshot!("tiny_rule_set", generated.code);
}
