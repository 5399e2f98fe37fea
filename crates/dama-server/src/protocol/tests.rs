use super::*;
use ts_rs::{Config, TS};

fn code(text: &str) -> RefusalCode {
    parse(text).unwrap_err().code
}

#[test]
fn parses_every_client_message() {
    assert_eq!(
        parse(r#"{"t":"hello","game":"aB3-_x","v":0,"name":"Ada"}"#),
        Ok(ClientMsg::Hello {
            game: "aB3-_x".into(),
            v: 0,
            name: Some("Ada".into())
        })
    );
    assert_eq!(
        parse(r#"{"t":"move","text":"22x13","ack":4,"v":9}"#),
        Ok(ClientMsg::Move {
            text: "22x13".into(),
            ack: 4,
            v: 9,
            lag: None
        })
    );
    assert_eq!(
        parse(r#"{"t":"move","text":"c3-d4","ack":1,"v":1,"lag":85}"#).unwrap(),
        ClientMsg::Move {
            text: "c3-d4".into(),
            ack: 1,
            v: 1,
            lag: Some(85)
        }
    );
    assert_eq!(
        parse(r#"{"t":"claim","kind":"draw"}"#),
        Ok(ClientMsg::Claim {
            kind: ClaimKind::Draw
        })
    );
    assert_eq!(parse(r#"{"t":"ping","n":7}"#), Ok(ClientMsg::Ping { n: 7 }));
    for (t, m) in [
        ("offer_draw", ClientMsg::OfferDraw),
        ("accept_draw", ClientMsg::AcceptDraw),
        ("decline_draw", ClientMsg::DeclineDraw),
        ("resign", ClientMsg::Resign),
        ("abort", ClientMsg::Abort),
        ("flag", ClientMsg::Flag),
    ] {
        assert_eq!(parse(&format!(r#"{{"t":"{t}"}}"#)), Ok(m.clone()));
        // And what the page sends is what the server reads.
        assert_eq!(parse(&serde_json::to_string(&m).unwrap()), Ok(m));
    }
}

#[test]
fn refuses_oversize_input() {
    let megabyte = format!(r#"{{"t":"ping","n":1,"pad":"{}"}}"#, "x".repeat(1 << 20));
    let e = parse(&megabyte).unwrap_err();
    assert_eq!(e.code, RefusalCode::TooLarge);
    assert_eq!(e.text, "message of 1048603 bytes: at most 4096");
    let long_move = format!(
        r#"{{"t":"move","text":"{}","ack":1,"v":1}}"#,
        "1-".repeat(20)
    );
    assert_eq!(
        parse(&long_move).unwrap_err().text,
        "move text too long: at most 39 characters"
    );
    // Twenty characters, not bytes: a name in Portuguese or Italian fits.
    assert!(parse(r#"{"t":"hello","game":"g","v":0,"name":"João Conceição 12345"}"#).is_ok());
    let long_name = r#"{"t":"hello","game":"g","v":0,"name":"João Conceição 123456"}"#;
    assert_eq!(code(long_name), RefusalCode::TooLarge);
    let long_id = format!(r#"{{"t":"hello","game":"{}","v":0}}"#, "a".repeat(33));
    assert_eq!(code(&long_id), RefusalCode::TooLarge);
}

#[test]
fn refuses_malformed_input() {
    for bad in [
        "",
        "not json",
        "[1,2]",
        r#"{"t":"castle"}"#,
        r#"{"t":"move","text":"22-18","ack":-1,"v":0}"#,
        r#"{"t":"move","text":"22-18","v":0}"#,
        r#"{"t":"move","text":"22-18","ack":1,"v":0,"rating":3000}"#,
        r#"{"t":"resign","as":"white"}"#,
        r#"{"t":"ping","n":4294967296}"#,
        r#"{"t":"hello","game":"../etc","v":0}"#,
        r#"{"t":"hello","game":"","v":0}"#,
        r#"{"t":"hello","game":"g","v":0,"name":"  "}"#,
        r#"{"t":"hello","game":"g","v":0,"name":"a\u0007b"}"#,
    ] {
        let e = parse(bad).unwrap_err();
        assert_eq!(e.code, RefusalCode::Malformed, "{bad}: {}", e.text);
        assert!(e.text.len() <= REFUSAL_TEXT_MAX_BYTES);
    }
}

#[test]
fn refusal_texts_are_bounded() {
    let r = Refusal::new(RefusalCode::Illegal, "é".repeat(400));
    assert!(r.text.len() <= REFUSAL_TEXT_MAX_BYTES && r.text.ends_with("..."));
}

#[test]
fn server_messages_on_the_wire() {
    let json = |m: &ServerMsg| serde_json::to_string(m).unwrap();
    assert_eq!(json(&ServerMsg::Ack { ack: 3 }), r#"{"t":"ack","ack":3}"#);
    let events = ServerMsg::Events {
        events: vec![Versioned {
            v: 5,
            event: Event::End {
                winner: Some(Side::Black),
                reason: EndReason::NoStart,
                white_ms: 0,
                black_ms: 60_000,
            },
        }],
        clocks: ClockSnapshot {
            white_ms: 0,
            black_ms: 60_000,
            running: None,
            first_move_ms: None,
        },
    };
    assert_eq!(
        json(&events),
        r#"{"t":"events","events":[{"v":5,"event":{"type":"end","winner":"black","reason":"no-start","white_ms":0,"black_ms":60000}}],"clocks":{"white_ms":0,"black_ms":60000,"running":null,"first_move_ms":null}}"#
    );
    let refused = ServerMsg::Refused {
        refusal: Refusal::new(RefusalCode::NotYourTurn, "it is your opponent's move"),
        ack: Some(2),
    };
    assert_eq!(
        json(&refused),
        r#"{"t":"refused","refusal":{"code":"not-your-turn","text":"it is your opponent's move"},"ack":2}"#
    );
}

/// The TypeScript of every message type, in one file, with the bounds as constants.
fn typescript() -> String {
    let cfg = Config::new();
    let mut out = String::from(
        "// Generated from crates/dama-server/src/protocol.rs by its test export_protocol_types\n\
         // (`cargo test -p dama-server export_protocol_types` rewrites it): do not edit.\n",
    );
    fn decl<T: TS>(cfg: &Config, out: &mut String) {
        out.push('\n');
        out.push_str(&T::docs().unwrap_or_default());
        out.push_str("export ");
        out.push_str(&T::decl(cfg));
        out.push('\n');
    }
    decl::<Side>(&cfg, &mut out);
    decl::<PlayerId>(&cfg, &mut out);
    decl::<TimeControl>(&cfg, &mut out);
    decl::<ClockSnapshot>(&cfg, &mut out);
    decl::<EndReason>(&cfg, &mut out);
    decl::<ClaimKind>(&cfg, &mut out);
    decl::<Event>(&cfg, &mut out);
    decl::<Versioned>(&cfg, &mut out);
    decl::<RefusalCode>(&cfg, &mut out);
    decl::<Refusal>(&cfg, &mut out);
    decl::<crate::http::ApiCode>(&cfg, &mut out);
    decl::<RatingShown>(&cfg, &mut out);
    decl::<Topic>(&cfg, &mut out);
    decl::<RatingRange>(&cfg, &mut out);
    decl::<SeekInfo>(&cfg, &mut out);
    decl::<ListedGame>(&cfg, &mut out);
    decl::<ClientMsg>(&cfg, &mut out);
    decl::<ServerMsg>(&cfg, &mut out);
    let bounds = [
        ("MAX_MESSAGE_BYTES", MAX_MESSAGE_BYTES as u32),
        ("MOVE_TEXT_MAX_BYTES", MOVE_TEXT_MAX_BYTES as u32),
        ("NAME_MAX_CHARS", NAME_MAX_CHARS as u32),
        ("GAME_ID_MAX_BYTES", GAME_ID_MAX_BYTES as u32),
        ("PLAYING_MESSAGES", limits::PLAYING_MESSAGES),
        ("WATCHING_MESSAGES", limits::WATCHING_MESSAGES),
        ("WINDOW_MS", limits::WINDOW_MS),
        ("PING_INTERVAL_MS", limits::PING_INTERVAL_MS),
        ("DEAD_LINK_MS", limits::DEAD_LINK_MS),
        ("RESEND_MOVE_MS", limits::RESEND_MOVE_MS),
        ("IDLE_CLOSE_MS", limits::IDLE_CLOSE_MS),
        ("LOBBY_MESSAGES", limits::LOBBY_MESSAGES),
        ("LOBBY_WINDOW_MS", limits::LOBBY_WINDOW_MS),
        ("SEEKS_PER_PLAYER", limits::SEEKS_PER_PLAYER),
        ("LOBBY_GAMES_PER_ADDR_DAY", limits::LOBBY_GAMES_PER_ADDR_DAY),
        ("ANON_UNPLAYED_PER_ADDR", limits::ANON_UNPLAYED_PER_ADDR),
        ("RATING_RANGE_MAX", limits::RATING_RANGE_MAX),
    ];
    out.push_str(
        "\n/** The protocol's bounds (see docs in protocol.rs). */\nexport const LIMITS = {\n",
    );
    for (name, value) in bounds {
        out.push_str(&format!("  {name}: {value},\n"));
    }
    out.push_str("} as const;\n");
    out
}

/// Writes www/online/protocol.ts when it differs from what the types generate, and fails
/// then: a stale committed file fails CI, and running this test brings it up to date.
#[test]
fn export_protocol_types() {
    let path =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../www/online/protocol.ts");
    let want = typescript();
    let have = std::fs::read_to_string(&path).unwrap_or_default();
    if have != want {
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(&path, &want).unwrap();
        panic!(
            "www/online/protocol.ts differed from the protocol's types: rewritten, review and commit it"
        );
    }
}

/// The fuzz target's inputs kept in the repository (`fuzz/seeds/server_protocol/`), replayed
/// through its check (`fuzz/fuzz_targets/server_protocol.rs`): each is read without a panic, and
/// each accepted message writes back and reads again the same. The seeds are messages a page
/// sends, so each must be accepted.
#[test]
fn the_fuzz_targets_kept_inputs_replay() {
    let dir =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/seeds/server_protocol");
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let text = String::from_utf8_lossy(&std::fs::read(&path).unwrap()).into_owned();
        let msg = parse(&text).unwrap_or_else(|r| panic!("{}: {}", path.display(), r.text));
        let written = serde_json::to_string(&msg).unwrap();
        assert_eq!(parse(&written), Ok(msg), "{}", path.display());
        seen += 1;
    }
    assert!(seen >= 5, "the seeds are in {}", dir.display());
}
