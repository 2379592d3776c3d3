use super::*;

fn row(line: &str) -> PendingRow {
    match parse_pending_line(line) {
        Some(PendingLine::Row(row)) => row,
        other => panic!("{line:?}: {other:?}"),
    }
}

#[test]
fn sections_in_both_servers_words() {
    let section = |to_others, none| Some(PendingLine::Section { to_others, none });
    assert_eq!(
        parse_pending_line("Offers to other players:"),
        section(true, false)
    );
    assert_eq!(
        parse_pending_line("Offers TO other players:"),
        section(true, false)
    );
    assert_eq!(
        parse_pending_line("Offers FROM other players:"),
        section(false, false)
    );
    assert_eq!(
        parse_pending_line("There are no offers pending to other players."),
        section(true, true)
    );
    assert_eq!(
        parse_pending_line("There are no offers pending FROM other players."),
        section(false, true)
    );
    assert_eq!(
        parse_pending_line("If you wish to withdraw any of these offers type \"withdraw number\"."),
        None
    );
}

#[test]
fn freechess_rows_are_numbered_by_offer_id() {
    let mine = row(
        "  45: You are offering GuestSCPB a challenge: GuestSLFT (----) GuestSCPB (----) unrated blitz 5 0.",
    );
    assert_eq!(mine.number, Some(45));
    assert!(mine.by_me);
    assert_eq!(mine.player, "GuestSCPB");
    assert_eq!(mine.kind, OfferKind::Match);
    assert_eq!(
        mine.text,
        "GuestSLFT (----) GuestSCPB (----) unrated blitz 5 0"
    );
    let theirs = row(
        "  43: GuestWXFZ is offering a challenge: GuestWXFZ (----) Schoon (1019) unrated blitz 5 0.",
    );
    assert_eq!((theirs.number, theirs.by_me), (Some(43), false));
    assert_eq!(theirs.player, "GuestWXFZ");
}

#[test]
fn old_fics_rows() {
    let mine = row("   You are offering BotB a draw.");
    assert_eq!(
        (mine.number, mine.by_me, mine.kind),
        (None, true, OfferKind::Draw)
    );
    assert_eq!(mine.player, "BotB");
    let theirs = row(" 1: BotB is offering rated blitz 5 0.");
    assert_eq!((theirs.number, theirs.kind), (Some(1), OfferKind::Match));
    assert_eq!(theirs.text, "rated blitz 5 0");
    assert_eq!(
        row(" 2: BotB is offering to takeback the last 2 half moves.").kind,
        OfferKind::Takeback
    );
    assert_eq!(
        row(" 3: BotB is offering to abort the game.").kind,
        OfferKind::Abort
    );
    assert_eq!(
        row("   You are offering BotC to be bughouse partners.").kind,
        OfferKind::Partner
    );
}

#[test]
fn other_lines_are_not_rows() {
    assert_eq!(
        parse_pending_line("BotA tells you: 12: you are offering nothing."),
        None
    );
    assert_eq!(parse_pending_line("You are offering"), None);
    assert_eq!(parse_pending_line("Game 5: BotA is offering a draw"), None);
}
