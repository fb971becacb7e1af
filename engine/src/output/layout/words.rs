//! The words of the output that depend on its language, as the reference spells them.

use super::Language;
use crate::piece::Owner;

/// The words of the output that depend on its language, as the reference
/// spells them (without accents).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Words {
    /// Closing line of a problem solved completely.
    pub solution_finished: &'static str,
    /// Closing words of a problem solved partly (e.g. by MaxSolutions).
    pub solution_partial: &'static str,
    /// Closing words of a problem whose solving was interrupted.
    pub solving_interrupted: &'static str,
    /// Introduces the solving time, e.g. `Time = `.
    pub time: &'static str,
    /// After a key or try that threatens nothing, every defence losing
    /// (printed after one blank).
    pub zugzwang: &'static str,
    /// After a key or try with a threat (printed after one blank).
    pub threat: &'static str,
    /// Introduces the refutations of a try, on its own line.
    pub but: &'static str,
    /// On its own line under a defence that refutes (post-key play), see
    /// [`refutes_line`].
    pub refutes: &'static str,
    /// The white colour, as in `=> (White ->)`.
    pub white: &'static str,
    /// The black colour.
    pub black: &'static str,
    /// The neutral colour.
    pub neutral: &'static str,
    /// Abbreviation of total invisible pieces in the piece counts.
    pub total_invisible: &'static str,
    /// Twinning by rotation, as in `rotate 90`.
    pub rotate: &'static str,
    /// Twinning by reflection, as in `mirror a1<-->h1`.
    pub mirror: &'static str,
    /// Twinning by translation, as in `shift a1 ==> a2`.
    pub shift: &'static str,
    /// Twinning by exchanging the colours.
    pub polish: &'static str,
    /// Heading of the zero position of twins.
    pub zeroposition: &'static str,
    /// Option line Duplex.
    pub duplex: &'static str,
    /// Option line HalfDuplex.
    pub half_duplex: &'static str,
    /// Option line Quodlibet.
    pub quodlibet: &'static str,
    /// Option CastlingMutuallyExclusive (its line is not centred).
    pub castling_mutually_exclusive: &'static str,
}

const ENGLISH: Words = Words {
    solution_finished: "solution finished.",
    solution_partial: "Partial solution",
    solving_interrupted: "solving interrupted.",
    time: "Time = ",
    zugzwang: "zugzwang.",
    threat: "threat:",
    but: "but",
    refutes: "refutes.",
    white: "White",
    black: "Black",
    neutral: "Neutral",
    total_invisible: "TI",
    rotate: "rotate",
    mirror: "mirror",
    shift: "shift",
    polish: "PolishType",
    zeroposition: "zeroposition",
    duplex: "Duplex",
    half_duplex: "HalfDuplex",
    quodlibet: "Quodlibet",
    castling_mutually_exclusive: "CastlingMutuallyExclusive",
};

const GERMAN: Words = Words {
    solution_finished: "Loesung beendet.",
    solution_partial: "Partielle Loesung",
    solving_interrupted: "Bearbeitung abgebrochen.",
    time: "Zeit = ",
    zugzwang: "Zugzwang.",
    threat: "Drohung:",
    but: "Aber",
    refutes: "Widerlegt.",
    white: "Weiss",
    black: "Schwarz",
    neutral: "Neutral",
    total_invisible: "TU",
    rotate: "Drehung",
    mirror: "Spiegelung",
    shift: "Verschiebung",
    polish: "Farbwechsel",
    zeroposition: "NullStellung",
    duplex: "Duplex",
    half_duplex: "HalbDuplex",
    quodlibet: "Quodlibet",
    castling_mutually_exclusive: "RochadenGegenseitigAusschliessend",
};

const FRENCH: Words = Words {
    solution_finished: "solution terminee.",
    solution_partial: "solution partielle",
    solving_interrupted: "solution interrompue.",
    time: "Temps = ",
    zugzwang: "blocus.",
    threat: "menace:",
    but: "mais",
    refutes: "Refute.",
    white: "Blanc",
    black: "Noir",
    neutral: "Neutre",
    total_invisible: "TI",
    rotate: "rotation",
    mirror: "miroir",
    shift: "translation",
    polish: "CouleurEchange",
    zeroposition: "zeroposition",
    duplex: "Duplex",
    half_duplex: "DemiDuplex",
    quodlibet: "Quodlibet",
    castling_mutually_exclusive: "RoquesMutuellementExclusifs",
};

impl Language {
    /// The words of this language.
    pub const fn words(self) -> &'static Words {
        match self {
            Language::English => &ENGLISH,
            Language::German => &GERMAN,
            Language::French => &FRENCH,
        }
    }

    /// The name of a colour, as in `=> (Black ->)`.
    pub fn colour_name(self, colour: Owner) -> &'static str {
        let w = self.words();
        match colour {
            Owner::White => w.white,
            Owner::Black => w.black,
            Owner::Neutral => w.neutral,
        }
    }

    /// The letter that stands for a colour in moves and twin headings: the
    /// initial of its name in lower case (`w`/`b`/`n`; German `w`/`s`/`n`;
    /// French `b`/`n`/`n`).
    pub fn colour_letter(self, colour: Owner) -> char {
        let name = self.colour_name(colour);
        name.chars().next().unwrap_or(' ').to_ascii_lowercase()
    }
}
