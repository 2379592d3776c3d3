//! Lines -> events: the dispatcher that knows which parser reads which line.

use super::adjourned::{
    AdjournedLine, parse_adjourned_line, parse_adjourned_names, parse_stored_row,
};
use super::bots::parse_bot_line;
use super::channels::{parse_channel_change, parse_channel_header, parse_channel_numbers};
use super::chat::parse_chat;
use super::compressed_move::parse_compressed_move;
use super::event::Event;
use super::finger::FingerParser;
use super::framing::{Frame, Framer};
use super::gameinfo::parse_gameinfo;
use super::games_list::{parse_games_end, parse_games_entry};
use super::history::parse_history_line;
use super::holdings::parse_holdings;
use super::inchannel::{
    parse_count as parse_inchannel_count, parse_members as parse_inchannel_members,
};
use super::journal::parse_journal_line;
use super::message::parse_message;
use super::messages::{
    MessagesLine, parse_header as parse_messages_header, parse_row as parse_message_row,
    parse_waiting as parse_messages_waiting,
};
use super::movelist::{Feed, MoveListParser};
use super::notice::parse_notice;
use super::notify::{
    parse_game_notification, parse_gnotify_change, parse_notify_change, parse_notify_header,
    parse_notify_names,
};
use super::offer::parse_offer_line;
use super::partnership::parse_partnership;
use super::pending::parse_pending_line;
use super::presence::{parse_presence, parse_present_company};
use super::seek::{
    SeekLine, parse_ads_removed, parse_seek_in_words, parse_seek_line, parse_sought_end,
    parse_sought_entry,
};
use super::showlist::{parse_list_header, parse_list_names};
use super::style12::Style12;
use super::who::{parse_who_end, parse_who_line};

/// Turns complete lines into events. It keeps the little state the stream
/// needs: whether clocks come in milliseconds, and a `moves` list being read.
#[derive(Debug, Default)]
pub struct LineDecoder {
    /// The server confirmed `iset ms 1` (`ms set.`): clocks are in ms.
    ms: bool,
    movelist: Option<MoveListParser>,
    /// A `finger` reply being read (until the prompt).
    finger: Option<FingerParser>,
    /// A notify list's header came: its names are the next line.
    notify_names: bool,
    /// `-- channel list: N channels --` came: the numbers are next.
    channel_numbers: bool,
    /// The old FICS's "... adjourned game with you, is online:" came: the
    /// names are the next line.
    adjourned_names: bool,
    /// A `stored` list of this player is being read (until the prompt).
    stored_for: Option<String>,
    /// A `messages` listing's heading came: its rows follow.
    message_rows: bool,
    /// A `showlist` header came: the names of this list follow.
    list_names: Option<String>,
    /// The line before read as an `inchannel` list, waiting for the count
    /// line that confirms it.
    channel_members: Option<(u32, Vec<String>)>,
}

impl LineDecoder {
    pub fn new() -> Self {
        Self::default()
    }

    /// Whether the server has confirmed millisecond clocks.
    pub fn ms(&self) -> bool {
        self.ms
    }

    /// A prompt came: a reply read up to it is complete.
    pub fn prompt(&mut self, out: &mut Vec<Event>) {
        self.stored_for = None;
        self.list_names = None;
        if let Some(parser) = self.finger.take() {
            out.push(Event::Finger(Box::new(parser.finish())));
        }
    }

    /// Decodes one line (prompt and line end already removed).
    pub fn decode(&mut self, line: String, out: &mut Vec<Event>) {
        if let Some(parser) = self.movelist.as_mut() {
            match parser.feed(&line) {
                Feed::Consumed => return out.push(Event::Text(line)),
                Feed::Done(list) => {
                    self.movelist = None;
                    out.push(Event::Text(line));
                    return out.push(Event::MoveList(Box::new(list)));
                }
                Feed::NotMine => {}
            }
        }
        if line.starts_with('<')
            && let Some(event) = self.machine_line(&line)
        {
            // Kibitz acts on boards, not on `<d1>`: the console shows it.
            if matches!(event, Event::CompressedMove(_)) {
                out.push(Event::Text(line));
            }
            return out.push(event);
        }
        // Machine lines (a board) may come between its lines.
        if let Some(parser) = self.finger.as_mut() {
            if parser.feed(&line) {
                return out.push(Event::Text(line));
            }
            // Too long for a finger: what was read is one, the rest text.
            self.prompt(out);
        }
        if std::mem::take(&mut self.channel_numbers)
            && let Some(channels) = parse_channel_numbers(&line)
        {
            out.push(Event::Text(line));
            return out.push(Event::ChannelList(channels));
        }
        if std::mem::take(&mut self.notify_names)
            && let Some(names) = parse_notify_names(&line)
        {
            out.push(Event::Text(line));
            return out.push(Event::NotifyList(names));
        }
        if std::mem::take(&mut self.adjourned_names)
            && let Some(names) = parse_adjourned_names(&line)
        {
            let online = AdjournedLine::OpponentsOnline {
                count: names.len() as u32,
                names,
            };
            out.push(Event::Text(line));
            return out.push(Event::Adjourned(online));
        }
        if let Some(list) = self.list_names.take()
            && let Some(names) = parse_list_names(&line)
        {
            self.list_names = Some(list.clone());
            out.push(Event::Text(line));
            return out.push(Event::ShowListNames { list, names });
        }
        let members = self.channel_members.take();
        if let Some((count, channel)) = parse_inchannel_count(&line) {
            let members = members
                .filter(|(c, names)| *c == channel && names.len() == count)
                .map(|(_, names)| names);
            if count == 0 || members.is_some() {
                out.push(Event::Text(line));
                let members = members.unwrap_or_default();
                return out.push(Event::InChannel { channel, members });
            }
        }
        self.channel_members = parse_inchannel_members(&line);
        if self.message_rows {
            if let Some(row) = parse_message_row(&line) {
                out.push(Event::Text(line));
                return out.push(Event::Messages(MessagesLine::Row(row)));
            }
            self.message_rows = false;
        }
        if let Some(me) = &self.stored_for
            && let Some(row) = parse_stored_row(&line, me)
        {
            out.push(Event::Text(line));
            return out.push(Event::Adjourned(row));
        }
        match line.as_str() {
            "ms set." => self.ms = true,
            "ms unset." => self.ms = false,
            _ => {}
        }
        let typed = if let Some(parser) = MoveListParser::start(&line) {
            self.movelist = Some(parser);
            None
        } else if let Some(parser) = FingerParser::start(&line) {
            self.finger = Some(parser);
            None
        } else if let Some(history) = parse_history_line(&line) {
            Some(Event::History(history))
        } else if let Some(journal) = parse_journal_line(&line) {
            Some(Event::Journal(journal))
        } else if let Some(count) = parse_notify_header(&line) {
            // The names follow on the next line (none: the list is empty).
            self.notify_names = count > 0;
            (count == 0).then(|| Event::NotifyList(Vec::new()))
        } else if let Some(line) = parse_messages_waiting(&line) {
            Some(Event::Messages(line))
        } else if let Some(heading) = parse_messages_header(&line) {
            self.message_rows = heading == MessagesLine::Header;
            Some(Event::Messages(heading))
        } else if let Some(count) = parse_channel_header(&line) {
            self.channel_numbers = count > 0;
            (count == 0).then(|| Event::ChannelList(Vec::new()))
        } else if let Some((list, count)) = parse_list_header(&line) {
            self.list_names = (count > 0).then(|| list.clone());
            Some(Event::ShowList { list, count })
        } else if let Some((channel, joined)) = parse_channel_change(&line) {
            Some(Event::ChannelChange { channel, joined })
        } else if let Some((handle, added)) = parse_notify_change(&line) {
            Some(Event::NotifyChange { handle, added })
        } else if let Some((handle, added)) = parse_gnotify_change(&line) {
            Some(Event::GameNotifyChange { handle, added })
        } else if let Some(notification) = parse_game_notification(&line) {
            Some(Event::GameNotification(notification))
        } else if let Some(entry) = parse_games_entry(&line) {
            Some(Event::GamesEntry(entry))
        } else if let Some(end) = parse_games_end(&line) {
            Some(Event::GamesEnd(end))
        } else if let Some(seek) = parse_sought_entry(&line) {
            Some(Event::SoughtEntry(seek))
        } else if let Some(count) = parse_sought_end(&line) {
            Some(Event::SoughtEnd { count })
        } else if let Some(removed) = parse_ads_removed(&line) {
            Some(Event::Seek(removed))
        } else if let Some(seek) = parse_seek_in_words(&line) {
            Some(Event::Seek(SeekLine::Add(seek)))
        } else if let Some(entries) = parse_who_line(&line) {
            Some(Event::WhoEntries(entries))
        } else if let Some(end) = parse_who_end(&line) {
            Some(Event::WhoEnd(end))
        } else if let Some(adjourned) = parse_adjourned_line(&line) {
            match &adjourned {
                // The old FICS: the names come on the next line, and the
                // event with them.
                AdjournedLine::OpponentsOnline { names, .. } if names.is_empty() => {
                    self.adjourned_names = true;
                    None
                }
                AdjournedLine::StoredHeader { handle } => {
                    self.stored_for = Some(handle.clone());
                    Some(Event::Adjourned(adjourned))
                }
                _ => Some(Event::Adjourned(adjourned)),
            }
        } else if let Some(presence) = parse_presence(&line) {
            Some(Event::Presence(presence))
        } else if let Some(partnership) = parse_partnership(&line) {
            Some(Event::Partnership(partnership))
        } else if let Some(handles) = parse_present_company(&line) {
            Some(Event::PresentCompany(handles))
        } else if let Some(bot) = parse_bot_line(&line) {
            Some(Event::Bot(bot))
        } else if let Some(chat) = parse_chat(&line) {
            Some(Event::Chat(Box::new(chat)))
        } else if let Some(notice) = parse_notice(&line) {
            Some(Event::Notice(notice))
        } else if let Some(pending) = parse_pending_line(&line) {
            Some(Event::Pending(pending))
        } else {
            parse_message(&line).map(Event::Message)
        };
        out.push(Event::Text(line));
        out.extend(typed);
    }

    /// `<12>`, `<b1>`, `<g1>`, seeks and offers. `None`: not a tag we know,
    /// so the line is console text.
    fn machine_line(&self, line: &str) -> Option<Event> {
        let unparsed = |error: String| Event::Unparsed {
            line: line.to_owned(),
            error,
        };
        if line.starts_with("<12>") {
            return Some(match Style12::parse(line, self.ms) {
                Ok(board) => Event::Board(Box::new(board)),
                Err(e) => unparsed(e.to_string()),
            });
        }
        let result = if let Some(r) = parse_holdings(line) {
            r.map(Event::Holdings).map_err(|e| e.to_string())
        } else if let Some(r) = parse_gameinfo(line) {
            r.map(Event::GameInfo).map_err(|e| e.to_string())
        } else if let Some(r) = parse_seek_line(line) {
            r.map(Event::Seek).map_err(|e| e.to_string())
        } else if let Some(r) = parse_compressed_move(line) {
            r.map(Event::CompressedMove)
        } else if let Some(r) = parse_offer_line(line) {
            r.map(Event::Offer).map_err(|e| e.to_string())
        } else if line.starts_with("<wa> ") || line.starts_with("<wd> ") {
            parse_presence(line)
                .map(Event::Presence)
                .ok_or_else(|| "not a player's arrival or departure".to_owned())
        } else {
            return None;
        };
        Some(result.unwrap_or_else(unparsed))
    }
}

/// Framing and line decoding together: raw server bytes in, events out. This
/// is all `kibitz decode` needs; the [`super::session::Session`] adds login,
/// set-up and replies on top.
#[derive(Debug, Default)]
pub struct StreamDecoder {
    framer: Framer,
    lines: LineDecoder,
}

impl StreamDecoder {
    pub fn new() -> Self {
        Self::default()
    }

    /// Feeds bytes and appends the events they complete to `out`.
    pub fn push(&mut self, bytes: &[u8], out: &mut Vec<Event>) {
        self.framer.push(bytes);
        self.drain(out);
    }

    /// Releases a line held back for a possible continuation.
    pub fn release_held(&mut self, out: &mut Vec<Event>) {
        self.framer.release_held();
        self.drain(out);
    }

    pub fn has_held_line(&self) -> bool {
        self.framer.has_held_line()
    }

    /// The stream ended: emits whatever is left.
    pub fn finish(&mut self, out: &mut Vec<Event>) {
        self.framer.finish();
        self.drain(out);
        self.lines.prompt(out);
    }

    pub fn ms(&self) -> bool {
        self.lines.ms()
    }

    fn drain(&mut self, out: &mut Vec<Event>) {
        while let Some(frame) = self.framer.next_frame() {
            match frame {
                Frame::Line(line) => self.lines.decode(line, out),
                Frame::Prompt(prompt) => {
                    self.lines.prompt(out);
                    out.push(Event::Prompt(prompt));
                }
                Frame::Ping(version) => out.push(Event::Ping(version)),
                Frame::Echo { server_echoes } => out.push(Event::Echo { server_echoes }),
                Frame::BlockStart { id, code } => out.push(Event::BlockStart { id, code }),
                Frame::BlockEnd => {
                    // A framed reply ends here, not at the prompt after it.
                    self.lines.prompt(out);
                    out.push(Event::BlockEnd);
                }
                Frame::LineCut { head } => out.push(Event::LineCut { head }),
            }
        }
    }
}
