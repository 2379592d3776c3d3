//! Finished games written to the archive off the UI thread (`disk_thread.rs`):
//! a game ends in the event drain, and a slow disk stalled the window
//! there. What the thread says of each record ("game 7 saved to ...")
//! comes back for the console.

use std::path::PathBuf;

use crate::archive::{self, UtcTime};
use crate::game::Game;

use super::disk_thread::DiskThread;

/// A record to write.
pub enum Record {
    /// One game.
    Game(Box<Game>),
    /// A bughouse game's two boards, board A first.
    Bughouse(Box<[Game; 2]>),
}

/// A record to write, where, and when its game ended.
struct Job {
    dir: PathBuf,
    record: Record,
    server: String,
    ended: UtcTime,
}

/// The writing thread, once a game was archived.
#[derive(Default)]
pub struct ArchiveWriting {
    worker: Option<DiskThread<Job, String>>,
    /// Notes of records written here (no thread could start).
    written_here: Vec<String>,
}

impl ArchiveWriting {
    /// Writes `record` into the archive in `dir` (`window`: woken when it
    /// is written, for the note).
    pub fn write(
        &mut self,
        dir: PathBuf,
        record: Record,
        server: String,
        window: Option<egui::Context>,
    ) {
        let job = Job {
            dir,
            record,
            server,
            ended: UtcTime::now(),
        };
        if self.worker.is_none() {
            self.worker = DiskThread::start("kibitz-archive-writer", window, |job: Job| {
                Some(write_record(&job.dir, &job.record, &job.server, job.ended))
            });
        }
        let job = match &self.worker {
            Some(worker) => match worker.send(job) {
                Ok(()) => return,
                Err(job) => job,
            },
            None => job,
        };
        // No thread to take it: written here rather than lost.
        self.written_here
            .push(write_record(&job.dir, &job.record, &job.server, job.ended));
    }

    /// What was said of the records written since (for the console).
    pub fn notes(&mut self) -> Vec<String> {
        let mut notes = std::mem::take(&mut self.written_here);
        if let Some(worker) = &self.worker {
            notes.extend(worker.answers());
        }
        notes
    }

    /// Waits until every record given so far is written (tests).
    pub fn wait(&mut self) {
        if let Some(worker) = &self.worker {
            worker.wait();
        }
    }
}

/// Appends the record: what to say of it.
fn write_record(dir: &std::path::Path, record: &Record, server: &str, ended: UtcTime) -> String {
    match record {
        Record::Game(game) => {
            let number = game.number;
            match archive::append(dir, game, server, ended) {
                Ok(path) => format!("game {number} saved to {}", path.display()),
                Err(e) => format!("game {number} NOT saved: {e:#}"),
            }
        }
        Record::Bughouse(boards) => {
            let numbers = format!("{} and {}", boards[0].number, boards[1].number);
            let [a, b] = &**boards;
            match archive::append_bughouse(dir, [a, b], server, ended) {
                Ok(path) => format!("bughouse games {numbers} saved to {}", path.display()),
                Err(e) => format!("bughouse games {numbers} NOT saved: {e:#}"),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::protocol::decoder::StreamDecoder;

    /// A finished game of two moves, as the store has it.
    fn finished_game() -> Game {
        let mut store = crate::game::GameStore::new();
        let mut events = Vec::new();
        let mut decoder = StreamDecoder::new();
        decoder.push(
            b"<12> rnbqkbnr pppppppp -------- -------- ----P--- -------- PPPP-PPP RNBQKBNR B 4 1 1 1 1 0 9 Ann Bob 0 5 0 39 39 300 300 1 P/e2-e4 (0:01) e4 0\n\r\
<12> rnbqkbnr pppp-ppp -------- ----p--- ----P--- -------- PPPP-PPP RNBQKBNR W 4 1 1 1 1 0 9 Ann Bob 0 5 0 39 39 300 300 2 P/e7-e5 (0:01) e5 0\n\r\
{Game 9 (Ann vs. Bob) Ann resigns} 0-1\n\r",
            &mut events,
        );
        decoder.finish(&mut events);
        for event in &events {
            store.apply(std::time::Duration::ZERO, event);
        }
        store.get(9).expect("game 9").clone()
    }

    /// The record is written on the writing thread: there once it is
    /// done, its note then said; records still queued are written before
    /// the writer goes.
    #[test]
    fn games_are_written_off_the_ui_thread_and_none_is_lost() {
        let dir = std::env::temp_dir().join(format!("kibitz-writing-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let game = finished_game();
        assert!(game.is_over());
        let mut writing = ArchiveWriting::default();
        writing.write(
            dir.clone(),
            Record::Game(Box::new(game.clone())),
            "fics".into(),
            None,
        );
        writing.wait();
        let notes = writing.notes();
        assert_eq!(notes.len(), 1, "{notes:?}");
        assert!(notes[0].starts_with("game 9 saved to"), "{notes:?}");
        // Queued, then the writer dropped (the app closing): written.
        writing.write(
            dir.clone(),
            Record::Game(Box::new(game)),
            "fics".into(),
            None,
        );
        drop(writing);
        let text: String = std::fs::read_dir(dir.join("games"))
            .expect("the archive")
            .flatten()
            .map(|e| std::fs::read_to_string(e.path()).expect("pgn"))
            .collect();
        assert_eq!(text.matches("[White \"Ann\"]").count(), 2, "{text}");
        let _ = std::fs::remove_dir_all(&dir);
    }
}
