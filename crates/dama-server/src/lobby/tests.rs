use super::*;
use std::net::Ipv4Addr;

fn seek(key: &str, rating: Option<f64>, range: Option<(u32, u32)>) -> Seek {
    Seek {
        id: format!("s-{key}"),
        conn: 1,
        notify: mpsc::channel(1).0,
        addr: IpAddr::V4(Ipv4Addr::LOCALHOST),
        key: key.into(),
        account: rating.map(|_| key.into()),
        name: key.into(),
        rating: rating.map(|r| (r, false)),
        variant: Variant::Italian,
        control: TimeControl::FID_ONLINE,
        rated: false,
        range: range.map(|(below, above)| RatingRange { below, above }),
        home: None,
    }
}

#[test]
fn seeks_fit_by_game_clock_and_both_ranges() {
    let a = seek("a", Some(1500.0), Some((100, 100)));
    assert!(a.fits(&seek("b", Some(1600.0), None)));
    assert!(!a.fits(&seek("b", Some(1601.0), None)));
    assert!(!a.fits(&seek("b", None, None)), "no rating fits no range");
    assert!(
        !a.fits(&seek("b", Some(1550.0), Some((0, 10)))),
        "theirs too"
    );
    assert!(!a.fits(&seek("a", Some(1500.0), None)), "one player");
    let mut brazilian = seek("b", Some(1500.0), None);
    brazilian.variant = Variant::Brazilian;
    assert!(!a.fits(&brazilian));
    assert!(seek("x", None, None).fits(&seek("y", None, None)));
}

#[test]
fn a_match_takes_the_oldest_fit_and_both_players_other_seeks() {
    let mut lobby = Lobby::default();
    let mut gone = Vec::new();
    let mut other = seek("a", None, None);
    other.id = "a2".into();
    other.control = TimeControl::new(1, 0);
    let mut third = seek("c", None, None);
    third.control = TimeControl::new(10, 0);
    for s in [seek("a", None, None), other, third] {
        assert!(matches!(lobby.post(s, 0, &mut gone), Ok(Posted::Listed(_))));
    }
    let Ok(Posted::Matched(pair)) = lobby.post(seek("b", None, None), 0, &mut gone) else {
        panic!("matched");
    };
    assert_eq!((pair.0.key.as_str(), pair.1.key.as_str()), ("a", "b"));
    assert_eq!(gone, ["s-a", "a2"]);
    assert_eq!(lobby.seeks().len(), 1);
    assert_eq!(lobby.drop_connection(1), ["s-c"]);
}

#[test]
fn a_player_has_at_most_three_seeks() {
    let mut lobby = Lobby::default();
    let mut gone = Vec::new();
    for n in 0..3 {
        let mut s = seek("a", None, None);
        s.control = TimeControl::new(n + 1, 0);
        lobby.post(s, 0, &mut gone).unwrap();
    }
    let e = lobby.post(seek("a", None, None), 0, &mut gone).unwrap_err();
    assert_eq!(e.code, RefusalCode::TooMany);
}
