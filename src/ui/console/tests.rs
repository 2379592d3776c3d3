use super::*;
use crate::local_time::TimeOfDay;
use crate::protocol::event::Event;

/// A frame of the console alone; whether it asked for another.
fn frame(ctx: &egui::Context, console: &mut Console) -> bool {
    // Time goes on between frames (a scroll's animation ends).
    let time = f64::from(ctx.cumulative_pass_nr() as u32) * 0.5;
    let input = egui::RawInput {
        time: Some(time),
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(800.0, 300.0),
        )),
        ..Default::default()
    };
    let mut output = ctx.run_ui(input, |ui| {
        console_ui(ui, console);
    });
    output.textures_delta.clear();
    output
        .viewport_output
        .values()
        .any(|v| v.repaint_delay.is_zero())
}

/// New lines in the shown tab ask for a second frame: the scroll that
/// sticks to the bottom follows them one frame late (a tell to an idle
/// window stayed below the view until the next timeseal ping).
#[test]
fn new_lines_ask_for_the_frame_that_scrolls_them_into_view() {
    let ctx = egui::Context::default();
    let mut console = Console::default();
    for i in 0..100 {
        console.push_event(&Event::Text(format!("line {i}")), TimeOfDay::default());
    }
    let settled = (0..10).any(|_| !frame(&ctx, &mut console));
    assert!(settled, "the first frames settle");
    console.push_event(
        &Event::Text("BotB tells you: are you there?".to_owned()),
        TimeOfDay::default(),
    );
    assert!(frame(&ctx, &mut console), "a second frame for the new row");
    let settled = (0..10).any(|_| !frame(&ctx, &mut console));
    assert!(settled, "then it settles");
}
