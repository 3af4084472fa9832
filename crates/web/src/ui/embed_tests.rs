//! Embedded and restored: an embedding host's messages, valid and invalid,
//! and a save that cannot be restored.

use engine::search::Level;
use engine::{DraughtsKind, GameKind, Side};

use super::tests::{asked, first_turn_reply, session};
use super::*;
use crate::embed::{read_request, Embed};
use crate::session::Mode;

/// The page's own origin in these tests.
const OWN: &str = "https://alquerque.example";

/// A page booted embedded as `query` asks; what the boot did.
fn embedded(query: &str) -> (Ui, Vec<Effect>) {
    let mut ui = Ui::new();
    let embed: Embed = Embed::from_query(query)
        .expect("an embedding")
        .expect("valid");
    let fx = ui.update(Action::Boot(Box::new(Boot {
        embed: Some(Ok(embed)),
        ..match boot::fresh_boot(3) {
            Action::Boot(boot) => *boot,
            _ => unreachable!(),
        }
    })));
    (ui, fx)
}

/// A message from a host page at `origin`.
fn host(ui: &mut Ui, origin: &str, text: &str) -> Vec<Effect> {
    ui.update(Action::Full(FullAction::Host(HostMsg {
        origin: origin.to_string(),
        own_origin: OWN.to_string(),
        request: read_request(text),
    })))
}

/// The answer to the host among `fx`.
fn reply(fx: &[Effect]) -> serde_json::Value {
    fx.iter()
        .find_map(|e| match e {
            Effect::Full(FullEffect::ReplyToHost(v)) => Some(v.clone()),
            _ => None,
        })
        .expect("an answer")
}

#[test]
fn an_embedding_host_is_answered_and_bad_messages_get_errors() {
    let (mut ui, fx) = embedded("?embed&game=qirkat&opponent=friend");
    let ready = fx.iter().find_map(|e| match e {
        Effect::Full(FullEffect::ToHost(v)) => Some(v.clone()),
        _ => None,
    });
    assert_eq!(ready.expect("ready")["type"], "alquerque:ready");
    assert_eq!(ui.view().embed, Some(("dark", true, true)));
    let fx = host(&mut ui, OWN, r#"{"type":"alquerque:get-state"}"#);
    assert_eq!(reply(&fx)["state"]["game"], "qirkat");
    // Another site is not heard at all.
    assert!(host(
        &mut ui,
        "https://elsewhere.example",
        r#"{"type":"alquerque:get-state"}"#
    )
    .is_empty());
    // Malformed, unknown and invalid requests are answered with errors.
    assert_eq!(reply(&host(&mut ui, OWN, "{not json"))["code"], "malformed");
    assert_eq!(
        reply(&host(&mut ui, OWN, r#"{"type":"alquerque:explode"}"#))["code"],
        "unknown_type"
    );
    let fx = host(
        &mut ui,
        OWN,
        r#"{"type":"alquerque:new-game","opponent":"join"}"#,
    );
    assert_eq!(reply(&fx)["code"], "invalid");
    assert_eq!(
        session(&ui).game.kind(),
        GameKind::Draughts(DraughtsKind::Qirkat)
    );
    // A valid new game starts at once, without a confirmation.
    let fx = host(
        &mut ui,
        OWN,
        r#"{"type":"alquerque:new-game","game":"bell","opponent":"easy","side":"black"}"#,
    );
    assert_eq!(reply(&fx)["type"], "alquerque:started");
    assert_eq!(
        session(&ui).game.kind(),
        GameKind::Draughts(DraughtsKind::Bell)
    );
    assert!(matches!(
        session(&ui).mode,
        Mode::Computer {
            level: Level::Easy,
            human: Side::Black
        }
    ));
    let request = asked(&fx).expect("the computer opens").clone();
    // The new game's turns are reported to the host.
    let fx = ui.update(first_turn_reply(&request));
    let events: Vec<_> = fx
        .iter()
        .filter_map(|e| match e {
            Effect::Full(FullEffect::ToHost(v)) => Some(v.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(events.len(), 2, "{events:?}");
    assert_eq!(
        (events[0]["type"].as_str(), events[0]["ply"].as_u64()),
        (Some("alquerque:move"), Some(1))
    );
    assert_eq!(events[1]["type"], "alquerque:turn");
    assert_eq!(events[1]["person"], true);
}

#[test]
fn a_corrupt_save_is_set_aside_with_a_notice() {
    let mut ui = Ui::new();
    let mut boot = match boot::fresh_boot(1) {
        Action::Boot(boot) => *boot,
        _ => unreachable!(),
    };
    boot.saved = Some("{\"version\":1,\"record\":\"chess\"".to_string());
    let fx = ui.update(Action::Boot(Box::new(boot)));
    assert!(fx
        .iter()
        .any(|e| matches!(e, Effect::Store { key, .. } if key == SET_ASIDE_KEY)));
    assert!(fx.contains(&Effect::Remove {
        key: SAVE_KEY.to_string()
    }));
    let view = ui.view();
    assert_eq!(view.screen, "home");
    assert!(view
        .notice
        .expect("a notice")
        .starts_with("Your saved game could not be restored"));
}

#[test]
fn an_embedding_host_seeks_an_opponent_and_hears_of_the_pairing() {
    let (mut ui, _) = embedded("?embed&game=bell&opponent=friend");
    let host = |ui: &mut Ui, text: &str| host(ui, OWN, text);
    let reply = |fx: &[Effect]| reply(fx)["type"].clone();
    // Bad requests are refused before anything is asked of the server.
    for bad in [
        r#"{"type":"alquerque:quick","game":"bell"}"#,
        r#"{"type":"alquerque:quick","game":"chess","clock":"3+2"}"#,
        r#"{"type":"alquerque:quick","game":"bell","clock":"99+0"}"#,
        r#"{"type":"alquerque:seek","game":"bell","side":"purple"}"#,
        r#"{"type":"alquerque:seek","game":"bell","range":[1800,1200]}"#,
    ] {
        let fx = host(&mut ui, bad);
        assert_eq!(reply(&fx), "alquerque:error", "{bad}");
        assert!(
            !fx.iter()
                .any(|e| matches!(e, Effect::Full(FullEffect::Api(_)))),
            "{bad}"
        );
    }
    let fx = host(
        &mut ui,
        r#"{"type":"alquerque:quick","game":"bell","clock":"3+2"}"#,
    );
    assert_eq!(reply(&fx), "alquerque:seeking");
    let (call, _, body) =
        super::lobby_tests::asked(&fx, "api/quick").expect("a quick pairing asked of the server");
    let body = body.unwrap_or_default();
    assert!(body.contains("\"clock\":\"3+2\"") && body.contains("\"game\":\"bell\""));
    assert_eq!(
        ui.shared.notice.as_deref(),
        Some("Sending your seek: Bell, 3+2…")
    );
    let answer = crate::api::decode(&call, 200, r#"{"seek":"q1","game":"g7"}"#);
    let fx = ui.update(Action::Full(FullAction::Lobby(LobbyMsg::Api(call, answer))));
    let told = fx.iter().find_map(|e| match e {
        Effect::Full(FullEffect::ToHost(v)) if v["type"] == "alquerque:paired" => {
            Some(v["game"].clone())
        }
        _ => None,
    });
    assert_eq!(told, Some(serde_json::json!("g7")));
    assert!(fx.contains(&Effect::Full(FullEffect::Connect)));

    // A seek, withdrawn.
    let fx = host(
        &mut ui,
        r#"{"type":"alquerque:seek","game":"classic","side":"black","range":[1200,1800]}"#,
    );
    let (call, _, body) = super::lobby_tests::asked(&fx, "api/seeks").expect("a seek posted");
    let body = body.unwrap_or_default();
    assert!(body.contains("\"side\":\"black\"") && body.contains("[1200,1800]"));
    let answer = crate::api::decode(&call, 200, r#"{"id":"s4"}"#);
    ui.update(Action::Full(FullAction::Lobby(LobbyMsg::Api(call, answer))));
    let fx = host(&mut ui, r#"{"type":"alquerque:withdraw"}"#);
    assert_eq!(reply(&fx), "alquerque:withdrawn");
    assert!(fx
        .iter()
        .any(|e| matches!(e, Effect::Full(FullEffect::Api(call)) if call.path() == "api/seeks/s4/withdraw")));
}
