//! Messages are JSON objects that name their kind in a field of their own,
//! written first (`{"type": "ack", "ply": 3}`). serde's derive reads such
//! an object by buffering all of it first, in code copied for every message
//! and every reader, which was most of what reading messages cost the
//! browser's module. So [`crate::ServerMessage`] and [`crate::EventBody`]
//! derive the plain form instead (`{"ack": {"ply": 3}}`, or `"pong"` for a
//! kind with no fields) as inherent functions (`#[serde(remote = "Self")]`),
//! and their `Serialize` and `Deserialize` convert between the two forms
//! here. Writing goes through a [`serde_json::Value`] (the server's side);
//! reading streams: the kind must be the object's first field, as [`write`]
//! puts it, and the rest of the object is handed to the plain form as the
//! variant's fields, with nothing buffered.

use core::fmt;
use core::marker::PhantomData;

use serde::de::value::{MapAccessDeserializer, StringDeserializer};
use serde::de::{
    DeserializeSeed, EnumAccess, Error as _, IgnoredAny, IntoDeserializer, MapAccess,
    VariantAccess, Visitor,
};
use serde::ser::{Error as _, SerializeMap};
use serde::{Deserialize, Deserializer, Serializer};
use serde_json::{Map, Value};

/// A type whose wire form is its plain form tagged by `TAG`.
pub(crate) trait Tagged<'de>: Sized {
    /// The field that names the kind.
    const TAG: &'static str;

    /// Reads the plain form (the derived, externally tagged one).
    fn plain<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error>;
}

/// Reads a `T` from an object whose first field is `T::TAG`.
pub(crate) fn read<'de, T: Tagged<'de>, D: Deserializer<'de>>(
    deserializer: D,
) -> Result<T, D::Error> {
    deserializer.deserialize_map(TagFirst::<T>(PhantomData))
}

/// Reads a `T` from the rest of `map`, whose next field is `T::TAG`.
pub(crate) fn read_rest<'de, T: Tagged<'de>, A: MapAccess<'de>>(mut map: A) -> Result<T, A::Error> {
    let kind: String = next_field(&mut map, T::TAG)?;
    T::plain(Kind { kind, rest: map })
}

/// The value of the next field of `map`, which must be `name`.
pub(crate) fn next_field<'de, V: Deserialize<'de>, A: MapAccess<'de>>(
    map: &mut A,
    name: &'static str,
) -> Result<V, A::Error> {
    match map.next_key::<String>()? {
        Some(key) if key == name => map.next_value(),
        Some(key) => Err(A::Error::custom(format!(
            "`{name}` must come before `{key}`"
        ))),
        None => Err(A::Error::missing_field(name)),
    }
}

/// Makes `$ty` (whose derives have `#[serde(remote = "Self")]`) read its
/// wire form: an object whose first field, `$tag`, names its kind.
macro_rules! read_tagged_by {
    ($ty:ty, $tag:literal) => {
        impl<'de> $crate::tagged::Tagged<'de> for $ty {
            const TAG: &'static str = $tag;

            fn plain<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                <$ty>::deserialize(deserializer)
            }
        }

        impl<'de> serde::Deserialize<'de> for $ty {
            fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                $crate::tagged::read(deserializer)
            }
        }
    };
}

pub(crate) use read_tagged_by;

struct TagFirst<T>(PhantomData<T>);

impl<'de, T: Tagged<'de>> Visitor<'de> for TagFirst<T> {
    type Value = T;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "an object whose first field is `{}`", T::TAG)
    }

    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<T, A::Error> {
        read_rest(map)
    }
}

/// The kind named by the tag, and the object's other fields: read by the
/// plain form as an enum whose variant is the kind.
struct Kind<A> {
    kind: String,
    rest: A,
}

impl<'de, A: MapAccess<'de>> Deserializer<'de> for Kind<A> {
    type Error = A::Error;

    fn deserialize_any<V: Visitor<'de>>(self, visitor: V) -> Result<V::Value, A::Error> {
        visitor.visit_enum(self)
    }

    serde::forward_to_deserialize_any! {
        bool i8 i16 i32 i64 i128 u8 u16 u32 u64 u128 f32 f64 char str string
        bytes byte_buf option unit unit_struct newtype_struct seq tuple
        tuple_struct map struct enum identifier ignored_any
    }
}

impl<'de, A: MapAccess<'de>> EnumAccess<'de> for Kind<A> {
    type Error = A::Error;
    type Variant = Fields<A>;

    fn variant_seed<V: DeserializeSeed<'de>>(
        self,
        seed: V,
    ) -> Result<(V::Value, Fields<A>), A::Error> {
        let kind: StringDeserializer<A::Error> = self.kind.into_deserializer();
        Ok((seed.deserialize(kind)?, Fields(self.rest)))
    }
}

/// The fields of the kind: the rest of the object.
struct Fields<A>(A);

impl<'de, A: MapAccess<'de>> VariantAccess<'de> for Fields<A> {
    type Error = A::Error;

    fn unit_variant(mut self) -> Result<(), A::Error> {
        while self.0.next_entry::<IgnoredAny, IgnoredAny>()?.is_some() {}
        Ok(())
    }

    fn newtype_variant_seed<T: DeserializeSeed<'de>>(self, seed: T) -> Result<T::Value, A::Error> {
        seed.deserialize(MapAccessDeserializer::new(self.0))
    }

    fn tuple_variant<V: Visitor<'de>>(
        self,
        _len: usize,
        _visitor: V,
    ) -> Result<V::Value, A::Error> {
        Err(A::Error::custom("no kind of message is a tuple"))
    }

    fn struct_variant<V: Visitor<'de>>(
        self,
        _fields: &'static [&'static str],
        visitor: V,
    ) -> Result<V::Value, A::Error> {
        visitor.visit_map(self.0)
    }
}

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
