//! The sans-IO protocol core: bytes from a FICS-style server in, typed events out;
//! typed commands in, bytes to send out. Nothing here touches a socket, a thread,
//! a UI or the system clock: time is always a parameter.

pub mod adjourned;
pub mod channels;
pub mod chat;
pub mod command;
pub mod conversation;
pub mod decoder;
pub mod event;
pub mod finger;
pub mod framing;
pub mod game_type;
pub mod gameinfo;
pub mod games_list;
pub mod history;
pub mod holdings;
pub mod inchannel;
pub mod journal;
pub mod marks;
pub mod message;
pub mod messages;
pub mod movelist;
pub mod notice;
pub mod notify;
pub mod offer;
pub mod partnership;
pub mod pending;
pub mod presence;
pub mod replies;
pub mod reply;
pub mod request;
pub mod seek;
pub mod session;
pub mod style12;
pub mod timeseal;
pub mod who;
pub mod words;
