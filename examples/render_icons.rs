//! Renders `assets/icon.svg` into the PNG icons and the Windows `.ico`.
//!
//! `cargo run --example render_icons` writes
//! `resources/icons/hicolor/<N>x<N>/apps/kibitz.png` for every size the
//! desktop entry installs, and `resources/kibitz.ico` (16, 32, 48 and 256 px,
//! PNG-compressed entries). The outputs are committed; run this again after
//! changing the SVG.

use std::fs;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use resvg::{tiny_skia, usvg};

/// The hicolor sizes, in pixels (the same list `src/desktop.rs` embeds).
const PNG_SIZES: [u32; 8] = [16, 24, 32, 48, 64, 128, 256, 512];
/// The sizes in the Windows icon.
const ICO_SIZES: [u32; 4] = [16, 32, 48, 256];

fn main() -> Result<()> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let svg_path = root.join("assets/icon.svg");
    let svg = fs::read(&svg_path).with_context(|| format!("reading {}", svg_path.display()))?;
    let tree = usvg::Tree::from_data(&svg, &usvg::Options::default())
        .with_context(|| format!("parsing {}", svg_path.display()))?;

    for size in PNG_SIZES {
        let png = render_png(&tree, size)?;
        let dir = root.join(format!("resources/icons/hicolor/{size}x{size}/apps"));
        fs::create_dir_all(&dir).with_context(|| format!("creating {}", dir.display()))?;
        let path = dir.join("kibitz.png");
        fs::write(&path, &png).with_context(|| format!("writing {}", path.display()))?;
        println!("{} ({} bytes)", path.display(), png.len());
    }

    let mut entries = Vec::new();
    for size in ICO_SIZES {
        entries.push((size, render_png(&tree, size)?));
    }
    let ico = ico_file(&entries)?;
    let ico_path = root.join("resources/kibitz.ico");
    write_file(&ico_path, &ico)?;
    println!("{} ({} bytes)", ico_path.display(), ico.len());
    Ok(())
}

fn write_file(path: &Path, bytes: &[u8]) -> Result<()> {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    fs::write(path, bytes).with_context(|| format!("writing {}", path.display()))
}

/// Rasterizes the whole SVG canvas into a `size` x `size` PNG.
fn render_png(tree: &usvg::Tree, size: u32) -> Result<Vec<u8>> {
    let mut pixmap = tiny_skia::Pixmap::new(size, size).context("empty pixmap")?;
    let scale_x = size as f32 / tree.size().width();
    let scale_y = size as f32 / tree.size().height();
    resvg::render(
        tree,
        tiny_skia::Transform::from_scale(scale_x, scale_y),
        &mut pixmap.as_mut(),
    );
    // tiny-skia stores premultiplied alpha; PNG wants it straight.
    let rgba: Vec<u8> = pixmap
        .pixels()
        .iter()
        .flat_map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect();
    let image = image::RgbaImage::from_raw(size, size, rgba).context("pixel buffer size")?;
    let mut png = Vec::new();
    image
        .write_to(&mut std::io::Cursor::new(&mut png), image::ImageFormat::Png)
        .context("encoding PNG")?;
    Ok(png)
}

/// An ICO container holding PNG-compressed images (Windows Vista and later).
///
/// Layout: ICONDIR (reserved 0, type 1 = icon, count), one 16-byte
/// ICONDIRENTRY per image (width, height with 0 meaning 256, colour count,
/// reserved, planes, bits per pixel, data size, data offset), then the data.
fn ico_file(entries: &[(u32, Vec<u8>)]) -> Result<Vec<u8>> {
    let count = u16::try_from(entries.len()).context("too many ICO entries")?;
    let mut out = Vec::new();
    out.extend_from_slice(&0u16.to_le_bytes());
    out.extend_from_slice(&1u16.to_le_bytes());
    out.extend_from_slice(&count.to_le_bytes());
    let mut offset = 6 + 16 * entries.len();
    for (size, png) in entries {
        let dim = match *size {
            256 => 0u8,
            s @ 1..=255 => u8::try_from(s).context("ICO size")?,
            s => bail!("an ICO image cannot be {s} px"),
        };
        out.push(dim); // width
        out.push(dim); // height
        out.push(0); // colours in the palette: none
        out.push(0); // reserved
        out.extend_from_slice(&1u16.to_le_bytes()); // colour planes
        out.extend_from_slice(&32u16.to_le_bytes()); // bits per pixel
        out.extend_from_slice(&u32::try_from(png.len())?.to_le_bytes());
        out.extend_from_slice(&u32::try_from(offset)?.to_le_bytes());
        offset += png.len();
    }
    for (_, png) in entries {
        out.extend_from_slice(png);
    }
    Ok(out)
}
