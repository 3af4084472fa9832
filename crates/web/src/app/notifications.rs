//! Notifications on the browser's side, as the [`crate::ui`] asks
//! ([`NotifyAsk`]): the permission, the service worker's registration, the
//! push subscription and the server's copy of it; and the page's own
//! notification when a paired game starts while it is hidden. Where the
//! browser then stands comes back as [`FullAction::Notify`].

use js_sys::{Promise, Reflect};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    Notification, NotificationOptions, NotificationPermission, PushSubscription,
    PushSubscriptionOptionsInit, ServiceWorkerRegistration,
};

use super::*;
use crate::ui::{FullAction, NotifyAsk, NotifyState};

/// The service worker's script, beside the page.
const WORKER: &str = "sw.js";

impl App {
    pub(super) fn notify(&self, ask: NotifyAsk) {
        let window = self.window.clone();
        let hidden = self.document.hidden();
        wasm_bindgen_futures::spawn_local(async move {
            let state = match ask {
                NotifyAsk::Check => Some(standing(&window).await),
                NotifyAsk::On { lang } => Some(turn_on(&window, lang).await),
                NotifyAsk::Off => Some(turn_off(&window, true).await),
                NotifyAsk::Forget => {
                    turn_off(&window, false).await;
                    None
                }
                NotifyAsk::Show { title, body, url } => {
                    if hidden {
                        show(&window, &title, &body, &url).await;
                    }
                    None
                }
            };
            if let Some(state) = state {
                dispatch(Action::Full(FullAction::Notify(state)));
            }
        });
    }
}

/// Whether the browser has push, service workers and notifications.
fn supported(window: &Window) -> bool {
    let has = |on: &JsValue, name: &str| Reflect::has(on, &name.into()).unwrap_or(false);
    has(window, "PushManager")
        && has(window, "Notification")
        && has(&window.navigator(), "serviceWorker")
}

async fn wait(promise: Promise) -> Result<JsValue, JsValue> {
    JsFuture::from(promise).await
}

/// The page's service worker registration, if there is one.
async fn registration(window: &Window) -> Option<ServiceWorkerRegistration> {
    let found = wait(window.navigator().service_worker().get_registration())
        .await
        .ok()?;
    found.dyn_into().ok()
}

/// This browser's push subscription, if any.
async fn subscription(registration: &ServiceWorkerRegistration) -> Option<PushSubscription> {
    let found = wait(registration.push_manager().ok()?.get_subscription().ok()?)
        .await
        .ok()?;
    found.dyn_into().ok()
}

async fn standing(window: &Window) -> NotifyState {
    if !supported(window) {
        return NotifyState::Unsupported;
    }
    if Notification::permission() == NotificationPermission::Denied {
        return NotifyState::Denied;
    }
    let Some(registration) = registration(window).await else {
        return NotifyState::Off;
    };
    match subscription(&registration).await {
        Some(_) if Notification::permission() == NotificationPermission::Granted => NotifyState::On,
        _ => NotifyState::Off,
    }
}

async fn turn_on(window: &Window, lang: &str) -> NotifyState {
    if !supported(window) {
        return NotifyState::Unsupported;
    }
    let Ok(asked) = Notification::request_permission() else {
        return NotifyState::Failed;
    };
    match wait(asked)
        .await
        .ok()
        .and_then(|p| p.as_string())
        .as_deref()
    {
        Some("granted") => {}
        Some("denied") => return NotifyState::Denied,
        _ => return NotifyState::Off,
    }
    match subscribe(window, lang).await {
        Ok(()) => NotifyState::On,
        Err(e) => {
            web_sys::console::warn_2(&"notifications could not be turned on:".into(), &e);
            NotifyState::Failed
        }
    }
}

/// Subscribes with the server's key, and gives the server the subscription.
async fn subscribe(window: &Window, lang: &str) -> Result<(), JsValue> {
    let container = window.navigator().service_worker();
    wait(container.register(WORKER)).await?;
    let registration: ServiceWorkerRegistration = wait(container.ready()?).await?.dyn_into()?;
    let (status, text) = fetch_api(window, "GET", online_play::api::PUSH_KEY.route, None).await?;
    let key = serde_json::from_str::<online_play::api::PushKey>(&text)
        .ok()
        .filter(|_| status == 200)
        .ok_or_else(|| JsValue::from_str("the server gave no push key"))?;
    let options = PushSubscriptionOptionsInit::new();
    options.set_user_visible_only(true);
    options.set_application_server_key_opt_str(Some(&key.key));
    let manager = registration.push_manager()?;
    let made: PushSubscription = wait(manager.subscribe_with_options(&options)?)
        .await?
        .dyn_into()?;
    let json = js_sys::JSON::stringify(&made)?
        .as_string()
        .unwrap_or_default();
    let mut body: serde_json::Value =
        serde_json::from_str(&json).map_err(|e| JsValue::from_str(&e.to_string()))?;
    body["lang"] = lang.into();
    let route = online_play::api::PUSH_SUBSCRIBE.route;
    let (status, text) = fetch_api(window, "POST", route, Some(&body.to_string())).await?;
    if status != 204 {
        // The server will not call this browser: leave nothing behind.
        let _ = made.unsubscribe().map(wait);
        return Err(JsValue::from_str(&text));
    }
    Ok(())
}

/// Unsubscribes this browser and, when `tell`, the server too.
async fn turn_off(window: &Window, tell: bool) -> NotifyState {
    if !supported(window) {
        return NotifyState::Unsupported;
    }
    let Some(registration) = registration(window).await else {
        return NotifyState::Off;
    };
    let Some(subscription) = subscription(&registration).await else {
        return NotifyState::Off;
    };
    if tell {
        let body = serde_json::to_string(&online_play::api::PushUnsubscribe {
            endpoint: subscription.endpoint(),
        })
        .unwrap_or_default();
        let route = online_play::api::PUSH_UNSUBSCRIBE.route;
        if !matches!(
            fetch_api(window, "POST", route, Some(&body)).await,
            Ok((204, _))
        ) {
            return NotifyState::Failed;
        }
    }
    if let Ok(promise) = subscription.unsubscribe() {
        let _ = wait(promise).await;
    }
    NotifyState::Off
}

/// Shows the page's own notification through its service worker (which
/// opens `url` when it is pressed).
async fn show(window: &Window, title: &str, body: &str, url: &str) {
    if !supported(window) || Notification::permission() != NotificationPermission::Granted {
        return;
    }
    let Some(registration) = registration(window).await else {
        return;
    };
    let options = NotificationOptions::new();
    options.set_body(body);
    options.set_tag(url);
    let data = js_sys::Object::new();
    let _ = Reflect::set(&data, &"url".into(), &url.into());
    options.set_data(&data);
    if let Ok(promise) = registration.show_notification_with_options(title, &options) {
        let _ = wait(promise).await;
    }
}

/// A call of the game server's API beside the page: status and body.
async fn fetch_api(
    window: &Window,
    method: &str,
    path: &str,
    body: Option<&str>,
) -> Result<(u16, String), JsValue> {
    let init = match body {
        Some(body) => super::full::json_request(method, body),
        None => {
            let init = web_sys::RequestInit::new();
            init.set_method(method);
            init
        }
    };
    let path = path.trim_start_matches('/');
    let response: web_sys::Response = wait(window.fetch_with_str_and_init(path, &init))
        .await?
        .dyn_into()?;
    let text = wait(response.text()?).await?;
    Ok((response.status(), text.as_string().unwrap_or_default()))
}
