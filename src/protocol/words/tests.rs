use super::*;

#[test]
fn ratings() {
    let known = |value, marker| Some(Rating::Known { value, marker });
    assert_eq!(
        Rating::parse("1720"),
        known(1720, RatingMarker::Established)
    );
    assert_eq!(Rating::parse("1637E"), known(1637, RatingMarker::Estimated));
    assert_eq!(Rating::parse("0P"), known(0, RatingMarker::Provisional));
    assert_eq!(Rating::parse("----"), Some(Rating::NoRating));
    assert_eq!(Rating::parse("UNR"), Some(Rating::NoRating));
    assert_eq!(Rating::parse("++++"), Some(Rating::Guest));
    for bad in ["", "E", "P", "12345678", "-5", "+5", "15x", "1 5", "１２"] {
        assert_eq!(Rating::parse(bad), None, "{bad:?}");
    }
    assert_eq!(Rating::parse("1500").and_then(|r| r.value()), Some(1500));
    assert_eq!(Rating::Guest.value(), None);
}

#[test]
fn handles_and_titles() {
    assert_eq!(split_handle_titles("BotA"), Some(("BotA", vec![])));
    assert_eq!(
        split_handle_titles("Kasparov(GM)(C)"),
        Some(("Kasparov", vec![Title::GrandMaster, Title::Computer]))
    );
    assert_eq!(
        split_handle_titles("Admin(*)(TD)"),
        Some(("Admin", vec![Title::Admin, Title::TournamentDirector]))
    );
    // A tag we do not know is read and dropped.
    assert_eq!(
        split_handle_titles("Someone(DM)"),
        Some(("Someone", vec![]))
    );
    for bad in [
        "",
        "(C)",
        "Bot(",
        "Bot(C",
        "Bot(toolong)",
        "Bot(C)x",
        "Bot(C)(C)(C)(C)(C)",
        "12",
    ] {
        assert_eq!(split_handle_titles(bad), None, "{bad:?}");
    }
}

#[test]
fn guests() {
    assert!(is_guest_handle("GuestXYZQ") && is_guest_handle("guest"));
    assert!(!is_guest_handle("Gues") && !is_guest_handle("BotA"));
    assert!(is_guest("Somebody", &["U".into()]));
    assert!(!is_guest("BotA", &["C".into()]));
}
