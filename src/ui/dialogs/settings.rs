//! The settings window. Changes apply at once; the app saves them
//! atomically when they change.

use crate::config::{BoardTheme, Settings};
use crate::engine::process::EngineStatus;

/// A slider with its label before it, as desktop forms have it (egui
/// puts a slider's text after it).
fn slider_row(ui: &mut egui::Ui, label: &str, slider: egui::Slider<'_>) -> egui::Response {
    ui.horizontal(|ui| {
        let label = ui.label(label);
        ui.add(slider).labelled_by(label.id)
    })
    .inner
}

/// Four squares of the theme chosen, beside its menu.
fn theme_preview_ui(ui: &mut egui::Ui, board: &crate::config::BoardSettings) {
    let (light, dark) = crate::ui::theme::board_colors(board);
    let side = 14.0;
    let (rect, response) =
        ui.allocate_exact_size(egui::vec2(side * 4.0, side), egui::Sense::hover());
    response.widget_info(|| {
        egui::WidgetInfo::labeled(egui::Role::Image, true, format!("{} board", board.theme))
    });
    for i in 0..4 {
        let square = egui::Rect::from_min_size(
            rect.min + egui::vec2(side * i as f32, 0.0),
            egui::vec2(side, side),
        );
        ui.painter()
            .rect_filled(square, 0.0, if i % 2 == 0 { light } else { dark });
    }
}

/// The settings window, when `open`; `engines`: how the chess and the
/// variant engine are doing.
pub fn settings_window_ui(
    ctx: &egui::Context,
    settings: &mut Settings,
    engines: [&EngineStatus; 2],
    pieces: &mut crate::ui::board::pieces::PieceCache,
    open: &mut bool,
) {
    // As tall as the screen allows (it was ~350 px on a 1000 px screen),
    // the rest scrolling.
    let screen = ctx.content_rect();
    let tallest = (screen.height() - 60.0).max(200.0);
    // Opened again, it starts at the top (it kept the last scroll, even
    // over a restart: the section looked for was off screen).
    let shown_id = egui::Id::NULL.with("settings shown last frame");
    let just_opened = !ctx.data(|d| d.get_temp::<bool>(shown_id).unwrap_or(false));
    ctx.data_mut(|d| d.insert_temp(shown_id, *open));
    if !*open {
        return;
    }
    egui::Window::new("Settings")
        .open(open)
        .resizable([false, true])
        .collapsible(false)
        .default_height(tallest)
        .max_height(tallest)
        .show(ctx, |ui| {
            let mut area = egui::ScrollArea::vertical().auto_shrink([false, false]);
            if just_opened {
                area = area.vertical_scroll_offset(0.0);
            }
            area.show(ui, |ui| settings_body_ui(ui, settings, engines, pieces));
        });
}

/// The settings, section by section.
fn settings_body_ui(
    ui: &mut egui::Ui,
    settings: &mut Settings,
    engines: [&EngineStatus; 2],
    pieces: &mut crate::ui::board::pieces::PieceCache,
) {
    egui::CollapsingHeader::new(egui::RichText::new("Board").heading())
        .default_open(true)
        .show(ui, |ui| {
            ui.horizontal(|ui| {
                let label = ui.label("Theme");
                egui::ComboBox::from_id_salt("board theme")
                    .selected_text(settings.board.theme.to_string())
                    .show_ui(ui, |ui| {
                        for theme in BoardTheme::ALL {
                            ui.selectable_value(
                                &mut settings.board.theme,
                                theme,
                                theme.to_string(),
                            );
                        }
                    })
                    .response
                    .labelled_by(label.id);
                theme_preview_ui(ui, &settings.board);
            });
            if settings.board.theme == BoardTheme::Custom {
                ui.horizontal(|ui| {
                    ui.label("Light squares");
                    ui.color_edit_button_srgb(&mut settings.board.custom_light);
                    ui.label("Dark squares");
                    ui.color_edit_button_srgb(&mut settings.board.custom_dark);
                });
            }
            ui.label("Pieces");
            crate::ui::dialogs::piece_picker::piece_picker_ui(ui, &mut settings.board, pieces);
            ui.horizontal(|ui| {
                use crate::config::Appearance;
                ui.label("Windows");
                ui.radio_value(
                    &mut settings.appearance,
                    Appearance::System,
                    "as the system",
                );
                ui.radio_value(&mut settings.appearance, Appearance::Light, "light");
                ui.radio_value(&mut settings.appearance, Appearance::Dark, "dark");
            });
            slider_row(
                ui,
                "Piece size (of the square)",
                egui::Slider::new(&mut settings.board.piece_scale, 0.5..=1.0),
            );
            ui.checkbox(&mut settings.board.coordinates, "Coordinates");
            ui.checkbox(&mut settings.board.show_legal_targets, "Show legal targets");
            slider_row(
                ui,
                "Move animation (ms)",
                egui::Slider::new(&mut settings.board.animation_ms, 0..=400),
            );
        });
    egui::CollapsingHeader::new(egui::RichText::new("Play").heading())
        .default_open(true)
        .show(ui, |ui| {
            ui.checkbox(&mut settings.play.auto_queen, "Auto-queen");
            ui.checkbox(&mut settings.play.premove, "Premove");
            ui.add_enabled(
                settings.play.premove,
                egui::Checkbox::new(&mut settings.play.premove_queue, "Premove queue"),
            )
            .on_hover_text(
                "Several premoves, numbered on the board and played in order while each \
                     is legal; right click or Esc clears them all",
            );
            ui.horizontal(|ui| {
                use crate::config::AnnounceMoves;
                ui.label("Announce moves (screen reader)");
                ui.radio_value(
                    &mut settings.play.announce_moves,
                    AnnounceMoves::OwnGame,
                    "your game",
                );
                ui.radio_value(
                    &mut settings.play.announce_moves,
                    AnnounceMoves::FocusedBoard,
                    "and the board with the keyboard",
                );
                ui.radio_value(&mut settings.play.announce_moves, AnnounceMoves::Off, "off");
            });
            ui.checkbox(
                &mut settings.play.type_in,
                "Type moves on the keyboard (Nf3, e2e4, O-O, N@f3; Enter plays)",
            );
            ui.checkbox(
                &mut settings.play.confirm_resign,
                "Confirm resign, and abort in a rated game (click twice)",
            );
            ui.checkbox(
                &mut settings.play.auto_flag,
                "Claim a win on time at once (auto-flag)",
            );
            let label = ui.label("Bughouse partner tells (one button each, one per line)");
            let mut text = settings.play.ptell_buttons.join("\n");
            if ui
                .add(egui::TextEdit::multiline(&mut text).desired_rows(4))
                .labelled_by(label.id)
                .changed()
            {
                settings.play.ptell_buttons = text
                    .lines()
                    .map(str::trim)
                    .filter(|l| !l.is_empty())
                    .take(32)
                    .map(str::to_owned)
                    .collect();
            }
        });
    egui::CollapsingHeader::new(egui::RichText::new("Sounds and attention").heading())
        .default_open(true)
        .show(ui, |ui| {
            ui.checkbox(&mut settings.sound.enabled, "Sounds");
            ui.add_enabled_ui(settings.sound.enabled, |ui| {
                slider_row(
                    ui,
                    "Volume",
                    egui::Slider::new(&mut settings.sound.volume_percent, 0..=100),
                );
                ui.horizontal_wrapped(|ui| {
                    ui.checkbox(&mut settings.sound.on_move, "Move");
                    ui.checkbox(&mut settings.sound.on_capture, "Capture");
                    ui.checkbox(&mut settings.sound.on_check, "Check");
                    ui.checkbox(&mut settings.sound.on_low_time, "Low time");
                    ui.checkbox(&mut settings.sound.on_game_start_end, "Game start and end");
                    ui.checkbox(&mut settings.sound.on_tell, "Tells and friends");
                });
                ui.checkbox(
                    &mut settings.sound.on_watched_move,
                    "Moves on the watched board that has the keyboard or is shown alone",
                );
            });
            ui.checkbox(&mut settings.console_times, "Times on console lines");
            ui.checkbox(
                &mut settings.attention,
                "Ask for attention when it is my move, an offer arrives or my game ends",
            );
            low_time_ui(ui, &mut settings.alerts.low_time_seconds);
        });
    egui::CollapsingHeader::new(egui::RichText::new("Notifications").heading())
        .default_open(true)
        .show(ui, |ui| {
            ui.label("The desktop's notifications, while Kibitz is not the window in front:");
            let alerts = &mut settings.alerts;
            ui.checkbox(
                &mut alerts.notify_challenges,
                "Challenges (with Accept and Decline)",
            );
            ui.checkbox(
                &mut alerts.notify_your_game,
                "My game started, or my opponent moved after a long think",
            );
            ui.checkbox(&mut alerts.notify_low_time, "Low time");
            ui.checkbox(&mut alerts.notify_tells, "Tells");
            ui.checkbox(&mut alerts.notify_friends, "A friend arrived");
        });
    egui::CollapsingHeader::new(egui::RichText::new("Analysis").heading())
        .default_open(true)
        .show(ui, |ui| {
            ui.checkbox(
                &mut settings.analysis.on_by_default,
                "Analyse new boards (each board has its switch: Alt+E)",
            );
            engine_row_ui(
                ui,
                "Engine",
                &mut settings.analysis.engine,
                "stockfish, or a path",
                engines[0],
            );
            engine_row_ui(
                ui,
                "Variant engine",
                &mut settings.analysis.variant_engine,
                "fairy-stockfish, or a path",
                engines[1],
            );
            slider_row(
                ui,
                "Engine lines (on the board looked at)",
                egui::Slider::new(&mut settings.analysis.lines, crate::config::LINES_RANGE),
            );
            ui.checkbox(
                &mut settings.analysis.arrow,
                "The engine's best move as an arrow on the board",
            );
            slider_row(
                ui,
                "Engine threads",
                egui::Slider::new(&mut settings.analysis.threads, crate::config::THREADS_RANGE),
            );
            slider_row(
                ui,
                "Engine hash (MiB)",
                egui::Slider::new(&mut settings.analysis.hash_mb, crate::config::HASH_MB_RANGE)
                    .logarithmic(true),
            );
            slider_row(
                ui,
                "Review: time per position (ms)",
                egui::Slider::new(
                    &mut settings.analysis.review_ms,
                    crate::config::REVIEW_MS_RANGE,
                )
                .logarithmic(true),
            )
            .on_hover_text("Review game (on a game of My games) looks at every position this long");
        });
    egui::CollapsingHeader::new(egui::RichText::new("Files").heading())
        .default_open(true)
        .show(ui, |ui| {
            ui.checkbox(&mut settings.archive_games, "Save finished games as PGN");
            ui.checkbox(
                &mut settings.log_to_file,
                "Write a log file (takes effect at the next start)",
            );
        });
}

/// An engine's program (a name looked up on PATH, or a path) and how it
/// is doing.
fn engine_row_ui(
    ui: &mut egui::Ui,
    name: &str,
    command: &mut String,
    hint: &str,
    status: &EngineStatus,
) {
    ui.horizontal(|ui| {
        let label = ui.label(name);
        ui.add(
            egui::TextEdit::singleline(command)
                .hint_text(hint)
                .desired_width(220.0),
        )
        .labelled_by(label.id);
    });
    let found = crate::engine::process::locate(command);
    let text = match (status, &found) {
        (EngineStatus::Ready { name }, _) => format!("Running: {name}"),
        (EngineStatus::Failed(message), _) => message.clone(),
        (_, Some(path)) => format!(
            "Found: {} (starts when a board wants analysis)",
            path.display()
        ),
        (_, None) => {
            let program = hint.split(',').next().unwrap_or("stockfish");
            format!("Not found: install it (Debian: apt-get install {program}) or give a path")
        }
    };
    ui.label(egui::RichText::new(text).small().weak());
}

/// The low-time mark: a clock under it turns red and sounds once; 0 is
/// automatic (an eighth of the base time, 10 to 60 s).
fn low_time_ui(ui: &mut egui::Ui, seconds: &mut u32) {
    ui.horizontal(|ui| {
        let label = ui.label("Low time under");
        let max = crate::config::LOW_TIME_SECONDS_MAX;
        ui.add(
            egui::DragValue::new(seconds)
                .range(0..=max)
                .custom_formatter(|n, _| {
                    if n == 0.0 {
                        "automatic".to_owned()
                    } else {
                        format!("{n} s")
                    }
                })
                .custom_parser(|text| {
                    let text = text.trim().trim_end_matches('s').trim();
                    if text.starts_with("auto") {
                        Some(0.0)
                    } else {
                        text.parse().ok()
                    }
                }),
        )
        .labelled_by(label.id)
        .on_hover_text("0: an eighth of the game's base time, 10 to 60 s");
    });
}
