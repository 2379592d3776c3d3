//! Network events folded into the app: drained each frame within a budget,
//! applied to the store, the lobby, the console (without the replies to our
//! own requests), offers, sounds and announcements; connection changes mark
//! and give up interrupted games.

use super::*;

impl KibitzApp {
    /// Drains network events for at most the frame's budget.
    pub fn poll_network(&mut self) {
        let started = Instant::now();
        while started.elapsed() < EVENT_BUDGET {
            let Some(event) = self.net.as_mut().and_then(NetHandle::try_recv) else {
                return;
            };
            self.events_since_frame += 1;
            match event {
                NetEvent::Status(status) => {
                    // A refused login has its note already (and the form).
                    if let Status::Stopped { reason } | Status::RetryingIn { reason, .. } = &status
                        && self.connect.error.is_none()
                    {
                        self.console.push_note(reason);
                    }
                    self.on_connection_change(&status);
                    let stopped = matches!(status, Status::Stopped { .. });
                    self.status = Some(status);
                    if stopped && self.connect.error.is_some() {
                        // The login failed: back to the form, which says why.
                        self.net = None;
                        self.status = None;
                        return;
                    }
                }
                NetEvent::Protocol { at, event } => self.apply_event(at, &event),
            }
        }
        // Out of time: come back next frame for the rest.
        if let Some(ctx) = &self.waker {
            ctx.request_repaint();
        }
    }

    /// Live games wait, clocks stopped and marked, while the connection is
    /// down; when the session is over for good they are saved unfinished.
    fn on_connection_change(&mut self, status: &Status) {
        let now = self.now();
        match status {
            Status::RetryingIn { .. } => {
                self.store.connection_lost(now);
                self.own_replies.forget();
                self.resume_started = None;
            }
            Status::Stopped { reason } => {
                self.store.connection_lost(now);
                self.own_replies.forget();
                self.give_up_interrupted(now, &format!("the session ended ({reason})"));
            }
            _ => {}
        }
    }

    /// After a reconnect: when the interrupted games without a board end
    /// unseen (later while our observe of one of them is unanswered).
    pub(super) fn resume_deadline(&self) -> Option<Now> {
        let started = self.resume_started?;
        let unanswered = self
            .own_replies
            .pending_observes()
            .any(|game| self.store.get(game).is_some_and(|g| g.interrupted));
        Some(
            started
                + if unanswered {
                    RESUME_PATIENCE
                } else {
                    RESUME_WAIT
                },
        )
    }

    /// Interrupted games that did not come back end unfinished and are
    /// archived; their panels stay, with the reason.
    pub(super) fn give_up_interrupted(&mut self, now: Now, why: &str) {
        self.resume_started = None;
        for effect in self.store.give_up_interrupted(now, why) {
            if let Effect::Ended(number) = effect {
                self.archive(number);
            }
        }
    }

    /// Folds one protocol event into the app.
    pub fn apply_event(&mut self, now: Now, event: &Event) {
        let console = self.own_replies.console(event);
        for line in console.release {
            self.console.push_event(&Event::Text(line));
        }
        if console.show {
            self.console.push_event(event);
        }
        if let Some(game) = console.observe_refused {
            // Refused after the reconnect: the game is gone.
            for effect in self.store.gone_while_disconnected(game, now) {
                if let Effect::Ended(number) = effect {
                    self.archive(number);
                }
            }
        }
        if let Event::SetupReply(text) = event {
            // Replies to Kibitz's set-up: the log, not the console.
            tracing::info!("set-up reply: {text}");
        }
        self.lobby.apply(event);
        if let Event::Unparsed { line, error } = event {
            tracing::warn!("unparsed line ({error}): {line}");
        }
        self.sound_and_attention(event);
        self.announce_event(event);
        let offers_before = self.offers.len();
        let previous_ply = match event {
            Event::Board(b) => self.store.get(b.game).map(|g| g.ply()),
            _ => None,
        };
        for effect in self.store.apply(now, event) {
            match effect {
                // Housekeeping (`moves N` to complete a history): not echoed.
                Effect::Send(command) => self.send_quiet(command),
                Effect::Ended(number) => self.archive(number),
                Effect::Retired(game) => {
                    // Its number now shows another game: a new panel.
                    self.views.remove(&game.number);
                    self.archive_game(&game);
                }
            }
        }
        match event {
            Event::LoginFailed { reason } => self.login_failed(reason),
            Event::LoggedIn { .. } => {
                // The lobby's seeks are there from the start (then kept
                // live by the seek stream); the games list follows too
                // (`wall_tick`).
                self.send_quiet(Command::Sought);
                if self.store.any_interrupted() {
                    self.resume_started = Some(now);
                }
                // After a reconnect: the games we observed, again. Each one
                // comes back or is refused (it ended while we were away).
                for game in self.store.interrupted_observed() {
                    self.send_quiet(Command::Observe(ObserveTarget::Game(game)));
                }
                for game in std::mem::take(&mut self.observe_on_login) {
                    self.send(Command::Observe(ObserveTarget::Game(game)));
                }
            }
            Event::Board(board) => {
                self.partners_requested.remove(&board.game);
                self.on_board(now, board, previous_ply);
            }
            Event::TimesealRefused { .. } => self.without_timeseal(),
            Event::GamesEnd(_) => self.fill_wall(),
            Event::GameInfo(info) => self.follow_partner(info),
            Event::Message(Message::IllegalMove { .. } | Message::NotYourMove) => {
                // Our optimistic move was refused: show the server's board again.
                for view in self.views.values_mut() {
                    view.pending = None;
                }
            }
            Event::Message(Message::OfferReceived { from, offer }) => {
                let (kind, accept, decline) = match offer {
                    ProseOffer::Draw => ("draw", Command::Draw, Command::Decline(None)),
                    ProseOffer::Abort => ("abort", Command::Abort, Command::Decline(None)),
                    ProseOffer::Adjourn => {
                        ("adjourn", Command::Accept(None), Command::Decline(None))
                    }
                    ProseOffer::Takeback { .. } => {
                        ("takeback", Command::Accept(None), Command::Decline(None))
                    }
                    ProseOffer::Match { .. } => {
                        ("match", Command::Accept(None), Command::Decline(None))
                    }
                };
                let offer = PendingOffer {
                    from: from.clone(),
                    kind: kind.into(),
                    accept,
                    decline,
                };
                self.offers.push((None, offer));
            }
            Event::Offer(OfferLine::From(offer)) => {
                let pending = PendingOffer {
                    from: offer.player.clone(),
                    kind: match offer.kind {
                        OfferKind::Match => format!("a match: {}", offer.params),
                        ref other => offer_kind_name(other),
                    },
                    accept: Command::Accept(Some(offer.id)),
                    decline: Command::Decline(Some(offer.id)),
                };
                // The prose line of the same offer came first on servers with both.
                self.offers
                    .retain(|(id, o)| !(id.is_none() && o.from == pending.from));
                self.offers.push((Some(offer.id), pending));
            }
            Event::Offer(OfferLine::Removed(id)) => self.offers.retain(|(i, _)| *i != Some(*id)),
            Event::Message(Message::GameEnd(end)) => {
                let players = [end.white.as_str(), end.black.as_str()];
                self.offers
                    .retain(|(_, o)| !players.contains(&o.from.as_str()));
                if let Some(view) = self.views.get_mut(&end.game) {
                    view.premove = None;
                    view.pending = None;
                }
            }
            _ => {}
        }
        if self.offers.len() > offers_before
            && let Some((_, offer)) = self.offers.last()
        {
            let (from, kind) = (offer.from.clone(), offer.kind.clone());
            self.announce_offer(&from, &kind);
        }
    }

    fn on_board(
        &mut self,
        now: Now,
        board: &crate::protocol::style12::Style12,
        previous: Option<u32>,
    ) {
        let Some(game) = self.store.get(board.game) else {
            return;
        };
        let view = self.views.entry(board.game).or_default();
        view.pending = None;
        let moved = previous.is_some_and(|p| game.ply() == p + 1);
        // The opponent's (or an observed) move slides in; our own is already
        // there. Only where it is seen well: the own game, a maximized or a
        // large board; elsewhere the move just appears.
        let ours = board.relation == Relation::PlayingOpponentToMove;
        let seen_well = board.relation.is_playing()
            || self.maximized == Some(board.game)
            || view.board_side >= crate::ui::board::SLIDE_MIN_SIDE;
        if moved
            && seen_well
            && !ours
            && let VerboseMove::Normal { from, to, .. } = board.last_move
            && let Some(piece) = board.board.piece_at(to)
        {
            view.slide = Some((
                Slide {
                    piece,
                    from,
                    to,
                    progress: 0.0,
                },
                now,
            ));
        }
        if board.relation != Relation::PlayingMyMove {
            return;
        }
        // Our turn: a queued premove goes now if it is still legal.
        let Some(premove) = view.premove.take() else {
            return;
        };
        let legal = game.position().and_then(|position| {
            position.legal_moves().into_iter().find(|m| {
                m.from() == premove.from()
                    && m.to() == premove.to()
                    && m.promotion() == premove.promotion()
                    && m.role() == premove.role()
            })
        });
        if let Some(mv) = legal {
            self.play(board.game, mv);
        }
    }
}
