//! Messages are JSON objects that name their kind in a field of their own
//! (`{"type": "ack", "ply": 3}`). serde's derive reads such an object by
//! buffering all of it first, in code copied for every message and every
//! reader, which is most of what reading messages costs the browser's
//! module. So [`crate::ServerMessage`] and [`crate::EventBody`] derive the
//! plain form instead (`{"ack": {"ply": 3}}`, or `"pong"` for a kind with
//! no fields) as inherent functions (`#[serde(remote = "Self")]`), and their
//! `Serialize` and `Deserialize` convert between the two forms here, through
//! a [`serde_json::Value`]. What goes over the wire does not change.

use serde::ser::{Error as _, SerializeMap};
use serde::Serializer;
use serde_json::{Map, Value};

/// Writes the plain form `plain` as one object: first the `leading` fields,
/// then `tag` naming the kind, then the kind's own fields.
pub(crate) fn write<S: Serializer>(
    serializer: S,
    leading: &[(&str, &Value)],
    tag: &str,
    plain: Result<Value, serde_json::Error>,
) -> Result<S::Ok, S::Error> {
    let (kind, fields) = split(plain.map_err(S::Error::custom)?).map_err(S::Error::custom)?;
    let mut map = serializer.serialize_map(Some(leading.len() + 1 + fields.len()))?;
    for (key, value) in leading {
        map.serialize_entry(key, value)?;
    }
    map.serialize_entry(tag, &kind)?;
    for (key, value) in &fields {
        map.serialize_entry(key, value)?;
    }
    map.end()
}

/// The kind and the fields of a plain form.
fn split(plain: Value) -> Result<(String, Map<String, Value>), String> {
    match plain {
        Value::String(kind) => Ok((kind, Map::new())),
        Value::Object(map) if map.len() == 1 => match map.into_iter().next() {
            Some((kind, Value::Object(fields))) => Ok((kind, fields)),
            Some((kind, _)) => Err(format!("`{kind}` does not hold fields")),
            None => Err("no kind".to_string()),
        },
        _ => Err("not a kind of message".to_string()),
    }
}

/// Reads `object`, whose field `tag` names its kind, with `read`, which
/// takes the plain form.
pub(crate) fn read<T>(
    mut object: Map<String, Value>,
    tag: &str,
    read: impl Fn(Value) -> Result<T, serde_json::Error>,
) -> Result<T, String> {
    let kind = match object.remove(tag) {
        Some(Value::String(kind)) => kind,
        Some(_) => return Err(format!("`{tag}` is not a string")),
        None => return Err(format!("missing field `{tag}`")),
    };
    if object.is_empty() {
        // A kind without fields is written as its bare name.
        if let Ok(message) = read(Value::String(kind.clone())) {
            return Ok(message);
        }
    }
    let plain = Value::Object(Map::from_iter([(kind, Value::Object(object))]));
    read(plain).map_err(|e| e.to_string())
}

/// `value` as an object, or why not.
pub(crate) fn object(value: Value) -> Result<Map<String, Value>, String> {
    match value {
        Value::Object(object) => Ok(object),
        _ => Err("a message is a JSON object".to_string()),
    }
}
