//! Chat lines, typed: who speaks, how (a tell, a channel, a shout, a game's
//! kibitz, whisper or say, an announcement) and the words. The decoder
//! gives a [`ChatLine`] after the line's text; the console sorts its tabs
//! by it, the network thread knows from it which tab a line shows in.
//!
//! ```text
//! BotA tells you: hi                        GuestXYZ(U) tells you: hi
//! Anna(SR)(TM) tells you: hello             BotB (your partner) tells you: go
//! Anna(106): hello all                      Bob(U)(53): hi
//! Anna shouts: hi      --> Anna waves       Anna c-shouts: ...   Anna t-shouts: ...
//! Bob(1740)[90] kibitzes: nice              Cid(C)( 958)[235] whispers: hm
//! Dan(----)[5] kibitzes: ...                Eve(U)[386] says: gg
//! (told BotA)                               (told BotA, who is playing)
//! **ANNOUNCEMENT** from relay: Round 3 starts
//! ```

use serde::Serialize;

use super::words::is_handle;

/// The words kept of one line at most.
const MAX_TEXT: usize = 2000;

/// Which console tab a chat line belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chat {
    /// Private: tells (and the bughouse partner's).
    Tell,
    /// Channels and shouts: to many.
    Channel,
    /// A game's kibitzes, whispers and says.
    Game,
}

/// How a line was said.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ChatKind {
    Tell,
    PartnerTell,
    Channel,
    Shout,
    /// `--> X waves`: a shout in the third person.
    ItShout,
    CShout,
    TShout,
    Kibitz,
    Whisper,
    Say,
    /// `(told X, who is playing)`: the server's word that a tell went out
    /// (`from` is the one told).
    Told,
    /// `**ANNOUNCEMENT** from X: ...`
    Announcement,
}

/// One chat line, read.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct ChatLine {
    pub kind: ChatKind,
    /// The speaker's handle (for `told`, the one told).
    pub from: String,
    /// The speaker's titles as written (`SR`, `TM`, `U`, `C`).
    pub titles: Vec<String>,
    /// The rating shown with a kibitz or a whisper (`1740`, `----`).
    pub rating: Option<String>,
    /// The game of a kibitz, a whisper or a say, where shown.
    pub game: Option<u32>,
    /// The channel of a channel tell.
    pub channel: Option<u32>,
    pub text: String,
}

impl ChatLine {
    /// The console tab it belongs to; none for what is not chat to read
    /// (the server's `told` and announcements stay in All).
    pub fn tab(&self) -> Option<Chat> {
        Some(match self.kind {
            ChatKind::Tell | ChatKind::PartnerTell => Chat::Tell,
            ChatKind::Channel
            | ChatKind::Shout
            | ChatKind::ItShout
            | ChatKind::CShout
            | ChatKind::TShout => Chat::Channel,
            ChatKind::Kibitz | ChatKind::Whisper | ChatKind::Say => Chat::Game,
            ChatKind::Told | ChatKind::Announcement => return None,
        })
    }
}

/// Reads a chat line; None for any other line.
pub fn parse_chat(line: &str) -> Option<ChatLine> {
    let line = line.trim_end();
    // A bot's qtell passing on a shout (`:mamer(TD) t-shouts: ...`): the
    // shout as read (once: `::...` is no chat).
    if let Some(passed) = line.strip_prefix(':') {
        return parse_said(passed).filter(|c| c.kind != ChatKind::Announcement);
    }
    parse_said(line)
}

/// A chat line without a qtell's `:`.
fn parse_said(line: &str) -> Option<ChatLine> {
    // The server indents its announcements (`    **ANNOUNCEMENT** ...`).
    if let Some((from, text)) = line
        .trim_start()
        .strip_prefix("**ANNOUNCEMENT** from ")
        .and_then(|rest| rest.split_once(": "))
        .filter(|(from, _)| is_handle(from))
    {
        return Some(said(ChatKind::Announcement, from, text));
    }
    if let Some(inner) = line
        .strip_prefix("(told ")
        .and_then(|r| r.strip_suffix(')'))
    {
        let (to, rest) = inner.split_once(", ").unwrap_or((inner, ""));
        return is_handle(to).then(|| said(ChatKind::Told, to, rest));
    }
    if let Some(rest) = line.strip_prefix("--> ") {
        let (from, text) = rest.split_once(' ').unwrap_or((rest, ""));
        if let Some(s) = speaker(from) {
            return Some(ChatLine {
                text: bounded(text),
                ..s.line(ChatKind::ItShout)
            });
        }
        // `--> MAd> (waves)`: the words follow the handle at once.
        let end = rest
            .find(|c: char| !c.is_ascii_alphanumeric())
            .unwrap_or(rest.len());
        let (from, text) = rest.split_at(end);
        return is_handle(from).then(|| said(ChatKind::ItShout, from, text.trim_start()));
    }
    for (marker, kind) in [
        (" (your partner) tells you: ", ChatKind::PartnerTell),
        (" tells you: ", ChatKind::Tell),
        (" c-shouts: ", ChatKind::CShout),
        (" t-shouts: ", ChatKind::TShout),
        (" shouts: ", ChatKind::Shout),
        (" kibitzes: ", ChatKind::Kibitz),
        (" whispers: ", ChatKind::Whisper),
        (" says: ", ChatKind::Say),
    ] {
        if let Some((prefix, text)) = line.split_once(marker)
            && let Some(speaker) = speaker(prefix)
        {
            return Some(ChatLine {
                text: bounded(text),
                ..speaker.line(kind)
            });
        }
    }
    // `Name(53): text`, `Name(TD)(53): text`: the last parenthesis holds a
    // number.
    let (prefix, text) = line.split_once("): ")?;
    let (head, channel) = prefix.rsplit_once('(')?;
    let channel = channel.parse().ok().filter(|_| channel.len() <= 3)?;
    let speaker = speaker(head)?;
    Some(ChatLine {
        channel: Some(channel),
        text: bounded(text),
        ..speaker.line(ChatKind::Channel)
    })
}

/// A speaker as written before the words: `Name`, `Name(TD)(TM)`,
/// `Name(1740)[90]`, `Name(C)( 958)[235]`, `Name(----)[5]`.
struct Speaker {
    handle: String,
    titles: Vec<String>,
    rating: Option<String>,
    game: Option<u32>,
}

impl Speaker {
    fn line(self, kind: ChatKind) -> ChatLine {
        ChatLine {
            kind,
            from: self.handle,
            titles: self.titles,
            rating: self.rating,
            game: self.game,
            channel: None,
            text: String::new(),
        }
    }
}

fn speaker(prefix: &str) -> Option<Speaker> {
    let end = prefix.find(['(', '[']).unwrap_or(prefix.len());
    let (handle, mut rest) = prefix.split_at(end);
    if !is_handle(handle) {
        return None;
    }
    let mut found = Speaker {
        handle: handle.to_owned(),
        titles: Vec::new(),
        rating: None,
        game: None,
    };
    while !rest.is_empty() {
        if let Some(inner) = rest.strip_prefix('(') {
            let (group, after) = inner.split_once(')')?;
            let group = group.trim();
            // `(*)`: an administrator.
            if group == "*" || group.chars().all(|c| c.is_ascii_alphabetic()) && !group.is_empty() {
                found.titles.push(group.to_owned());
            } else if group
                .chars()
                .all(|c| c.is_ascii_digit() || c == '-' || c == '+')
                && !group.is_empty()
                && group.len() <= 5
            {
                found.rating = Some(group.to_owned());
            } else {
                return None;
            }
            rest = after;
        } else if let Some(inner) = rest.strip_prefix('[') {
            let (game, after) = inner.split_once(']')?;
            found.game = Some(game.trim().parse().ok()?);
            rest = after;
        } else {
            return None;
        }
    }
    Some(found)
}

fn said(kind: ChatKind, from: &str, text: &str) -> ChatLine {
    ChatLine {
        kind,
        from: from.to_owned(),
        titles: Vec::new(),
        rating: None,
        game: None,
        channel: None,
        text: bounded(text),
    }
}

fn bounded(text: &str) -> String {
    text.chars().take(MAX_TEXT).collect()
}

#[cfg(test)]
mod tests;
