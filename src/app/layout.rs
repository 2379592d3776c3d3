//! The workspace layout remembered across runs in eframe's storage: the
//! lobby open or not, free tiling, and its tree.

/// Where the layout is kept in eframe's storage.
const LAYOUT_KEY: &str = "kibitz-layout";

#[derive(serde::Serialize, serde::Deserialize)]
#[serde(default)]
pub struct Layout {
    pub lobby_open: bool,
    pub free_tiling: bool,
    /// The free-tiling tree; its panes are game numbers, which the next
    /// session's games replace as they come.
    pub tiles: Option<egui_tiles::Tree<u32>>,
}

impl Default for Layout {
    fn default() -> Self {
        Layout {
            lobby_open: true,
            free_tiling: false,
            tiles: None,
        }
    }
}

impl Layout {
    /// The layout of the last run, if one was kept.
    pub fn restored(storage: &dyn eframe::Storage) -> Option<Layout> {
        eframe::get_value(storage, LAYOUT_KEY)
    }

    pub fn save(&self, storage: &mut dyn eframe::Storage) {
        eframe::set_value(storage, LAYOUT_KEY, self);
    }
}
