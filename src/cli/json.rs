//! The NDJSON schema of `kibitz decode` (and later `watch` and `replay`):
//! one object per event, always with a `"type"`. Documented in the README;
//! a public interface, so fields are only ever added.

use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::protocol::event::Event;
use crate::protocol::framing::Prompt;
use crate::protocol::style12::{Style12, VerboseMove};

/// The JSON object for one event.
pub fn event_json(event: &Event) -> Value {
    match event {
        Event::Text(text) => json!({"type": "text", "text": text}),
        // The name it had when only the set-up's answers were Kibitz's own.
        Event::OwnReply(text) => json!({"type": "setup_reply", "text": text}),
        Event::Reply(reply) => json!({
            "type": "reply",
            "id": reply.to.0,
            "origin": match reply.origin {
                crate::protocol::request::Origin::User => "user",
                crate::protocol::request::Origin::Kibitz => "kibitz",
            },
            "answer": reply.answer.name(),
            "items": reply.answer.items(),
        }),
        Event::Unparsed { line, error } => {
            json!({"type": "unparsed", "line": line, "error": error})
        }
        Event::LineCut { head } => json!({"type": "line_cut", "head": head}),
        Event::Prompt(prompt) => prompt_json(prompt),
        Event::Echo { server_echoes } => json!({"type": "echo", "server_echoes": server_echoes}),
        Event::Ping(version) => json!({"type": "ping", "timeseal": version}),
        Event::BlockStart { id, code } => json!({"type": "block_start", "id": id, "code": code}),
        Event::BlockEnd => json!({"type": "block_end"}),
        Event::LoggedIn { handle, titles } => {
            json!({"type": "logged_in", "handle": handle, "titles": titles})
        }
        Event::LoginFailed { reason } => json!({"type": "login_failed", "reason": reason}),
        Event::TimesealRefused { text } => json!({"type": "timeseal_refused", "text": text}),
        Event::LinkQuiet { heard_at } => {
            json!({"type": "link_quiet", "heard_at_ms": heard_at.as_millis() as u64})
        }
        Event::LinkHeard => json!({"type": "link_heard"}),
        Event::LinkLost { silent } => {
            json!({"type": "link_lost", "silent_ms": silent.as_millis() as u64})
        }
        Event::Board(board) => board_json(board),
        Event::Holdings(holdings) => tagged("holdings", holdings),
        Event::GameInfo(info) => tagged("game_info", info),
        Event::Seek(seek) => tagged("seek", seek),
        Event::SoughtEntry(seek) => tagged("sought_entry", seek),
        Event::SoughtEnd { count } => json!({"type": "sought_end", "count": count}),
        Event::Offer(offer) => tagged("offer", offer),
        Event::MoveList(list) => tagged("move_list", list),
        Event::GamesEntry(entry) => tagged("games_entry", entry),
        Event::GamesEnd(end) => tagged("games_end", end),
        Event::WhoEntries(entries) => json!({"type": "who_entries", "entries": entries}),
        Event::WhoEnd(end) => tagged("who_end", end),
        Event::Presence(presence) => tagged("presence", presence),
        Event::PresentCompany(handles) => json!({"type": "present_company", "handles": handles}),
        Event::Finger(finger) => tagged("finger", finger),
        Event::History(line) => tagged("history", line),
        Event::Journal(line) => tagged("journal", line),
        Event::NotifyList(handles) => json!({"type": "notify_list", "handles": handles}),
        Event::NotifyChange { handle, added } => {
            json!({"type": "notify_change", "handle": handle, "added": added})
        }
        Event::GameNotifyChange { handle, added } => {
            json!({"type": "gnotify_change", "handle": handle, "added": added})
        }
        Event::GameNotification(n) => tagged("game_notification", n),
        Event::Partnership(p) => tagged("partnership", p),
        Event::Adjourned(line) => tagged("adjourned", line),
        // Messages carry their own `type` (`game_end`, `observation_started` ...).
        Event::Message(message) => serde_json::to_value(message).unwrap_or(Value::Null),
        Event::Chat(chat) => tagged("chat", chat),
        // Notices carry their own `type` (`not_online`, `seek_gone` ...).
        Event::Notice(notice) => serde_json::to_value(notice).unwrap_or(Value::Null),
        Event::Pending(line) => tagged("pending", line),
        // `{"type": "bot", "bot": "relay", "kind": "game", ...}`.
        Event::Bot(line) => tagged("bot", line),
        Event::CompressedMove(m) => tagged("compressed_move", m),
        Event::ShowList { list, count } => {
            json!({"type": "showlist", "list": list, "count": count})
        }
        Event::ShowListNames { list, names } => {
            json!({"type": "showlist_names", "list": list, "names": names})
        }
        Event::ChannelList(channels) => json!({"type": "channel_list", "channels": channels}),
        Event::Messages(line) => json!({"type": "messages", "messages": line}),
        Event::InChannel { channel, members } => {
            json!({"type": "inchannel", "channel": channel, "members": members})
        }
        Event::ChannelChange { channel, joined } => {
            json!({"type": "channel_change", "channel": channel, "joined": joined})
        }
    }
}

fn prompt_json(prompt: &Prompt) -> Value {
    match prompt {
        Prompt::Command => json!({"type": "prompt", "prompt": "command"}),
        Prompt::Login => json!({"type": "prompt", "prompt": "login"}),
        Prompt::Password => json!({"type": "prompt", "prompt": "password"}),
        Prompt::EnterAsGuest { name } => {
            json!({"type": "prompt", "prompt": "enter_as_guest", "name": name})
        }
    }
}

/// `{"type": kind, ...fields of value}`; a value that is not an object goes
/// under `"value"`.
fn tagged(kind: &str, value: &impl Serialize) -> Value {
    let mut map = Map::new();
    map.insert("type".into(), kind.into());
    match serde_json::to_value(value) {
        Ok(Value::Object(fields)) => map.extend(fields),
        Ok(other) => {
            map.insert("value".into(), other);
        }
        Err(e) => {
            map.insert("error".into(), e.to_string().into());
        }
    }
    Value::Object(map)
}

/// A board: the fields the issue fixes (`game`, `fen`, `white`, `black`,
/// `relation`, `white_ms`, `black_ms`, `ticking`, `lag_ms`, `san`) and the rest
/// of the line.
pub fn board_json(b: &Style12) -> Value {
    let last_move = match &b.last_move {
        VerboseMove::None => Value::Null,
        other => other.to_string().into(),
    };
    json!({
        "type": "board",
        "game": b.game,
        "fen": b.fen(),
        "white": b.white,
        "black": b.black,
        "relation": b.relation.code(),
        "relation_name": b.relation,
        "turn": if b.turn.is_white() { "white" } else { "black" },
        "move_number": b.move_number,
        "white_ms": b.remaining_ms.white,
        "black_ms": b.remaining_ms.black,
        "clock_unit": b.clock_unit,
        "ticking": b.ticking,
        "lag_ms": b.lag_ms,
        "san": b.last_san,
        "last_move": last_move,
        "time_taken_ms": b.time_taken.ms(),
        "initial_time_min": b.initial_time_min,
        "increment_s": b.increment_s,
        "flip": b.flip,
    })
}
