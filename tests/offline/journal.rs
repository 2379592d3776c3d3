//! Journals as the old FICS lists them (a real transcript): the header,
//! the rows with their slot letters, a player without a journal; and the
//! failed `jsave` of this build, which stays plain text.

use crate::common;

use kibitz::protocol::event::Event;
use kibitz::protocol::game_type::GameType;
use kibitz::protocol::journal::JournalLine;

fn journal_lines(file: &str) -> Vec<JournalLine> {
    common::decode(&common::read(&common::fixtures_dir().join(file)))
        .into_iter()
        .filter_map(|e| match e {
            Event::Journal(line) => Some(line),
            _ => None,
        })
        .collect()
}

#[test]
fn the_old_fics_lists_a_journal() {
    let lines = journal_lines("real-server/journal-kibuser.bin");
    // `journal` and `journal KibUser`: a header and two rows each; then
    // BotA's, which is empty.
    assert_eq!(lines.len(), 7, "{lines:#?}");
    let rows: Vec<_> = lines
        .iter()
        .filter_map(|l| match l {
            JournalLine::Row(row) => Some(row),
            _ => None,
        })
        .collect();
    assert_eq!(rows.len(), 4);
    let b = rows[1];
    assert_eq!(b.slot, 'B');
    assert_eq!((b.white.as_str(), b.white_rating), ("BotA", 1653));
    assert_eq!((b.black.as_str(), b.black_rating), ("KibUser", 1787));
    assert_eq!(b.game_type, GameType::Blitz);
    assert!(b.rated);
    assert_eq!((b.time_min, b.increment_s), (5, 2));
    assert_eq!(
        (b.eco.as_str(), b.reason.as_str(), b.result.as_str()),
        ("C20", "Mat", "1-0")
    );
    assert_eq!(
        lines[0],
        JournalLine::Header {
            handle: "KibUser".into()
        }
    );
    assert!(matches!(lines[6], JournalLine::NoJournal { .. }));
}

#[test]
fn a_failed_jsave_is_text_and_the_empty_journal_is_read() {
    let events = common::decode(&common::read(
        &common::fixtures_dir().join("real-server/jsave-kibuser.bin"),
    ));
    assert!(
        events.iter().any(
            |e| matches!(e, Event::Text(t) if t == "Gamefile is corrupt. Please tell an admin.")
        )
    );
    let journals: Vec<_> = events
        .iter()
        .filter(|e| matches!(e, Event::Journal(_)))
        .collect();
    assert!(
        matches!(
            journals.as_slice(),
            [Event::Journal(JournalLine::NoJournal { .. })]
        ),
        "{journals:#?}"
    );
}
