//! `showlist NAME`: a server list (`td`: the tournament directors, `computer`
//! ...) as a header and its names in columns after it:
//! ```text
//! -- td list: 83 names --
//! abuse              GameBot            Oannes             srBOT
//! ```

/// `-- td list: 83 names --` -> ("td", 83).
pub fn parse_list_header(line: &str) -> Option<(String, u32)> {
    let inner = line.trim().strip_prefix("-- ")?.strip_suffix(" --")?;
    let (name, count) = inner.split_once(" list: ")?;
    let count = count
        .strip_suffix(" names")
        .or_else(|| count.strip_suffix(" name"))?
        .parse()
        .ok()?;
    let ok = !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric());
    ok.then(|| (name.to_owned(), count))
}

/// A line of names after the header: handles only.
pub fn parse_list_names(line: &str) -> Option<Vec<String>> {
    let names: Vec<String> = line.split_whitespace().map(str::to_owned).collect();
    let handles = names
        .iter()
        .all(|n| (1..=17).contains(&n.len()) && n.chars().all(|c| c.is_ascii_alphanumeric()));
    (!names.is_empty() && handles).then_some(names)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_and_names() {
        assert_eq!(
            parse_list_header("-- td list: 83 names --"),
            Some(("td".into(), 83))
        );
        assert_eq!(
            parse_list_header("-- computer list: 1 name --"),
            Some(("computer".into(), 1))
        );
        assert_eq!(parse_list_header("-- channel list: 3 channels --"), None);
        assert_eq!(
            parse_list_names("abuse              GameBot            Oannes             srBOT"),
            Some(vec![
                "abuse".into(),
                "GameBot".into(),
                "Oannes".into(),
                "srBOT".into()
            ])
        );
        assert_eq!(parse_list_names("fics% hello"), None);
        assert_eq!(parse_list_names(""), None);
    }
}
