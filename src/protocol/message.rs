//! The server's prose that means something to a client: session start and
//! end, games created, observed and ended, illegal moves, offers in words.
//!
//! Lines are matched anchored and whole (after prompt stripping), never as
//! substrings of arbitrary text, so a tell quoting `{Game 1 ...}` cannot fake
//! a game end. Wording comes from two server code bases and the live server
//! (`shared/protocol.md` §2, §9, §10, §12); where they differ, both are
//! accepted.

use serde::Serialize;

/// A prose line the client acts on.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Message {
    /// `**** Starting FICS session as NAME(TITLES) ****`.
    SessionStarted { handle: String, titles: Vec<String> },
    /// `**** Invalid password! ****`.
    InvalidPassword,
    /// The server refused the handle or the guest login (its words).
    LoginRefused { text: String },
    /// Another login with our handle kicked us out.
    Kicked { text: String },
    /// We logged in and kicked out an older session of ours.
    KickedOtherSession { handle: String },
    /// `**** Auto-logout because you were idle more than 60 minutes. ****`.
    IdleLogout,
    /// `Logging you out.`: the server's answer to `quit`.
    LoggingOut,
    /// The server announces a shutdown (now or soon).
    ServerShutdown { text: String },
    /// `Creating: W (r) B (r) rated blitz 5 0`.
    Creating(GameHeader),
    /// `{Game N (W vs. B) Creating rated blitz match.}` or `Continuing ...`.
    GameCreated {
        game: u32,
        white: String,
        black: String,
        continuing: bool,
        description: String,
    },
    /// `{Game N (W vs. B) reason} result`.
    GameEnd(GameEnd),
    /// `You are now observing game N.`
    ObservationStarted { game: u32 },
    /// `Game N: W (r) B (r) rated blitz 3 0`, sent when observing starts.
    ObservationHeader { game: u32, header: GameHeader },
    /// `Removing game N from observation list.`
    ObservationEnded { game: u32 },
    /// `observe N` (or another command naming a game) was refused: `There is
    /// no such game.` (no number: the reply follows the command's order),
    /// `Sorry, game N is a private game.`, `You are already observing the
    /// maximum number of games.`
    ObserveRefused { game: Option<u32>, text: String },
    /// `Starting a game in examine (scratch) mode.`
    ExamineStarted,
    /// `You are no longer examining game N.`
    ExamineEnded { game: u32 },
    /// `Game N (which you were observing) has no examiners.`
    ExaminersLeft { game: u32 },
    /// `X has made you an examiner of game N.`, `X is now an examiner of
    /// game N.`, `X stopped examining game N.` (a training bot's way in
    /// and out of the user's puzzle).
    Examiner {
        game: u32,
        handle: String,
        change: ExaminerChange,
    },
    /// `Game N: X backs up 2 moves.`: an examiner took moves back.
    BackedUp {
        game: u32,
        by: String,
        half_moves: u32,
    },
    /// `Illegal move (e2e5).` or the older `Illegal move.`
    IllegalMove { attempted: Option<String> },
    /// `It is not your move.`
    NotYourMove,
    /// An offer to the user, in words (servers without `iset pendinfo`).
    OfferReceived { from: String, offer: ProseOffer },
    /// An opponent (or the observed game's player) declined an offer.
    OfferDeclined { by: String, what: String },
    /// `Game N: Game clock paused.` / `resumed.`
    ClockPaused { game: u32, paused: bool },
    /// What a player of game N asked or answered, as its observers are told
    /// (`Game 97: X requests to take back 1 half move(s).`, `Game 39: X
    /// offers a draw.`): news of that game, never an offer to the user.
    GameNote { game: u32, text: String },
}

/// Who plays, at which ratings and time control: the common part of the
/// `Creating:` line and the observation header.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameHeader {
    pub white: String,
    /// As written: digits, maybe with `E`/`P`, or `----`, `++++`, `UNR`.
    pub white_rating: String,
    pub black: String,
    pub black_rating: String,
    pub rated: bool,
    /// `blitz`, `lightning`, `standard`, `untimed`, `crazyhouse`, `wild` ...
    pub kind: String,
    pub initial_time_min: Option<u32>,
    pub increment_s: Option<u32>,
}

/// Who examines a game, changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ExaminerChange {
    /// X made the user an examiner.
    MadeYou,
    /// X became an examiner.
    Joined,
    /// X stopped examining.
    Left,
}

/// An offer made in words.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum ProseOffer {
    Draw,
    Abort,
    Adjourn,
    Takeback {
        half_moves: u32,
    },
    /// `Challenge: ...`: the challenge text as sent.
    Match {
        text: String,
    },
    /// `X offers to be your bughouse partner; type "partner X" to accept.`
    Partner,
}

/// How a game ended.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct GameEnd {
    pub game: u32,
    pub white: String,
    pub black: String,
    /// The server's words, e.g. `BotB resigns`.
    pub reason_text: String,
    pub reason: EndReason,
    pub result: GameResult,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum EndReason {
    Resign,
    Checkmate,
    TimeForfeit,
    Disconnection,
    Agreement,
    Repetition,
    FiftyMove,
    Stalemate,
    InsufficientMaterial,
    Abort,
    Adjourn,
    Other,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
pub enum GameResult {
    #[serde(rename = "1-0")]
    WhiteWins,
    #[serde(rename = "0-1")]
    BlackWins,
    #[serde(rename = "1/2-1/2")]
    Draw,
    /// Aborted, adjourned or unfinished.
    #[serde(rename = "*")]
    NoResult,
}

impl GameResult {
    pub fn parse(token: &str) -> Option<GameResult> {
        Some(match token {
            "1-0" => GameResult::WhiteWins,
            "0-1" => GameResult::BlackWins,
            "1/2-1/2" => GameResult::Draw,
            "*" => GameResult::NoResult,
            _ => return None,
        })
    }

    pub fn as_str(self) -> &'static str {
        match self {
            GameResult::WhiteWins => "1-0",
            GameResult::BlackWins => "0-1",
            GameResult::Draw => "1/2-1/2",
            GameResult::NoResult => "*",
        }
    }
}

impl EndReason {
    /// Classifies the server's words by keyword; the result token is taken
    /// at face value elsewhere. Order matters: "aborts by disconnection" is
    /// an abort, "ran out of time and X has no material to mate" a draw by
    /// material.
    pub fn classify(text: &str) -> EndReason {
        let t = text.to_ascii_lowercase();
        let has = |word: &str| t.contains(word);
        if has("abort") {
            EndReason::Abort
        } else if has("adjourn") {
            EndReason::Adjourn
        } else if has("resign") {
            EndReason::Resign
        } else if has("checkmated") {
            EndReason::Checkmate
        } else if has("disconnection") || has("lost connection") {
            EndReason::Disconnection
        } else if has("repetition") {
            EndReason::Repetition
        } else if has("50 move") || has("50-move") {
            EndReason::FiftyMove
        } else if has("stalemate") {
            EndReason::Stalemate
        } else if has("material") {
            EndReason::InsufficientMaterial
        } else if has("on time") || has("ran out of time") || has("time forfeit") {
            EndReason::TimeForfeit
        } else if has("agreement") {
            EndReason::Agreement
        } else {
            EndReason::Other
        }
    }
}

/// Classifies one line; `None` means it is plain console text.
pub fn parse_message(line: &str) -> Option<Message> {
    let line = line.trim_end();
    if let Some(inner) = line.trim_start().strip_prefix("****") {
        return parse_stars(inner.strip_suffix("****").unwrap_or(inner).trim());
    }
    if line.starts_with("{Game ") {
        return parse_game_brace(line);
    }
    if let Some(rest) = line.strip_prefix("Creating: ") {
        return parse_header(rest).map(Message::Creating);
    }
    if let Some(rest) = line.strip_prefix("Game ") {
        return parse_game_colon(rest);
    }
    if let Some(game) = between(line, "You are now observing game ", ".") {
        return Some(Message::ObservationStarted { game });
    }
    if let Some(game) = between(line, "Removing game ", " from observation list.") {
        return Some(Message::ObservationEnded { game });
    }
    if line == "There is no such game."
        || line == "You are already observing the maximum number of games."
    {
        return Some(Message::ObserveRefused {
            game: None,
            text: line.to_owned(),
        });
    }
    if let Some(game) = between(line, "Sorry, game ", " is a private game.") {
        return Some(Message::ObserveRefused {
            game: Some(game),
            text: line.to_owned(),
        });
    }
    if let Some(game) = between(line, "You are no longer examining game ", ".") {
        return Some(Message::ExamineEnded { game });
    }
    if line == "Starting a game in examine (scratch) mode." {
        return Some(Message::ExamineStarted);
    }
    if let Some(rest) = line.strip_prefix("Illegal move") {
        let attempted = rest
            .strip_prefix(" (")
            .and_then(|r| r.strip_suffix(")."))
            .map(str::to_owned);
        if attempted.is_some() || rest == "." {
            return Some(Message::IllegalMove { attempted });
        }
    }
    if matches!(
        line,
        "It is not your move." | "It isn't your turn." | "It isn't your turn"
    ) {
        return Some(Message::NotYourMove);
    }
    if let Some(text) = line.strip_prefix("Challenge: ") {
        let from = text.split_whitespace().next()?.to_owned();
        let offer = ProseOffer::Match {
            text: text.to_owned(),
        };
        return Some(Message::OfferReceived { from, offer });
    }
    if line == "Logging you out." {
        return Some(Message::LoggingOut);
    }
    if let Some(examiner) = parse_examiner(line) {
        return Some(examiner);
    }
    if is_login_refusal(line) {
        return Some(Message::LoginRefused {
            text: line.to_owned(),
        });
    }
    parse_offer_prose(line)
}

fn parse_stars(inner: &str) -> Option<Message> {
    if let Some(rest) = inner.strip_prefix("Starting FICS session as ") {
        return Some(parse_session_start(rest.trim()));
    }
    if inner == "Invalid password!" {
        return Some(Message::InvalidPassword);
    }
    if inner.contains("you can't both be logged in") {
        return Some(Message::Kicked {
            text: inner.to_owned(),
        });
    }
    if let Some(handle) = inner.strip_suffix(" is already logged in - kicking them out.") {
        return Some(Message::KickedOtherSession {
            handle: handle.to_owned(),
        });
    }
    if inner.starts_with("Auto-logout") {
        return Some(Message::IdleLogout);
    }
    let lower = inner.to_ascii_lowercase();
    if lower.contains("shutdown") || lower.contains("shutting down") || lower.contains("going down")
    {
        return Some(Message::ServerShutdown {
            text: inner.to_owned(),
        });
    }
    None
}

/// `NAME(U)(TD)` -> handle and titles.
fn parse_session_start(text: &str) -> Message {
    let (handle, mut rest) = text.split_at(text.find('(').unwrap_or(text.len()));
    let mut titles = Vec::new();
    while let Some(open) = rest.strip_prefix('(') {
        let Some(close) = open.find(')') else { break };
        titles.push(open[..close].to_owned());
        rest = &open[close + 1..];
        if titles.len() >= 8 {
            break;
        }
    }
    Message::SessionStarted {
        handle: handle.trim().to_owned(),
        titles,
    }
}

fn is_login_refusal(line: &str) -> bool {
    is_name_refusal(line)
        || line == "unknown timeseal version"
        || line == "timeseal error"
        || line.contains("guest connections have been prevented")
        || line.contains("may login without an account")
        // A site banned for abuse (what registered users are told).
        || line.starts_with("Due to abusive behavior, no registered users may use this server")
        || (line.starts_with("*** Sorry ") && line.contains("is already logged in"))
}

/// The server refused the login name for its form (length or letters):
/// `Sorry, names can only consist of ...` (FICS), `Names should be at most 17
/// characters long.  Try again.` (FatICS).
pub fn is_name_refusal(line: &str) -> bool {
    line.starts_with("Sorry, names ")
        || line.starts_with("A name should be at least")
        || line.starts_with("Names should ")
}

/// `{Game N (W vs. B) text} [result]`.
fn parse_game_brace(line: &str) -> Option<Message> {
    let rest = line.strip_prefix("{Game ")?;
    let (game, rest) = rest.split_once(" (")?;
    let game = game.parse().ok()?;
    let (players, rest) = rest.split_once(") ")?;
    let (white, black) = players.split_once(" vs. ")?;
    let close = rest.rfind('}')?;
    let text = &rest[..close];
    let tail = rest[close + 1..].trim();
    let (white, black) = (white.to_owned(), black.to_owned());
    if tail.is_empty() {
        let continuing = text.starts_with("Continuing");
        if !(continuing || text.starts_with("Creating")) {
            return None;
        }
        return Some(Message::GameCreated {
            game,
            white,
            black,
            continuing,
            description: text.to_owned(),
        });
    }
    let result = GameResult::parse(tail)?;
    Some(Message::GameEnd(GameEnd {
        game,
        white,
        black,
        reason_text: text.to_owned(),
        reason: EndReason::classify(text),
        result,
    }))
}

/// `W (r) B (r) rated|unrated kind [min inc]`, with optional trailing words
/// such as `(adjourned)`.
fn parse_header(text: &str) -> Option<GameHeader> {
    let text = tight_parentheses(text);
    let mut tokens = text.split_whitespace();
    let white = tokens.next()?.to_owned();
    let white_rating = parenthesized(tokens.next()?)?;
    let black = tokens.next()?.to_owned();
    let black_rating = parenthesized(tokens.next()?)?;
    let rated = match tokens.next()? {
        "rated" => true,
        "unrated" => false,
        _ => return None,
    };
    // The type runs to the numbers: `blitz`, FatICS's `blitz chess960`;
    // the old FICS may add `Loaded from wild/0` after them, which names
    // the variant better than its `wild`.
    let mut kind = tokens.next()?.to_owned();
    let mut tokens = tokens.peekable();
    while let Some(word) = tokens.next_if(|t| !t.bytes().all(|b| b.is_ascii_digit())) {
        if kind.len() + word.len() < 40 {
            kind.push(' ');
            kind.push_str(word);
        }
    }
    let initial_time_min = tokens.next().and_then(|t| t.parse().ok());
    let increment_s = tokens.next().and_then(|t| t.parse().ok());
    match tokens.next() {
        None => {}
        Some("Loaded") if tokens.next() == Some("from") => {
            let file = tokens.next()?.trim_end_matches('.');
            kind = file.chars().take(32).collect();
        }
        // More words than a header has: some other line.
        Some(_) => return None,
    }
    if tokens.next().is_some() {
        return None;
    }
    Some(GameHeader {
        white,
        white_rating,
        black,
        black_rating,
        rated,
        kind,
        initial_time_min,
        increment_s,
    })
}

/// The servers pad a rating under 1000 to four places inside its
/// parentheses (`hadamar ( 978)`): read as `(978)`.
fn tight_parentheses(text: &str) -> String {
    let mut tight = String::with_capacity(text.len());
    let mut after_paren = false;
    for c in text.chars() {
        if !(after_paren && c == ' ') {
            tight.push(c);
            after_paren = c == '(';
        }
    }
    tight
}

fn parenthesized(token: &str) -> Option<String> {
    Some(token.strip_prefix('(')?.strip_suffix(')')?.to_owned())
}

/// Lines after `Game `: `N: header`, `N: Game clock paused.`, `N (which you
/// were observing) has no examiners.`, `N: X requests to take back ...`.
fn parse_game_colon(rest: &str) -> Option<Message> {
    if let Some(game) = rest
        .strip_suffix(" (which you were observing) has no examiners.")
        .and_then(|n| n.parse().ok())
    {
        return Some(Message::ExaminersLeft { game });
    }
    let (game, text) = rest.split_once(": ")?;
    let game: u32 = game.parse().ok()?;
    match text {
        "Game clock paused." => return Some(Message::ClockPaused { game, paused: true }),
        "Game clock resumed." => {
            return Some(Message::ClockPaused {
                game,
                paused: false,
            });
        }
        _ => {}
    }
    if let Some(note) = game_note(text) {
        return Some(Message::GameNote { game, text: note });
    }
    if let Some((by, count)) = text.split_once(" backs up ")
        && is_handle(by)
        && let Some(half_moves) = count.split_whitespace().next().and_then(|n| n.parse().ok())
        && (count.ends_with(" move.") || count.ends_with(" moves."))
    {
        return Some(Message::BackedUp {
            game,
            by: by.to_owned(),
            half_moves,
        });
    }
    // A header has exactly the shape; "N: X moves: e4" and friends fail it.
    let header = parse_header(text)?;
    Some(Message::ObservationHeader { game, header })
}

/// `X offers a draw.`, `X requests to take back 1 half move(s).`, `X
/// declines the draw request.`, `X accepts the unpause request.`: a player's
/// offer or answer, told to observers. Bounded.
fn game_note(text: &str) -> Option<String> {
    const VERBS: [&str; 6] = [
        "offers",
        "requests",
        "declines",
        "accepts",
        "withdraws",
        "proposes",
    ];
    let (who, rest) = text.split_once(' ')?;
    let verb = rest.split_whitespace().next()?;
    (is_handle(who) && VERBS.contains(&verb) && text.ends_with('.'))
        .then(|| text.chars().take(200).collect())
}

/// `X has made you an examiner of game N.` and the like.
fn parse_examiner(line: &str) -> Option<Message> {
    const FORMS: [(&str, ExaminerChange); 3] = [
        (
            " has made you an examiner of game ",
            ExaminerChange::MadeYou,
        ),
        (" is now an examiner of game ", ExaminerChange::Joined),
        (" stopped examining game ", ExaminerChange::Left),
    ];
    let body = line.strip_suffix('.')?;
    FORMS.iter().find_map(|(words, change)| {
        let (handle, game) = body.split_once(words)?;
        let game = game.parse().ok()?;
        is_handle(handle).then(|| Message::Examiner {
            game,
            handle: handle.to_owned(),
            change: *change,
        })
    })
}

/// `X would like to take back 2 half move(s).` / `half-move(s)`.
fn takeback_request(text: &str, verb: &str) -> Option<(String, u32)> {
    let (from, rest) = text.split_once(verb)?;
    let count = rest.split_whitespace().next()?.parse().ok()?;
    rest.contains("half").then(|| (from.to_owned(), count))
}

fn parse_offer_prose(line: &str) -> Option<Message> {
    let handle_then = |suffix: &str| -> Option<String> {
        let from = line.strip_suffix(suffix)?;
        is_handle(from).then(|| from.to_owned())
    };
    if let Some(from) = handle_then(" offers you a draw.") {
        return Some(Message::OfferReceived {
            from,
            offer: ProseOffer::Draw,
        });
    }
    if let Some(from) = handle_then(" would like to abort the game; type \"abort\" to accept.") {
        return Some(Message::OfferReceived {
            from,
            offer: ProseOffer::Abort,
        });
    }
    if let Some(from) = handle_then(" would like to adjourn the game; type \"adjourn\" to accept.")
    {
        return Some(Message::OfferReceived {
            from,
            offer: ProseOffer::Adjourn,
        });
    }
    if let Some((from, rest)) =
        line.split_once(" offers to be your bughouse partner; type \"partner ")
        && is_handle(from)
        && rest == format!("{from}\" to accept.")
    {
        return Some(Message::OfferReceived {
            from: from.to_owned(),
            offer: ProseOffer::Partner,
        });
    }
    if let Some((from, half_moves)) = takeback_request(line, " would like to take back ")
        && is_handle(&from)
    {
        let offer = ProseOffer::Takeback { half_moves };
        return Some(Message::OfferReceived { from, offer });
    }
    let (by, rest) = line.split_once(" declines ")?;
    if !is_handle(by) {
        return None;
    }
    let what = rest
        .trim_end_matches('.')
        .trim_start_matches("the ")
        .trim_start_matches("your ")
        .trim_end_matches(" request")
        .trim_end_matches(" offer");
    Some(Message::OfferDeclined {
        by: by.to_owned(),
        what: what.to_owned(),
    })
}

/// FICS handles: 3-17 letters (guests may have `(U)`-less names like `GuestABCD`).
fn is_handle(text: &str) -> bool {
    (2..=20).contains(&text.len()) && text.chars().all(|c| c.is_ascii_alphanumeric())
}

/// The number between a fixed prefix and suffix: `Removing game 7 from ...`.
fn between(line: &str, prefix: &str, suffix: &str) -> Option<u32> {
    line.strip_prefix(prefix)?
        .strip_suffix(suffix)?
        .parse()
        .ok()
}

#[cfg(test)]
mod tests;
