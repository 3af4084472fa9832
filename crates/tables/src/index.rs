//! Numbering the positions of one material densely: White's pieces (their
//! rank among the sets of that size), Black's over the points White leaves
//! free, a digit per piece where the game keeps more than where pieces
//! stand, and the side to move. The digit is the no-return memory in Qirkat
//! and Bell (base three: none, came from the west, came from the east), and
//! in Special whether the piece is a king and whether it may be huffed
//! (base four).

use engine::Side;

/// The points of the 5×5 board.
pub(crate) const POINTS: u32 = 25;

/// The pieces of each side and what is known of each, as bit sets of
/// points.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Men {
    /// Every piece of each side, men and kings.
    pub white: u32,
    pub black: u32,
    /// Men that came from the west or the east point on their last move.
    pub west: u32,
    pub east: u32,
    /// Kings, and pieces the side to move may huff (Special).
    pub kings: u32,
    pub huffable: u32,
    pub side: Side,
}

impl Default for Men {
    /// No pieces, White to move.
    fn default() -> Men {
        Men {
            white: 0,
            black: 0,
            west: 0,
            east: 0,
            kings: 0,
            huffable: 0,
            side: Side::White,
        }
    }
}

/// What a piece's digit holds.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) enum Digits {
    /// Nothing: Classic.
    None,
    /// The no-return memory: Qirkat and Bell.
    Memory,
    /// Crowned, and huffable: Special.
    KingsAndHuffs,
}

impl Digits {
    fn base(self) -> u64 {
        match self {
            Digits::None => 1,
            Digits::Memory => 3,
            Digits::KingsAndHuffs => 4,
        }
    }

    fn of(self, men: Men, p: u32) -> u64 {
        let has = |set: u32| u64::from(set & p != 0);
        match self {
            Digits::None => 0,
            Digits::Memory => has(men.west) + 2 * has(men.east),
            Digits::KingsAndHuffs => has(men.kings) + 2 * has(men.huffable),
        }
    }

    fn set(self, men: &mut Men, p: u32, digit: u64) {
        let sets = match self {
            Digits::None => return,
            Digits::Memory => [&mut men.west, &mut men.east],
            Digits::KingsAndHuffs => [&mut men.kings, &mut men.huffable],
        };
        for (bit, set) in sets.into_iter().enumerate() {
            if digit & (1 << bit) != 0 {
                *set |= p;
            }
        }
    }
}

/// `n` choose `k`.
fn choose(n: u32, k: u32) -> u64 {
    if k > n {
        return 0;
    }
    (0..k).fold(1u64, |acc, i| acc * u64::from(n - i) / u64::from(i + 1))
}

/// The rank of a set of points among the sets of its size (colex order).
pub(crate) fn rank(set: u32) -> u64 {
    let mut r = 0;
    let mut bits = set;
    let mut i = 1;
    while bits != 0 {
        let p = bits.trailing_zeros();
        r += choose(p, i);
        bits &= bits - 1;
        i += 1;
    }
    r
}

/// The set of `k` points of rank `r` (the inverse of [`rank`]).
pub(crate) fn unrank(mut r: u64, k: u32) -> u32 {
    let mut set = 0;
    for i in (1..=k).rev() {
        let mut p = i - 1;
        while choose(p + 1, i) <= r {
            p += 1;
        }
        set |= 1 << p;
        r -= choose(p, i);
    }
    set
}

/// `set`'s points renumbered over the points `taken` leaves free.
pub(crate) fn squeeze(set: u32, taken: u32) -> u32 {
    let mut out = 0;
    let mut bits = set;
    while bits != 0 {
        let p = bits.trailing_zeros();
        out |= 1 << (p - (taken & ((1 << p) - 1)).count_ones());
        bits &= bits - 1;
    }
    out
}

/// The inverse of [`squeeze`]: free-point numbers back to points.
pub(crate) fn unsqueeze(set: u32, taken: u32) -> u32 {
    let mut out = 0;
    let mut free = 0;
    for p in 0..POINTS {
        if taken & (1 << p) == 0 {
            if set & (1 << free) != 0 {
                out |= 1 << p;
            }
            free += 1;
        }
    }
    out
}

/// The positions with `white` and `black` pieces, and a digit per piece
/// where the game has one.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) struct Material {
    pub white: u32,
    pub black: u32,
    pub digits: Digits,
}

impl Material {
    /// How many states the digits of all the pieces take.
    fn memories(self) -> u64 {
        self.digits.base().pow(self.white + self.black)
    }

    pub fn size(self) -> u64 {
        choose(POINTS, self.white) * choose(POINTS - self.white, self.black) * self.memories() * 2
    }

    pub fn index(self, men: Men) -> usize {
        let b = rank(squeeze(men.black, men.white));
        let per_white = choose(POINTS - self.white, self.black);
        let placed = rank(men.white) * per_white + b;
        let (mut memory, mut scale) = (0, 1);
        // One digit per piece, White's from the lowest point up, then
        // Black's, the first the least.
        let base = self.digits.base();
        if base > 1 {
            for set in [men.white, men.black] {
                let mut bits = set;
                while bits != 0 {
                    let p = bits & bits.wrapping_neg();
                    memory += self.digits.of(men, p) * scale;
                    scale *= base;
                    bits &= bits - 1;
                }
            }
        }
        ((placed * self.memories() + memory) * 2 + men.side.index() as u64) as usize
    }

    /// The pieces and the side to move of position `index`. A man may
    /// remember a point off the board, or (Special) a man stand on the rank
    /// that crowns it or a huffable piece be the side to move's: such
    /// numbers name no position.
    pub fn position(self, index: usize) -> Men {
        let index = index as u64;
        let side = if index % 2 == 0 {
            Side::White
        } else {
            Side::Black
        };
        let mut memory = (index / 2) % self.memories();
        let placed = (index / 2) / self.memories();
        let per_white = choose(POINTS - self.white, self.black);
        let (w, b) = (placed / per_white, placed % per_white);
        let white = unrank(w, self.white);
        let black = unsqueeze(unrank(b, self.black), white);
        let mut men = Men {
            white,
            black,
            side,
            ..Men::default()
        };
        let base = self.digits.base();
        if base > 1 {
            for set in [white, black] {
                let mut bits = set;
                while bits != 0 {
                    let p = bits & bits.wrapping_neg();
                    self.digits.set(&mut men, p, memory % base);
                    memory /= base;
                    bits &= bits - 1;
                }
            }
        }
        men
    }
}
