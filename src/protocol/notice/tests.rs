use super::*;

fn online(handle: &str) -> Option<Notice> {
    Some(Notice::NotOnline {
        handle: handle.into(),
    })
}

#[test]
fn a_player_not_online_in_each_servers_words() {
    assert_eq!(parse_notice("BotA is not logged in."), online("BotA"));
    assert_eq!(
        parse_notice("No user named \"KibUser\" is logged in."),
        online("KibUser")
    );
    assert_eq!(
        parse_notice("No player named \"schoon\" is online."),
        online("schoon")
    );
    assert_eq!(
        parse_notice("Your last opponent, Johnnyp, is not logged in."),
        online("Johnnyp")
    );
    // A sentence about someone else, or not a handle: not ours.
    assert_eq!(parse_notice("Your partner is not logged in."), None);
    assert_eq!(parse_notice("BotA tells you: BotB is not logged in."), None);
}

#[test]
fn seeks_matches_and_openness() {
    assert_eq!(
        parse_notice("That seek is not available."),
        Some(Notice::SeekGone)
    );
    assert_eq!(
        parse_notice("You are already offering an identical match to BotA."),
        Some(Notice::IdenticalMatch {
            handle: "BotA".into()
        })
    );
    assert_eq!(
        parse_notice("BotC is not open for bughouse."),
        Some(Notice::NotOpen {
            handle: "BotC".into(),
            bughouse: true
        })
    );
    let closed = Some(Notice::NotOpen {
        handle: "BotD".into(),
        bughouse: false,
    });
    assert_eq!(parse_notice("BotD is not open to match requests."), closed);
    assert_eq!(
        parse_notice("Player \"BotD\" is not open to match requests."),
        closed
    );
    // The user's own variable, not another player.
    assert_eq!(parse_notice("You are not open for bughouse."), None);
}

#[test]
fn the_promotion_piece() {
    assert_eq!(
        parse_notice("Promotion piece set to KNIGHT."),
        Some(Notice::PromotionPiece {
            piece: PromotionPiece::Knight
        })
    );
    assert_eq!(
        parse_notice("Promotion piece set to QUEEN."),
        Some(Notice::PromotionPiece {
            piece: PromotionPiece::Queen
        })
    );
    assert_eq!(parse_notice("Promotion piece set to PAWN."), None);
}

#[test]
fn news_of_the_followed_player() {
    assert_eq!(
        parse_notice("Hikaru, whom you are following, has started a game with Levon."),
        Some(Notice::Following {
            handle: "Hikaru".into(),
            news: FollowNews::StartedGame {
                opponent: "Levon".into(),
                partner: None
            }
        })
    );
    assert_eq!(
        parse_notice("BotA's partner, BotC, whom you are following, has started a game with BotD."),
        Some(Notice::Following {
            handle: "BotA".into(),
            news: FollowNews::StartedGame {
                opponent: "BotD".into(),
                partner: Some("BotC".into())
            }
        })
    );
    assert_eq!(
        parse_notice("BotA, whom you are following, has started examining a game."),
        Some(Notice::Following {
            handle: "BotA".into(),
            news: FollowNews::StartedExamining
        })
    );
    for line in [
        "BotA, whose games you were following, has logged out.",
        "BotA, whose partner's games you were following, has logged out.",
    ] {
        assert_eq!(
            parse_notice(line),
            Some(Notice::Following {
                handle: "BotA".into(),
                news: FollowNews::LoggedOut
            }),
            "{line}"
        );
    }
    assert_eq!(
        parse_notice("A tell, whom you are following, has started a game with B."),
        None
    );
}

#[test]
fn the_users_challenge_issued_and_off() {
    assert_eq!(
        parse_notice("Issuing: BotA (1720) [white] BotB (1720) rated blitz 3 2."),
        Some(Notice::ChallengeIssued {
            to: "BotB".into(),
            terms: "BotA (1720) [white] BotB (1720) rated blitz 3 2".into()
        })
    );
    assert_eq!(
        parse_notice(
            "Updating match request to: BotC (----) BotD (----) unrated lightning crazyhouse 2 0."
        ),
        Some(Notice::ChallengeIssued {
            to: "BotD".into(),
            terms: "BotC (----) BotD (----) unrated lightning crazyhouse 2 0".into()
        })
    );
    assert_eq!(parse_notice("Issuing: something else."), None);
    let off = |to: &str| Some(Notice::ChallengeOff { to: to.into() });
    assert_eq!(parse_notice("Challenge to BotA withdrawn."), off("BotA"));
    assert_eq!(
        parse_notice("You withdraw the match offer to BotA."),
        off("BotA")
    );
    assert_eq!(
        parse_notice("BotA, whom you were challenging, has departed."),
        off("BotA")
    );
    assert_eq!(
        parse_notice("BotA, whom you were challenging, has joined a match with BotB."),
        off("BotA")
    );
    assert_eq!(
        parse_notice("BotA, whom you were challenging, has become unavailable for matches."),
        off("BotA")
    );
    assert_eq!(
        parse_notice("BotA, whom you were challenging, sends regards."),
        None
    );
}

#[test]
fn an_offer_to_the_user_withdrawn() {
    assert_eq!(
        parse_notice("BotG withdraws the match offer."),
        Some(Notice::OfferWithdrawn {
            by: "BotG".into(),
            what: "match".into()
        })
    );
    assert_eq!(
        parse_notice("BotG withdraws the draw request."),
        Some(Notice::OfferWithdrawn {
            by: "BotG".into(),
            what: "draw".into()
        })
    );
    // An observer's note of another game is the game's, not the user's.
    assert_eq!(
        parse_notice("Game 5: BotG withdraws the draw request."),
        None
    );
}

#[test]
fn an_offer_to_the_user_answered() {
    let declined = |from: &str, what: &str| {
        Some(Notice::OfferAnswered {
            from: from.into(),
            what: what.into(),
        })
    };
    assert_eq!(
        parse_notice("You decline the draw request from BotE."),
        declined("BotE", "draw")
    );
    assert_eq!(
        parse_notice("Declining the takeback request from BotE."),
        declined("BotE", "takeback")
    );
    assert_eq!(
        parse_notice("Declining the draw offer from BotE."),
        declined("BotE", "draw")
    );
    assert_eq!(
        parse_notice("You decline the partnership request from BotE."),
        declined("BotE", "partner")
    );
    assert_eq!(
        parse_notice("You decline the switch sides request from BotE."),
        declined("BotE", "switch")
    );
    assert_eq!(
        parse_notice("You accept the takeback request from BotE."),
        declined("BotE", "takeback")
    );
    assert_eq!(
        parse_notice("Accepting the takeback request from BotE."),
        declined("BotE", "takeback")
    );
    assert_eq!(parse_notice("You decline the draw request from."), None);
    assert_eq!(
        parse_notice("BotA tells you: You decline the draw request from BotE."),
        None
    );
}
