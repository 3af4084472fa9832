//! Boards as data: points, the lines joining them, and the tables move
//! generation reads.
//!
//! A board is a rectangle of `files × ranks` points, numbered rank by rank from
//! a1 (`index = rank * files + file`, both from zero). Every point is joined to
//! its orthogonal neighbours. On a board with diagonals, a point is a
//! *diagonal point* when its file number plus its rank number (both counted
//! from one) is even, and diagonal lines join diagonal points only. Nothing
//! outside this module knows a board's size.

use core::fmt;

/// The most points any board of the project has (9 × 9).
pub const MAX_POINTS: usize = 81;

/// Marks "no neighbour" in the neighbour tables.
const NO_POINT: u8 = u8::MAX;

/// A point of a board, by index. Its name (`c3`) depends on the board: see
/// [`Geometry::name`].
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Debug)]
pub struct Point(u8);

impl Point {
    /// The point with this index. The caller guarantees `index` is on the board
    /// it will be used with.
    pub const fn from_index_unchecked(index: u8) -> Point {
        Point(index)
    }

    pub const fn index(self) -> usize {
        self.0 as usize
    }

    pub const fn to_u8(self) -> u8 {
        self.0
    }
}

/// The eight directions of the board, clockwise from north (towards higher
/// ranks, the first player's forward).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Dir {
    N = 0,
    NE = 1,
    E = 2,
    SE = 3,
    S = 4,
    SW = 5,
    W = 6,
    NW = 7,
}

impl Dir {
    pub const ALL: [Dir; 8] = [
        Dir::N,
        Dir::NE,
        Dir::E,
        Dir::SE,
        Dir::S,
        Dir::SW,
        Dir::W,
        Dir::NW,
    ];
    pub const ORTHOGONAL: [Dir; 4] = [Dir::N, Dir::E, Dir::S, Dir::W];

    pub const fn from_index(i: usize) -> Dir {
        Dir::ALL[i & 7]
    }

    pub const fn index(self) -> usize {
        self as usize
    }

    /// The direction turned 180°.
    pub const fn opposite(self) -> Dir {
        Dir::from_index(self as usize + 4)
    }

    /// Whether a step in this direction raises a point's index, on every
    /// board (numbered rank by rank, at least two files wide): north, and
    /// east on the same rank. The nearest point of a ray is then its lowest.
    #[inline(always)]
    pub const fn ascends(self) -> bool {
        // N, NE, E and NW.
        0b1000_0111u8 >> (self as u8) & 1 == 1
    }

    pub const fn is_diagonal(self) -> bool {
        (self as usize) & 1 == 1
    }

    /// File and rank steps of one move in this direction.
    pub const fn offset(self) -> (i8, i8) {
        match self {
            Dir::N => (0, 1),
            Dir::NE => (1, 1),
            Dir::E => (1, 0),
            Dir::SE => (1, -1),
            Dir::S => (0, -1),
            Dir::SW => (-1, -1),
            Dir::W => (-1, 0),
            Dir::NW => (-1, 1),
        }
    }

    /// This direction mirrored left–right (file a ↔ the last file).
    pub const fn mirrored(self) -> Dir {
        match self {
            Dir::N => Dir::N,
            Dir::NE => Dir::NW,
            Dir::E => Dir::W,
            Dir::SE => Dir::SW,
            Dir::S => Dir::S,
            Dir::SW => Dir::SE,
            Dir::W => Dir::E,
            Dir::NW => Dir::NE,
        }
    }
}

/// A set of directions, one bit each.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct DirSet(u8);

impl DirSet {
    pub const EMPTY: DirSet = DirSet(0);
    pub const ALL: DirSet = DirSet(0xFF);
    pub const ORTHOGONAL: DirSet = DirSet::of(&Dir::ORTHOGONAL);

    pub const fn of(dirs: &[Dir]) -> DirSet {
        let mut bits = 0u8;
        let mut i = 0;
        while i < dirs.len() {
            bits |= 1 << dirs[i] as u8;
            i += 1;
        }
        DirSet(bits)
    }

    pub const fn contains(self, d: Dir) -> bool {
        self.0 & (1 << d as u8) != 0
    }

    pub const fn union(self, other: DirSet) -> DirSet {
        DirSet(self.0 | other.0)
    }

    pub const fn without(self, d: Dir) -> DirSet {
        DirSet(self.0 & !(1 << d as u8))
    }

    /// Every direction turned 180° (the set seen by the other player).
    pub const fn rotated(self) -> DirSet {
        DirSet(self.0.rotate_left(4))
    }

    #[inline(always)]
    pub fn iter(self) -> DirIter {
        DirIter(self.0)
    }
}

/// The directions of a [`DirSet`], clockwise from north.
#[derive(Clone, Copy, Debug)]
pub struct DirIter(u8);

impl Iterator for DirIter {
    type Item = Dir;

    #[inline(always)]
    fn next(&mut self) -> Option<Dir> {
        if self.0 == 0 {
            return None;
        }
        let d = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(Dir::from_index(d))
    }
}

/// A board: its size, its lines, and precomputed tables.
pub struct Geometry {
    files: u8,
    ranks: u8,
    diagonals: bool,
    /// `neighbour[p][d]`: the point joined to `p` by a line in direction `d`.
    neighbour: [[u8; 8]; MAX_POINTS],
    /// Points that have a neighbour in each direction.
    has_neighbour: [u128; 8],
    /// Points that have two neighbours in a row in each direction (a jump fits).
    has_two: [u128; 8],
    diagonal_points: u128,
    all: u128,
    ranks_mask: [u128; 9],
    /// `jumps[p][..jump_count[p]]`: every short jump from `p` along a line.
    jumps: [[Jump; 8]; MAX_POINTS],
    jump_count: [u8; MAX_POINTS],
    /// `jump_over[p]`: the points a short jump from `p` passes over.
    jump_over: [u128; MAX_POINTS],
    /// `ray[p][d]`: every point reached from `p` by going on along the line in
    /// direction `d` (`p` itself not included).
    ray: [[u128; 8]; MAX_POINTS],
}

/// A short jump: from a point over its neighbour to the point beyond, in one
/// direction.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct Jump {
    pub dir: Dir,
    pub over: Point,
    pub land: Point,
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Geometry")
            .field("files", &self.files)
            .field("ranks", &self.ranks)
            .field("diagonals", &self.diagonals)
            .finish_non_exhaustive()
    }
}

impl PartialEq for Geometry {
    fn eq(&self, other: &Self) -> bool {
        // Size and lines determine every table.
        (self.files, self.ranks, self.diagonals) == (other.files, other.ranks, other.diagonals)
    }
}

impl Eq for Geometry {}

impl Geometry {
    /// Builds a board of `files × ranks` points (each at most 9), with or
    /// without the Alquerque diagonal lines.
    pub const fn new(files: u8, ranks: u8, diagonals: bool) -> Geometry {
        assert!(files >= 2 && ranks >= 2 && files <= 9 && ranks <= 9);
        let n = files as usize * ranks as usize;
        let mut neighbour = [[NO_POINT; 8]; MAX_POINTS];
        let mut has_neighbour = [0u128; 8];
        let mut has_two = [0u128; 8];
        let mut diagonal_points = 0u128;
        let mut ranks_mask = [0u128; 9];
        let none = Jump {
            dir: Dir::N,
            over: Point(NO_POINT),
            land: Point(NO_POINT),
        };
        let mut jumps = [[none; 8]; MAX_POINTS];
        let mut jump_count = [0u8; MAX_POINTS];
        let mut jump_over = [0u128; MAX_POINTS];
        let mut p = 0;
        while p < n {
            let file = (p % files as usize) as i8;
            let rank = (p / files as usize) as i8;
            let is_diagonal_point = diagonals && (file + rank) % 2 == 0;
            if is_diagonal_point {
                diagonal_points |= 1 << p;
            }
            ranks_mask[rank as usize] |= 1 << p;
            let mut d = 0;
            while d < 8 {
                let dir = Dir::from_index(d);
                let on_a_line = !dir.is_diagonal() || is_diagonal_point;
                let (df, dr) = dir.offset();
                let (f1, r1) = (file + df, rank + dr);
                let (f2, r2) = (f1 + df, r1 + dr);
                if on_a_line && inside(f1, r1, files, ranks) {
                    neighbour[p][d] = (r1 as u8) * files + f1 as u8;
                    has_neighbour[d] |= 1 << p;
                    if inside(f2, r2, files, ranks) {
                        has_two[d] |= 1 << p;
                        jumps[p][jump_count[p] as usize] = Jump {
                            dir,
                            over: Point((r1 as u8) * files + f1 as u8),
                            land: Point((r2 as u8) * files + f2 as u8),
                        };
                        jump_count[p] += 1;
                        jump_over[p] |= 1 << ((r1 as usize) * files as usize + f1 as usize);
                    }
                }
                d += 1;
            }
            p += 1;
        }
        let mut ray = [[0u128; 8]; MAX_POINTS];
        let mut p = 0;
        while p < n {
            let mut d = 0;
            while d < 8 {
                let mut q = neighbour[p][d];
                while q != NO_POINT {
                    ray[p][d] |= 1 << q;
                    q = neighbour[q as usize][d];
                }
                d += 1;
            }
            p += 1;
        }
        let all = if n == 128 {
            u128::MAX
        } else {
            (1u128 << n) - 1
        };
        Geometry {
            files,
            ranks,
            diagonals,
            neighbour,
            has_neighbour,
            has_two,
            diagonal_points,
            all,
            ranks_mask,
            jumps,
            jump_count,
            jump_over,
            ray,
        }
    }

    /// The points beyond `p` along the line in direction `d`.
    #[inline(always)]
    pub const fn ray_mask(&self, p: Point, d: Dir) -> u128 {
        self.ray[p.0 as usize][d as usize]
    }

    /// The points a short jump from `p` would pass over.
    #[inline(always)]
    pub const fn jump_over_mask(&self, p: Point) -> u128 {
        self.jump_over[p.0 as usize]
    }

    /// Every short jump from `p` along a line.
    #[inline(always)]
    pub fn jumps(&self, p: Point) -> &[Jump] {
        &self.jumps[p.index()][..self.jump_count[p.index()] as usize]
    }

    pub const fn files(&self) -> u8 {
        self.files
    }

    pub const fn ranks(&self) -> u8 {
        self.ranks
    }

    #[allow(clippy::len_without_is_empty)] // a board is never empty
    pub const fn len(&self) -> usize {
        self.files as usize * self.ranks as usize
    }

    pub const fn has_diagonals(&self) -> bool {
        self.diagonals
    }

    /// Every point of the board, a1 first, rank by rank.
    pub fn points(&self) -> impl Iterator<Item = Point> {
        (0..self.len() as u8).map(Point)
    }

    pub const fn point(&self, file: u8, rank: u8) -> Option<Point> {
        if file < self.files && rank < self.ranks {
            Some(Point(rank * self.files + file))
        } else {
            None
        }
    }

    /// File and rank of a point, from zero.
    pub const fn coords(&self, p: Point) -> (u8, u8) {
        (p.0 % self.files, p.0 / self.files)
    }

    pub const fn is_diagonal_point(&self, p: Point) -> bool {
        self.diagonal_points & (1 << p.0) != 0
    }

    /// The point joined to `p` by a line in direction `d`.
    #[inline(always)]
    pub fn neighbour(&self, p: Point, d: Dir) -> Option<Point> {
        let q = self.neighbour[p.index()][d.index()];
        (q != NO_POINT).then_some(Point(q))
    }

    /// The signed index difference of one step in direction `d`.
    pub const fn delta(&self, d: Dir) -> i32 {
        let (df, dr) = d.offset();
        df as i32 + dr as i32 * self.files as i32
    }

    pub const fn all_mask(&self) -> u128 {
        self.all
    }

    pub const fn diagonal_mask(&self) -> u128 {
        self.diagonal_points
    }

    /// Points with a neighbour in direction `d`.
    pub const fn has_neighbour_mask(&self, d: Dir) -> u128 {
        self.has_neighbour[d as usize]
    }

    /// Points with two neighbours in a row in direction `d`.
    pub const fn has_two_mask(&self, d: Dir) -> u128 {
        self.has_two[d as usize]
    }

    /// The points of one rank (from zero).
    pub const fn rank_mask(&self, rank: u8) -> u128 {
        self.ranks_mask[rank as usize]
    }

    /// The point at the same rank and the mirrored file.
    pub const fn mirror(&self, p: Point) -> Point {
        let (f, r) = self.coords(p);
        Point(r * self.files + (self.files - 1 - f))
    }

    /// Every line segment between two joined points, each listed once (from
    /// the lower index). A renderer draws the board from this.
    pub fn segments(&self) -> impl Iterator<Item = (Point, Point)> + '_ {
        self.points().flat_map(move |p| {
            [Dir::N, Dir::NE, Dir::E, Dir::NW]
                .into_iter()
                .filter_map(move |d| self.neighbour(p, d).map(|q| (p, q)))
        })
    }

    /// The name of a point, such as `c3`.
    pub fn name(&self, p: Point) -> PointName {
        let (f, r) = self.coords(p);
        PointName { file: f, rank: r }
    }

    /// Parses a point name such as `c3`.
    pub fn parse_point(&self, text: &str) -> Option<Point> {
        let bytes = text.as_bytes();
        if bytes.len() != 2 {
            return None;
        }
        let file = bytes[0].wrapping_sub(b'a');
        let rank = bytes[1].wrapping_sub(b'1');
        self.point(file, rank)
    }
}

const fn inside(file: i8, rank: i8, files: u8, ranks: u8) -> bool {
    file >= 0 && rank >= 0 && file < files as i8 && rank < ranks as i8
}

/// A point's name, displayed as file letter and rank number (`c3`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct PointName {
    file: u8,
    rank: u8,
}

impl fmt::Display for PointName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}

/// A board kept in a `static`. With the feature `fast` it is the
/// [`Geometry`] itself, its tables built at compile time into the program.
/// Without it (the page's module) its tables are built the first time they
/// are used, which keeps some 60 KB of tables out of the module; it derefs
/// to the [`Geometry`].
#[cfg(feature = "fast")]
pub type StaticGeometry = Geometry;

/// A board kept in a `static`, its tables built when first used.
#[cfg(not(feature = "fast"))]
pub struct StaticGeometry {
    files: u8,
    ranks: u8,
    diagonals: bool,
    tables: once_cell::race::OnceBox<Geometry>,
}

#[cfg(not(feature = "fast"))]
impl StaticGeometry {
    pub const fn new(files: u8, ranks: u8, diagonals: bool) -> StaticGeometry {
        StaticGeometry {
            files,
            ranks,
            diagonals,
            tables: once_cell::race::OnceBox::new(),
        }
    }
}

#[cfg(not(feature = "fast"))]
impl core::ops::Deref for StaticGeometry {
    type Target = Geometry;

    fn deref(&self) -> &Geometry {
        self.tables.get_or_init(|| {
            alloc::boxed::Box::new(Geometry::new(self.files, self.ranks, self.diagonals))
        })
    }
}

#[cfg(not(feature = "fast"))]
impl PartialEq for StaticGeometry {
    fn eq(&self, other: &Self) -> bool {
        (self.files, self.ranks, self.diagonals) == (other.files, other.ranks, other.diagonals)
    }
}

#[cfg(not(feature = "fast"))]
impl Eq for StaticGeometry {}

#[cfg(not(feature = "fast"))]
impl fmt::Debug for StaticGeometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Geometry::fmt(self, f)
    }
}

/// The 5 × 5 Alquerque board, with diagonal lines.
pub static ALQUERQUE: StaticGeometry = StaticGeometry::new(5, 5, true);
/// The 5 × 5 board with orthogonal lines only (Special).
pub static ORTHOGONAL_5: StaticGeometry = StaticGeometry::new(5, 5, false);
/// The 9 × 9 Alquerque board of Chesquerque, with diagonal lines.
pub static ALQUERQUE_9: StaticGeometry = StaticGeometry::new(9, 9, true);
/// The 8 × 8 board of Turkish draughts: squares joined orthogonally, which
/// moves exactly like points on orthogonal lines.
pub static SQUARES_8: StaticGeometry = StaticGeometry::new(8, 8, false);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn thirteen_diagonal_points_on_the_small_board() {
        let g = &ALQUERQUE;
        let names = [
            "a1", "c1", "e1", "b2", "d2", "a3", "c3", "e3", "b4", "d4", "a5", "c5", "e5",
        ];
        for p in g.points() {
            let expected = names.contains(&alloc::format!("{}", g.name(p)).as_str());
            assert_eq!(g.is_diagonal_point(p), expected, "{}", g.name(p));
        }
    }

    #[test]
    fn diagonals_only_join_diagonal_points() {
        let g = &ALQUERQUE;
        for p in g.points() {
            for d in Dir::ALL.into_iter().filter(|d| d.is_diagonal()) {
                if let Some(q) = g.neighbour(p, d) {
                    assert!(g.is_diagonal_point(p) && g.is_diagonal_point(q));
                }
            }
        }
        let b2 = g.parse_point("b2").expect("b2");
        let c2 = g.parse_point("c2").expect("c2");
        assert_eq!(g.neighbour(b2, Dir::NE), g.parse_point("c3"));
        assert_eq!(g.neighbour(c2, Dir::NE), None);
    }

    #[test]
    fn line_counts() {
        // 5x5: 40 orthogonal segments; 16 diagonal ones (two long diagonals of
        // 4 segments and four short ones of 2).
        assert_eq!(ALQUERQUE.segments().count(), 56);
        assert_eq!(ORTHOGONAL_5.segments().count(), 40);
    }

    #[test]
    fn names_round_trip() {
        for p in ALQUERQUE.points() {
            let name = alloc::format!("{}", ALQUERQUE.name(p));
            assert_eq!(ALQUERQUE.parse_point(&name), Some(p));
        }
        assert_eq!(ALQUERQUE.parse_point("f1"), None);
        assert_eq!(ALQUERQUE.parse_point("a6"), None);
        assert_eq!(ALQUERQUE.parse_point("a"), None);
    }
}
