//! Every diagram, stipulation line and centred heading line of the corpus, read back
//! and written again.

use super::*;
use std::path::{Path, PathBuf};

// -----------------------------------------------------------------------
// The corpus: every diagram, stipulation line and centred heading line

fn corpus_dir() -> Option<PathBuf> {
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    std::env::var_os("FAIRYFORGE_SHARED")
        .map(PathBuf::from)
        .into_iter()
        .chain([manifest.join("../../shared"), manifest.join("../shared")])
        .map(|p| p.join("corpus"))
        .find(|p| p.join("popeye").is_dir())
}

fn ref_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let mut paths: Vec<PathBuf> = entries.flatten().map(|e| e.path()).collect();
    paths.sort();
    for p in paths {
        if p.is_dir() {
            ref_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "ref") {
            out.push(p);
        }
    }
}

/// Reads a diagram back (the 19 lines from border to border).
fn read_diagram(lines: &[&str], names: &mut Names) -> Option<Diagram> {
    let mut b = Diagram::default();
    for r in 0..8u8 {
        let row = lines.get(2 + 2 * usize::from(r))?.as_bytes();
        let base = lines.get(3 + 2 * usize::from(r))?.as_bytes();
        if row.len() != 37 || base.len() != 37 {
            return None;
        }
        let rank = 7 - r;
        for file in 0..8u8 {
            let at = 2 + 4 * usize::from(file);
            let (c, bc) = (&row[at..at + 4], &base[at..at + 4]);
            let s = Square::from_coords(file as i8, rank as i8)?;
            if c[0] == b'|' || &bc[1..4] == b"---" {
                let g = b.grid.get_or_insert_with(GridLines::default);
                g.west[usize::from(rank)][usize::from(file)] = c[0] == b'|';
                g.south[usize::from(rank)][usize::from(file)] = &bc[1..4] == b"---";
            }
            match (c[1], c[2]) {
                (_, b'.') => {}
                (b' ', b' ') => b.holes.push(s),
                (b' ', b'I') => b.imitators.push(s),
                _ => {
                    let two = c[1].is_ascii_alphanumeric();
                    let code = if two { &c[1..3] } else { &c[2..3] };
                    let mut code = String::from_utf8_lossy(code).into_owned();
                    if c[3] == b'/' {
                        code = format!("{code}/{}", String::from_utf8_lossy(&bc[1..3]).trim());
                    }
                    let colour = match c[usize::from(!two)] {
                        b'-' => Owner::Black,
                        b'=' => Owner::Neutral,
                        _ => Owner::White,
                    };
                    b.put(s, Piece::new(names.kind_of(&code), colour));
                }
            }
        }
    }
    Some(b)
}

#[test]
fn corpus_diagrams_and_stipulation_lines() {
    let Some(corpus) = corpus_dir() else {
        println!("skipped: shared/corpus not found");
        return;
    };
    let mut files = Vec::new();
    ref_files(&corpus, &mut files);
    let (mut diagrams, mut stip_lines, mut headings) = (0, 0, 0);
    for f in &files {
        let text = String::from_utf8_lossy(&std::fs::read(f).unwrap()).into_owned();
        let lines: Vec<&str> = text.split('\n').collect();
        let border = "+---a---b---c---d---e---f---g---h---+";
        // heading lines: from the first blank line to the blank before the board
        if let Some(first_board) = lines.iter().position(|l| *l == border) {
            let first_blank = lines.iter().position(|l| l.is_empty()).unwrap();
            for l in &lines[first_blank + 1..first_board - 1] {
                assert_eq!(centred(l.trim_start()), format!("{l}\n"), "{}", f.display());
                headings += 1;
            }
        }
        let mut i = 0;
        while i + 19 < lines.len() {
            if lines[i] != border || lines[i + 18] != border {
                i += 1;
                continue;
            }
            let mut names = Names::from_codes(&[], &[], Language::English);
            let b = read_diagram(&lines[i..i + 19], &mut names).expect("diagram");
            let theirs: String = lines[i..i + 19].iter().map(|l| format!("{l}\n")).collect();
            assert_eq!(diagram(&b, &names), theirs, "{}", f.display());
            diagrams += 1;
            // the stipulation line, unless a structured stipulation
            // (which may hold blanks) or total invisibles
            let line = lines[i + 19];
            let counts = b.counts().text(Language::English);
            if let Some(stip) = line.strip_suffix(&counts) {
                let stip = stip.trim();
                if !stip.contains(' ') {
                    let ours = stipulation_line(stip, &b.counts(), Language::English);
                    assert_eq!(ours, format!("{line}\n"), "{}", f.display());
                    stip_lines += 1;
                }
            }
            i += 19;
        }
    }
    println!(
        "{diagrams} diagrams, {stip_lines} stipulation lines, {headings} heading lines identical"
    );
    assert!(diagrams > 3000 && stip_lines > 2800);
}
