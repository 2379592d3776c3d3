//! Where each piece set's drawings are and who made them. The files are the
//! authors' own, unmodified (only renamed to `wP.svg` ... `bK.svg`); their
//! sources and licences are recorded in `assets/pieces/LICENSES.md`.

use shakmaty::{Color, Piece, Role};

use crate::config::PieceSet;

/// A set's drawings: one SVG per piece, or one sheet of them all.
pub enum Drawings {
    /// White pawn, knight, bishop, rook, queen, king, then Black's.
    Files([&'static str; 12]),
    /// One drawing of 6 x 2 equal square cells: king, queen, rook, bishop,
    /// knight, pawn from left to right, one row per side.
    Sheet {
        svg: &'static str,
        /// White's row: 0 on top, 1 below.
        white_row: u32,
    },
}

macro_rules! files {
    ($set:literal) => {
        Drawings::Files([
            include_str!(concat!("../../../assets/pieces/", $set, "/wP.svg")),
            include_str!(concat!("../../../assets/pieces/", $set, "/wN.svg")),
            include_str!(concat!("../../../assets/pieces/", $set, "/wB.svg")),
            include_str!(concat!("../../../assets/pieces/", $set, "/wR.svg")),
            include_str!(concat!("../../../assets/pieces/", $set, "/wQ.svg")),
            include_str!(concat!("../../../assets/pieces/", $set, "/wK.svg")),
            include_str!(concat!("../../../assets/pieces/", $set, "/bP.svg")),
            include_str!(concat!("../../../assets/pieces/", $set, "/bN.svg")),
            include_str!(concat!("../../../assets/pieces/", $set, "/bB.svg")),
            include_str!(concat!("../../../assets/pieces/", $set, "/bR.svg")),
            include_str!(concat!("../../../assets/pieces/", $set, "/bQ.svg")),
            include_str!(concat!("../../../assets/pieces/", $set, "/bK.svg")),
        ])
    };
}

/// The drawings of `set`.
pub fn drawings(set: PieceSet) -> Drawings {
    match set {
        PieceSet::Kibitz => files!("kibitz"),
        PieceSet::Cburnett => files!("cburnett"),
        PieceSet::Merida => files!("merida"),
        PieceSet::Xboard => files!("xboard"),
        PieceSet::GnomeFancy => files!("gnome-fancy"),
        PieceSet::GnomeSimple => files!("gnome-simple"),
        PieceSet::Fantasy => Drawings::Sheet {
            svg: include_str!("../../../assets/pieces/fantasy/fantasy.svg"),
            white_row: 1,
        },
        PieceSet::Celtic => Drawings::Sheet {
            svg: include_str!("../../../assets/pieces/celtic/celtic.svg"),
            white_row: 1,
        },
        PieceSet::Spatial => Drawings::Sheet {
            svg: include_str!("../../../assets/pieces/spatial/spatial.svg"),
            white_row: 1,
        },
    }
}

/// Who drew `set` and under which licence, as Settings credits it.
pub fn credit(set: PieceSet) -> &'static str {
    match set {
        PieceSet::Kibitz => "Drawn for Kibitz (GPL-3.0-or-later)",
        PieceSet::Cburnett => "Colin M.L. Burnett (GPL-2.0-or-later)",
        PieceSet::Merida => "Armando Hernandez Marroquin (GPL-2.0-or-later)",
        PieceSet::Xboard => "The XBoard authors (GPL-3.0-or-later)",
        PieceSet::GnomeFancy => "Alexey Kryukov, from GNOME Chess (GPL-2.0-or-later)",
        PieceSet::GnomeSimple => "W3C, from GNOME Chess (W3C Software Notice)",
        PieceSet::Fantasy | PieceSet::Celtic | PieceSet::Spatial => "Maurizio Monge (MIT)",
    }
}

/// Where `piece` is in `Drawings::Files`.
pub fn file_index(piece: Piece) -> usize {
    usize::from(piece.color.is_black()) * 6 + (piece.role as usize - 1)
}

/// The column and row of `piece` in a `Drawings::Sheet` whose White row is
/// `white_row`.
pub fn sheet_cell(piece: Piece, white_row: u32) -> (u32, u32) {
    let column = match piece.role {
        Role::King => 0,
        Role::Queen => 1,
        Role::Rook => 2,
        Role::Bishop => 3,
        Role::Knight => 4,
        Role::Pawn => 5,
    };
    let row = if piece.color == Color::White {
        white_row
    } else {
        1 - white_row
    };
    (column, row)
}
