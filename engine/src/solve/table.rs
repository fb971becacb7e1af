//! The transposition table: what is known of positions already searched, one word per
//! answer, and the table the workers of a shared search use together.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

/// The transposition table: what is known of positions already searched, each answer
/// a key (a Zobrist hash folded with the question asked) and a truth value.
///
/// Open addressing with linear probing over one array of words, each the key with its
/// lowest bit replaced by the answer (0 marks an empty slot): a lookup usually touches one
/// cache line, where a general map touches two. It doubles when half full.
pub(super) struct Table {
    slots: Vec<u64>,
    len: usize,
    /// The most slots it grows to (a power of two).
    max_slots: usize,
    /// The table of the workers of a shared help play, when this is one of them: then
    /// it is used instead of the slots.
    shared: Option<Arc<SharedTable>>,
}

/// The table the workers of a shared help play use together ([`Solver::help_root`](super::Solver)):
/// the same words as a [`Table`], in atomic slots of a fixed number. An answer that
/// finds no free slot near its place replaces the one at its place: a lost answer costs
/// a search again, never a wrong one.
pub(super) struct SharedTable {
    slots: Vec<AtomicU64>,
}

impl SharedTable {
    /// Slots looked at from an answer's place.
    const PROBES: usize = 16;

    pub(super) fn new(bits: u32) -> SharedTable {
        SharedTable {
            slots: (0..1usize << bits).map(|_| AtomicU64::new(0)).collect(),
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key >> 20) as usize & (self.slots.len() - 1)
    }

    fn get(&self, key: u64) -> Option<bool> {
        let key = (key & Table::KEY).max(2);
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        for _ in 0..SharedTable::PROBES {
            let w = self.slots[i].load(Ordering::Relaxed);
            if w == 0 {
                return None;
            }
            if w & Table::KEY == key {
                return Some(w & 1 == 1);
            }
            i = (i + 1) & mask;
        }
        None
    }

    fn insert(&self, key: u64, value: bool) {
        let key = (key & Table::KEY).max(2);
        let word = key | u64::from(value);
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        for _ in 0..SharedTable::PROBES {
            let slot = &self.slots[i];
            let w = slot.load(Ordering::Relaxed);
            let mine = w & Table::KEY == key;
            if mine
                || (w == 0
                    && match slot.compare_exchange(0, word, Ordering::Relaxed, Ordering::Relaxed) {
                        Ok(_) => return,
                        Err(now) => now & Table::KEY == key,
                    })
            {
                slot.store(word, Ordering::Relaxed);
                return;
            }
            i = (i + 1) & mask;
        }
        self.slots[self.slot(key)].store(word, Ordering::Relaxed);
    }
}

impl Table {
    const KEY: u64 = !1;
    /// The slots a table starts with (512 KiB).
    const FIRST_SLOTS: usize = 1 << 16;

    /// A table of at most `bytes` (rounded down to a power of two, at least its first
    /// size).
    pub(super) fn new(bytes: usize) -> Table {
        let max_slots = slots_within(bytes).max(Table::FIRST_SLOTS);
        Table {
            slots: vec![0; Table::FIRST_SLOTS],
            len: 0,
            max_slots,
            shared: None,
        }
    }

    /// Whether this is a worker's table, the shared one.
    pub(super) fn is_shared(&self) -> bool {
        self.shared.is_some()
    }

    /// A worker's table: the shared one.
    pub(super) fn shared(shared: Arc<SharedTable>) -> Table {
        Table {
            slots: Vec::new(),
            len: 0,
            max_slots: 0,
            shared: Some(shared),
        }
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        // the high bits index: they are as well mixed as the low ones and leave the
        // lowest bit to the answer
        (key >> 20) as usize & (self.slots.len() - 1)
    }

    /// The answer stored for `key`, if any.
    #[inline]
    pub(super) fn get(&self, key: u64) -> Option<bool> {
        if let Some(shared) = &self.shared {
            return shared.get(key);
        }
        let key = (key & Table::KEY).max(2);
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        loop {
            let w = self.slots[i];
            if w == 0 {
                return None;
            }
            if w & Table::KEY == key {
                return Some(w & 1 == 1);
            }
            i = (i + 1) & mask;
        }
    }

    /// Stores `value` for `key` (replacing an answer stored before).
    #[inline]
    pub(super) fn insert(&mut self, key: u64, value: bool) {
        if let Some(shared) = &self.shared {
            return shared.insert(key, value);
        }
        if 2 * (self.len + 1) > self.slots.len() {
            if self.slots.len() >= self.max_slots {
                // full at its largest: it only caches answers, so it starts afresh
                self.slots.fill(0);
                self.len = 0;
            } else {
                self.grow();
            }
        }
        let key = (key & Table::KEY).max(2);
        self.put(key | u64::from(value));
    }

    fn put(&mut self, word: u64) {
        let mask = self.slots.len() - 1;
        let mut i = self.slot(word & Table::KEY);
        loop {
            let w = self.slots[i];
            if w == 0 {
                self.slots[i] = word;
                self.len += 1;
                return;
            }
            if w & Table::KEY == word & Table::KEY {
                self.slots[i] = word;
                return;
            }
            i = (i + 1) & mask;
        }
    }

    fn grow(&mut self) {
        let size = 2 * self.slots.len().max(1);
        let old = std::mem::replace(&mut self.slots, vec![0; size]);
        self.len = 0;
        for w in old.into_iter().filter(|&w| w != 0) {
            self.put(w);
        }
    }
}

/// One table key for a question (`tag`, with `n` moves) about the position `hash`.
pub(super) fn table_key(hash: u64, n: u32, tag: u8) -> u64 {
    hash ^ (u64::from(n) + 1).wrapping_mul(0xA24B_AED4_963E_E407)
        ^ (u64::from(tag) + 1).wrapping_mul(0x9FB2_1C65_1E98_DF25)
}

/// Table tags, so that different questions about one position do not mix.
pub(super) const TAG_ATTACK: u8 = 0;
pub(super) const TAG_DEFENCE: u8 = 1;
pub(super) const TAG_HELP: u8 = 2;
pub(super) const TAG_SERIES: u8 = 3;

/// The shared table's size, as a power of two of its slots (32 MiB), at most.
pub(super) const SHARED_TABLE_BITS: u32 = 22;

/// The most slots of a word each that `bytes` hold, a power of two (at least one).
pub(super) fn slots_within(bytes: usize) -> usize {
    let words = (bytes / 8).max(1);
    1 << (usize::BITS - 1 - words.leading_zeros())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_table_never_grows_past_its_bytes() {
        assert_eq!(slots_within(256 << 20), 1 << 25);
        assert_eq!(slots_within(100 << 20), 1 << 23);
        let mut table = Table::new(1 << 20);
        for key in 0..1_000_000u64 {
            table.insert(key.wrapping_mul(0x9E37_79B9_7F4A_7C15), true);
            assert!(table.slots.len() * 8 <= 1 << 20);
        }
    }
}
