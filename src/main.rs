//! The `fairyforge` command line: solve problems, count perft, list and check rules,
//! run benchmarks. Each subcommand is a thin layer over the library.

use clap::{Parser, Subcommand};
use fairyforge::engine::codes::CodeSet;
use fairyforge::engine::fen::{parse_position, BoardNotation};
use fairyforge::engine::perft::{divide, perft};
use fairyforge::Rules;
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(name = "fairyforge", version, about = "A fairy-chess problem solver whose rules are data")]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Count the legal move sequences of DEPTH half-moves from POSITION.
    Perft {
        /// The position: standard FEN, or with --forsyth the reference's Forsyth board.
        position: String,
        /// Number of half-moves.
        depth: u32,
        /// Read the board field in the reference's Forsyth notation (fairy pieces allowed).
        #[arg(long)]
        forsyth: bool,
        /// Read codes as the reference does (EQ = English Equihopper, NE = non-stop).
        #[arg(long)]
        popeye_codes: bool,
        /// Print the count below each first move.
        #[arg(long)]
        divide: bool,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    match cli.command {
        Command::Perft { position, depth, forsyth, popeye_codes, divide: split } => {
            let notation = if forsyth {
                BoardNotation::Forsyth(if popeye_codes { CodeSet::Popeye } else { CodeSet::Fairyforge })
            } else {
                BoardNotation::Fen
            };
            let mut pos = match parse_position(&position, notation, Rules) {
                Ok(pos) => pos,
                Err(e) => {
                    eprintln!("error: position, {e}");
                    eprintln!("  {position}");
                    eprintln!("  {}^", " ".repeat(e.column.saturating_sub(1)));
                    return ExitCode::from(2);
                }
            };
            let start = Instant::now();
            let nodes = if split {
                let mut total = 0;
                for (mv, n) in divide(&mut pos, depth) {
                    println!("{}{}: {n}", mv.from, mv.to);
                    total += n;
                }
                total
            } else {
                perft(&mut pos, depth)
            };
            let secs = start.elapsed().as_secs_f64();
            println!("perft {depth}: {nodes}");
            eprintln!("{secs:.3} s, {:.1} Mnodes/s", nodes as f64 / secs.max(1e-9) / 1e6);
            ExitCode::SUCCESS
        }
    }
}
