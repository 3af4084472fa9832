//! Numbering the positions of one material densely: White's men (their rank
//! among the sets of that size), Black's men over the points White leaves
//! free, each man's no-return memory where the game has one (a digit in base
//! three: none, came from the west, came from the east) and the side to
//! move.

use engine::Side;

/// The points of the 5×5 board.
pub(crate) const POINTS: u32 = 25;

/// The men of each side and what each remembers, as bit sets of points.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Men {
    pub white: u32,
    pub black: u32,
    /// Men that came from the west or the east point on their last move.
    pub west: u32,
    pub east: u32,
    pub side: Side,
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

/// The positions with `white` and `black` men, with or without the men's
/// memory.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Debug)]
pub(crate) struct Material {
    pub white: u32,
    pub black: u32,
    pub memory: bool,
}

impl Material {
    /// How many states the memories of all the men take.
    fn memories(self) -> u64 {
        if self.memory {
            3u64.pow(self.white + self.black)
        } else {
            1
        }
    }

    pub fn size(self) -> u64 {
        choose(POINTS, self.white) * choose(POINTS - self.white, self.black) * self.memories() * 2
    }

    pub fn index(self, men: Men) -> usize {
        let b = rank(squeeze(men.black, men.white));
        let per_white = choose(POINTS - self.white, self.black);
        let placed = rank(men.white) * per_white + b;
        let (mut memory, mut scale) = (0, 1);
        if self.memory {
            // One digit per man, White's from the lowest point up, then
            // Black's, the first the least.
            for set in [men.white, men.black] {
                let mut bits = set;
                while bits != 0 {
                    let p = bits & bits.wrapping_neg();
                    let digit = u64::from(men.west & p != 0) + 2 * u64::from(men.east & p != 0);
                    memory += digit * scale;
                    scale *= 3;
                    bits &= bits - 1;
                }
            }
        }
        ((placed * self.memories() + memory) * 2 + men.side.index() as u64) as usize
    }

    /// The men and the side to move of position `index`. A man may
    /// remember both sides, which no game allows: such numbers name no
    /// position.
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
        let (mut west, mut east) = (0, 0);
        if self.memory {
            for set in [white, black] {
                let mut bits = set;
                while bits != 0 {
                    let p = bits & bits.wrapping_neg();
                    match memory % 3 {
                        1 => west |= p,
                        2 => east |= p,
                        _ => {}
                    }
                    memory /= 3;
                    bits &= bits - 1;
                }
            }
        }
        Men {
            white,
            black,
            west,
            east,
            side,
        }
    }
}
