use super::*;

fn frames(bytes: &[u8]) -> Vec<Frame> {
    let mut framer = Framer::new();
    framer.push(bytes);
    framer.finish();
    std::iter::from_fn(|| framer.next_frame()).collect()
}

fn line(text: &str) -> Frame {
    Frame::Line(text.to_owned())
}

#[test]
fn lf_cr_line_ends_and_glued_prompts() {
    let got = frames(b"fics% Style 12 set.\n\rfics% \n\r<12> x\n\rfics% ");
    assert_eq!(
        got,
        vec![
            Frame::Prompt(Prompt::Command),
            line("Style 12 set."),
            Frame::Prompt(Prompt::Command),
            line("<12> x"),
            Frame::Prompt(Prompt::Command),
        ]
    );
}

#[test]
fn crlf_and_bare_lf_also_end_lines() {
    assert_eq!(frames(b"a\r\nb\nc"), vec![line("a"), line("b"), line("c")]);
}

#[test]
fn several_prompts_in_a_row() {
    let got = frames(b"fics% fics% fics% play: Command has failed.\n\r");
    assert_eq!(got.len(), 4);
    assert_eq!(got[3], line("play: Command has failed."));
}

#[test]
fn login_prompts() {
    let got = frames(
        b"\n\rlogin: \xff\xfb\x01\n\rPress return to enter the FICS as \"guest\":\xff\xfc\x01\n\r",
    );
    assert_eq!(
        got,
        vec![
            line(""),
            Frame::Prompt(Prompt::Login),
            Frame::Echo {
                server_echoes: true
            },
            Frame::Prompt(Prompt::EnterAsGuest {
                name: "guest".into()
            }),
            Frame::Echo {
                server_echoes: false
            },
        ]
    );
    assert_eq!(frames(b"password: "), vec![Frame::Prompt(Prompt::Password)]);
}

#[test]
fn modern_guest_prompt_ends_with_a_newline_that_is_swallowed() {
    let got = frames(b"Press return to enter the server as \"GuestEIET\":\n\r\xff\xfb\x01");
    assert_eq!(
        got,
        vec![
            Frame::Prompt(Prompt::EnterAsGuest {
                name: "GuestEIET".into()
            }),
            Frame::Echo {
                server_echoes: true
            }
        ]
    );
}

#[test]
fn timeseal_pings() {
    let got = frames(b"fics% [G]\0[G]\0   0   GuestRWLB(U)\n\r");
    assert_eq!(
        got,
        vec![
            Frame::Prompt(Prompt::Command),
            Frame::Ping(TimesealVersion::V2),
            Frame::Ping(TimesealVersion::V2),
            line("   0   GuestRWLB(U)"),
        ]
    );
    let got = frames(b"fics% [G]\0\n\r<12> b\n\r");
    assert_eq!(got[2], line("<12> b"));
    assert_eq!(got.len(), 3);
    assert_eq!(
        frames(b"\n\r[G]\n\rtext\n\r"),
        vec![line(""), Frame::Ping(TimesealVersion::V1), line("text")]
    );
}

#[test]
fn continuation_lines_are_joined() {
    let got = frames(b"TOPIC(1): a question \n\r\\   here; use it\n\rfics% ");
    assert_eq!(
        got,
        vec![
            line("TOPIC(1): a question here; use it"),
            Frame::Prompt(Prompt::Command)
        ]
    );
}

/// The old FICS wraps at 79 columns, at a space it drops (no `iset
/// nowrap` there): a challenge's `Loaded from` and its board file come
/// back together.
#[test]
fn a_wrapped_line_gets_its_space_back() {
    let got = frames(
        b"Challenge: KibUser (1395) [white] BotA (2045) unrated wild 3 0 Loaded from\n\r\\   wild/bughouse.\n\rfics% ",
    );
    assert_eq!(
        got,
        vec![
            line(
                "Challenge: KibUser (1395) [white] BotA (2045) unrated wild 3 0 Loaded from wild/bughouse."
            ),
            Frame::Prompt(Prompt::Command)
        ]
    );
}

#[test]
fn held_line_is_released_before_the_next_prompt() {
    let mut framer = Framer::new();
    framer.push(b"Removing game 1 from observation list.\n\r");
    assert!(framer.has_held_line());
    assert_eq!(framer.next_frame(), None);
    framer.push(b"fics% ");
    assert_eq!(
        framer.next_frame(),
        Some(line("Removing game 1 from observation list."))
    );
    assert_eq!(framer.next_frame(), Some(Frame::Prompt(Prompt::Command)));
}

#[test]
fn bells_escapes_and_telnet_noise_are_dropped() {
    let got = frames(b"a\x07b\x1b[7mc\x1b[0m\xff\xf1d\xff\xfa\x18\x01hello\xff\xf0e\n\r");
    assert_eq!(got, vec![line("abcde")]);
}

#[test]
fn block_mode_frames() {
    let got = frames(
        b"fics% \x151\x1643\x16There are no games in progress.\n\r\x17\n\rfics% \x150\x16519\x16\x17\n\r",
    );
    assert_eq!(
        got,
        vec![
            Frame::Prompt(Prompt::Command),
            Frame::BlockStart { id: 1, code: 43 },
            line("There are no games in progress."),
            Frame::BlockEnd,
            Frame::Prompt(Prompt::Command),
            Frame::BlockStart { id: 0, code: 519 },
            Frame::BlockEnd,
        ]
    );
}

#[test]
fn oversized_line_is_cut_and_reported_once() {
    let mut bytes = vec![b'x'; MAX_LINE_BYTES * 3];
    bytes.extend_from_slice(b"\n\rafter\n\r");
    let got = frames(&bytes);
    assert_eq!(got.len(), 2);
    assert!(matches!(&got[0], Frame::LineCut { head } if head.len() == CUT_HEAD_BYTES));
    assert_eq!(got[1], line("after"));
}

#[test]
fn invalid_utf8_is_replaced() {
    assert_eq!(frames(b"caf\xe9\n"), vec![line("caf\u{fffd}")]);
}

#[test]
fn chunking_does_not_change_frames() {
    let input: &[u8] = b"login: \xff\xfb\x01x\n\rfics% [G]\0<s> 1 w=a\n\rlong \n\r\\   tail\n\r\x152\x1643\x16body\x17\n\rfics% ";
    let whole = frames(input);
    let mut framer = Framer::new();
    for byte in input {
        framer.push(std::slice::from_ref(byte));
    }
    framer.finish();
    let bytewise: Vec<Frame> = std::iter::from_fn(|| framer.next_frame()).collect();
    assert_eq!(whole, bytewise);
}
