//! Where a board's points fall on the canvas, and which point a pixel is on.
//!
//! Pure arithmetic, free of the DOM, so it runs under native `cargo test`.
//! Everything is in canvas pixels (the backing store, CSS pixels times the
//! device pixel ratio); a pointer position in CSS pixels must be scaled by the
//! canvas's pixel ratio before [`Layout::point_at`]. Rank 1 is at the bottom
//! and file `a` on the left. Positions are snapped to whole pixels so lines
//! stay sharp.

use engine::{Geometry, Point};

/// Room outside the outermost lines, in line spacings: on the left and at the
/// bottom enough for the labels, elsewhere enough for a piece on an edge
/// point.
const LABELLED_MARGIN: f64 = 0.85;
const PLAIN_MARGIN: f64 = 0.55;
/// How close to a point a pixel must be to count as on it, in line spacings.
/// Less than half the spacing, so a press near the middle of a cell is on no
/// point rather than a guess.
const HIT_RADIUS: f64 = 0.45;
/// Line width, dot radius and label size, in line spacings.
const LINE_WIDTH: f64 = 0.03;
const DOT_RADIUS: f64 = 0.085;
const LABEL_SIZE: f64 = 0.24;
/// Distance of the labels from the outermost lines, in line spacings.
const LABEL_OFFSET: f64 = 0.58;

/// How a board fits a canvas of a given size.
#[derive(Clone, Copy, Debug)]
pub struct Layout<'g> {
    geometry: &'g Geometry,
    width: f64,
    height: f64,
    /// Centre of the top-left point (file `a`, the highest rank).
    left: f64,
    top: f64,
    spacing: f64,
    line_width: f64,
    /// Turned round: the last rank at the bottom, the last file on the left.
    flipped: bool,
}

impl<'g> Layout<'g> {
    /// Fits `geometry` centred in a canvas of `width × height` pixels. A
    /// canvas too small (or a size that is not a number) gives a layout with
    /// zero spacing, on which no pixel is on a point.
    pub fn new(geometry: &'g Geometry, width: f64, height: f64) -> Layout<'g> {
        let width = sanitize(width);
        let height = sanitize(height);
        let (gaps_x, gaps_y) = gaps(geometry);
        let margins = LABELLED_MARGIN + PLAIN_MARGIN;
        let spacing = (width / (gaps_x + margins))
            .min(height / (gaps_y + margins))
            .floor();
        let line_width = (spacing * LINE_WIDTH).round().max(1.0);
        // An odd line width centred on a whole pixel would blur across two
        // pixels; centre it on the middle of one instead.
        let nudge = if line_width % 2.0 == 1.0 { 0.5 } else { 0.0 };
        Layout {
            geometry,
            width,
            height,
            left: ((width - spacing * (gaps_x + margins)) / 2.0 + spacing * LABELLED_MARGIN)
                .floor()
                + nudge,
            top: ((height - spacing * (gaps_y + margins)) / 2.0 + spacing * PLAIN_MARGIN).floor()
                + nudge,
            spacing,
            line_width,
            flipped: false,
        }
    }

    /// The same layout turned round (Black's view) or not.
    pub fn flipped(mut self, flipped: bool) -> Layout<'g> {
        self.flipped = flipped;
        self
    }

    pub fn is_flipped(&self) -> bool {
        self.flipped
    }

    /// A file and rank as drawn: turned round when flipped.
    fn turn(&self, file: f64, rank: f64) -> (f64, f64) {
        if self.flipped {
            let (gaps_x, gaps_y) = gaps(self.geometry);
            (gaps_x - file, gaps_y - rank)
        } else {
            (file, rank)
        }
    }

    pub fn geometry(&self) -> &'g Geometry {
        self.geometry
    }

    pub fn width(&self) -> f64 {
        self.width
    }

    pub fn height(&self) -> f64 {
        self.height
    }

    /// Distance between neighbouring points along a rank or a file.
    pub fn spacing(&self) -> f64 {
        self.spacing
    }

    /// Centre of the top-left point.
    pub fn top_left(&self) -> (f64, f64) {
        (self.left, self.top)
    }

    pub fn line_width(&self) -> f64 {
        self.line_width
    }

    pub fn dot_radius(&self) -> f64 {
        self.spacing * DOT_RADIUS
    }

    /// The radius of a piece: large, yet clear of the lines' midpoints.
    pub fn piece_radius(&self) -> f64 {
        (self.spacing * 0.34).round()
    }

    /// Label font size in pixels.
    pub fn label_size(&self) -> f64 {
        (self.spacing * LABEL_SIZE).round()
    }

    /// Centre of a point.
    pub fn centre(&self, p: Point) -> (f64, f64) {
        let (file, rank) = self.geometry.coords(p);
        let (file, rank) = self.turn(f64::from(file), f64::from(rank));
        self.at(file, rank)
    }

    /// The point whose centre is within reach of `(x, y)`, if any.
    pub fn point_at(&self, x: f64, y: f64) -> Option<Point> {
        if self.spacing <= 0.0 || !x.is_finite() || !y.is_finite() {
            return None;
        }
        let (gaps_x, gaps_y) = gaps(self.geometry);
        let file = ((x - self.left) / self.spacing).round();
        let rank = gaps_y - ((y - self.top) / self.spacing).round();
        if !(0.0..=gaps_x).contains(&file) || !(0.0..=gaps_y).contains(&rank) {
            return None;
        }
        let (cx, cy) = self.at(file, rank);
        let reach = HIT_RADIUS * self.spacing;
        if (x - cx).powi(2) + (y - cy).powi(2) > reach * reach {
            return None;
        }
        let (file, rank) = self.turn(file, rank);
        // `file` and `rank` are whole numbers within the board, so the casts
        // are exact.
        self.geometry.point(file as u8, rank as u8)
    }

    /// The file letters below the lowest rank and the rank numbers left of
    /// the first file: each label's text and centre.
    pub fn labels(&self) -> impl Iterator<Item = (String, f64, f64)> + '_ {
        let g = self.geometry;
        let files = (0..g.files()).filter_map(move |f| {
            let name = g.point(f, 0).map(|p| g.name(p).to_string())?;
            let (column, _) = self.turn(f64::from(f), 0.0);
            let (x, _) = self.at(column, 0.0);
            let (_, y) = self.at(0.0, -LABEL_OFFSET);
            Some((name.chars().take(1).collect(), x, y))
        });
        let ranks = (0..g.ranks()).filter_map(move |r| {
            let name = g.point(0, r).map(|p| g.name(p).to_string())?;
            let (_, row) = self.turn(0.0, f64::from(r));
            let (x, y) = self.at(-LABEL_OFFSET, row);
            Some((name.chars().skip(1).collect(), x, y))
        });
        files.chain(ranks)
    }

    /// Pixel position of a (possibly fractional) file and rank.
    fn at(&self, file: f64, rank: f64) -> (f64, f64) {
        let (_, gaps_y) = gaps(self.geometry);
        (
            self.left + file * self.spacing,
            self.top + (gaps_y - rank) * self.spacing,
        )
    }
}

/// Number of spacings between the outermost files and between the outermost
/// ranks.
fn gaps(g: &Geometry) -> (f64, f64) {
    (f64::from(g.files() - 1), f64::from(g.ranks() - 1))
}

fn sanitize(length: f64) -> f64 {
    if length.is_finite() && length > 0.0 {
        length
    } else {
        0.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::geometry::{ALQUERQUE, ORTHOGONAL_5};

    fn point(name: &str) -> Point {
        ALQUERQUE.parse_point(name).expect("a point of the board")
    }

    #[test]
    fn every_centre_maps_back_to_its_point() {
        for size in [100.0, 297.0, 600.0, 1283.0] {
            let layout = Layout::new(&ALQUERQUE, size, size);
            for p in ALQUERQUE.points() {
                let (x, y) = layout.centre(p);
                assert_eq!(layout.point_at(x, y), Some(p), "size {size}");
                let near = 0.4 * layout.spacing();
                assert_eq!(layout.point_at(x + near, y), Some(p));
                assert_eq!(layout.point_at(x, y - near), Some(p));
            }
        }
    }

    #[test]
    fn a_flipped_board_turns_round_and_maps_back() {
        let layout = Layout::new(&ALQUERQUE, 500.0, 500.0);
        let turned = layout.flipped(true);
        assert_eq!(turned.centre(point("a1")), layout.centre(point("e5")));
        assert_eq!(turned.centre(point("c3")), layout.centre(point("c3")));
        for p in ALQUERQUE.points() {
            let (x, y) = turned.centre(p);
            assert_eq!(turned.point_at(x, y), Some(p));
        }
        // The labels follow: "a" now stands under the right-hand file.
        let a = turned
            .labels()
            .find(|(text, _, _)| text == "a")
            .expect("a label");
        assert_eq!(a.1, layout.centre(point("e1")).0);
    }

    #[test]
    fn rank_one_is_at_the_bottom_and_file_a_on_the_left() {
        let layout = Layout::new(&ALQUERQUE, 500.0, 500.0);
        let (a1x, a1y) = layout.centre(point("a1"));
        let (e5x, e5y) = layout.centre(point("e5"));
        let (a5x, a5y) = layout.centre(point("a5"));
        assert!(a1x < e5x && a1y > e5y);
        assert_eq!((a5x, a5y), layout.top_left());
        assert_eq!(a1x, a5x);
        assert_eq!(e5y, a5y);
        let s = layout.spacing();
        assert_eq!(layout.centre(point("c3")), (a5x + 2.0 * s, a5y + 2.0 * s));
    }

    #[test]
    fn the_board_is_centred_and_leaves_room_for_labels() {
        // A wide canvas: the height decides the spacing.
        let layout = Layout::new(&ALQUERQUE, 900.0, 400.0);
        let s = layout.spacing();
        assert!(s > 0.0 && s * (4.0 + LABELLED_MARGIN + PLAIN_MARGIN) <= 400.0);
        // The lines with their margins, labels included, sit in the middle.
        let (left, top) = layout.top_left();
        let (right, bottom) = layout.centre(point("e1"));
        let (box_left, box_right) = (left - LABELLED_MARGIN * s, right + PLAIN_MARGIN * s);
        let (box_top, box_bottom) = (top - PLAIN_MARGIN * s, bottom + LABELLED_MARGIN * s);
        assert!(
            (box_left - (900.0 - box_right)).abs() <= 3.0,
            "centred across"
        );
        assert!(
            (box_top - (400.0 - box_bottom)).abs() <= 3.0,
            "centred down"
        );
        // Snapping to whole pixels may eat a pixel of a margin, no more.
        assert!(box_top >= -1.0 && box_bottom <= 401.5);
        for (_, x, y) in layout.labels() {
            let half = layout.label_size() / 2.0;
            assert!(x - half >= 0.0 && x + half <= 900.0);
            assert!(y - half >= 0.0 && y + half <= 400.0);
        }
    }

    #[test]
    fn lines_fall_on_whole_pixels() {
        for size in [120.0, 301.0, 599.0, 640.0, 750.0, 1280.0] {
            let layout = Layout::new(&ALQUERQUE, size, size);
            let w = layout.line_width();
            assert!(w >= 1.0 && w.fract() == 0.0);
            assert_eq!(layout.spacing().fract(), 0.0);
            // The line's edges, centre ± half its width, are pixel edges.
            let (left, top) = layout.top_left();
            assert_eq!((left - w / 2.0).fract(), 0.0, "size {size}");
            assert_eq!((top - w / 2.0).fract(), 0.0, "size {size}");
        }
    }

    #[test]
    fn pixels_away_from_points_are_on_no_point() {
        let layout = Layout::new(&ALQUERQUE, 600.0, 600.0);
        let s = layout.spacing();
        let (a5x, a5y) = layout.top_left();
        // Middle of a cell, far outside the board, and off the canvas.
        assert_eq!(layout.point_at(a5x + 0.5 * s, a5y + 0.5 * s), None);
        assert_eq!(layout.point_at(a5x - s, a5y), None);
        assert_eq!(layout.point_at(a5x + 4.0 * s, a5y + 5.0 * s), None);
        assert_eq!(layout.point_at(-1.0e12, 1.0e12), None);
        assert_eq!(layout.point_at(f64::NAN, a5y), None);
        assert_eq!(layout.point_at(a5x, f64::INFINITY), None);
    }

    #[test]
    fn a_degenerate_canvas_has_no_points() {
        for (w, h) in [(0.0, 0.0), (-5.0, 300.0), (f64::NAN, 300.0), (3.0, 3.0)] {
            let layout = Layout::new(&ALQUERQUE, w, h);
            assert_eq!(layout.spacing(), 0.0);
            assert_eq!(layout.point_at(0.0, 0.0), None);
            assert_eq!(layout.point_at(1.0, 1.0), None);
        }
    }

    #[test]
    fn labels_name_the_files_below_and_the_ranks_on_the_left() {
        let layout = Layout::new(&ORTHOGONAL_5, 500.0, 500.0);
        let labels: Vec<_> = layout.labels().collect();
        let texts: Vec<&str> = labels.iter().map(|(t, _, _)| t.as_str()).collect();
        assert_eq!(texts, ["a", "b", "c", "d", "e", "1", "2", "3", "4", "5"]);
        let (a1x, a1y) = layout.centre(ORTHOGONAL_5.point(0, 0).expect("a1"));
        for (text, _, y) in &labels[..5] {
            assert!(*y > a1y, "file {text} below rank 1");
        }
        for (text, x, _) in &labels[5..] {
            assert!(*x < a1x, "rank {text} left of file a");
        }
        assert_eq!(labels[0].1, a1x);
        assert_eq!(labels[5].2, a1y);
    }
}
