//! [`Message`]: a diagnostic's text, shared between the diagnostics that say the same thing.

use std::borrow::{Borrow, Cow};
use std::cell::RefCell;
use std::fmt;
use std::ops::Deref;
use std::sync::Arc;

use foldhash::{HashSet, HashSetExt};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// A diagnostic's text (its message, help or a label's). Cheap to clone, and equal texts made
/// on one thread share one allocation: a script's findings repeat a few hundred texts
/// thousands of times, and a report keeps every finding until it is printed.
///
/// It reads as a `str` (`Deref`, `Display`, comparisons with `str` and `String`) and
/// serializes as one.
#[derive(Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Message(Arc<str>);

/// The most texts a thread's table of shared texts holds: past it the table starts afresh
/// (the texts already handed out live on), so it stays small in a long-lived process.
const MAX_SHARED: usize = 1024;
/// Longer texts are not looked up: they are rarely repeated.
const MAX_SHARED_LEN: usize = 512;

thread_local! {
    /// The texts made on this thread lately, to hand out again.
    static SHARED: RefCell<HashSet<Arc<str>>> = RefCell::new(HashSet::new());
}

impl Message {
    /// The text `text`, sharing the allocation of an equal text made on this thread lately.
    pub fn shared(text: &str) -> Self {
        if text.len() > MAX_SHARED_LEN {
            return Message(Arc::from(text));
        }
        SHARED.with(|shared| {
            let Ok(mut shared) = shared.try_borrow_mut() else {
                return Message(Arc::from(text));
            };
            if let Some(known) = shared.get(text) {
                return Message(Arc::clone(known));
            }
            if shared.len() >= MAX_SHARED {
                *shared = HashSet::new();
            }
            let new: Arc<str> = Arc::from(text);
            shared.insert(Arc::clone(&new));
            Message(new)
        })
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl Default for Message {
    fn default() -> Self {
        Message::shared("")
    }
}

impl Deref for Message {
    type Target = str;
    fn deref(&self) -> &str {
        &self.0
    }
}

impl AsRef<str> for Message {
    fn as_ref(&self) -> &str {
        &self.0
    }
}

impl Borrow<str> for Message {
    fn borrow(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&*self.0, f)
    }
}

/// As a `String`'s (derived `Debug` output of diagnostics is unchanged).
impl fmt::Debug for Message {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(&*self.0, f)
    }
}

impl From<&str> for Message {
    fn from(text: &str) -> Self {
        Message::shared(text)
    }
}

impl From<&String> for Message {
    fn from(text: &String) -> Self {
        Message::shared(text)
    }
}

impl From<String> for Message {
    fn from(text: String) -> Self {
        Message::shared(&text)
    }
}

impl From<Cow<'_, str>> for Message {
    fn from(text: Cow<'_, str>) -> Self {
        Message::shared(&text)
    }
}

impl From<Box<str>> for Message {
    fn from(text: Box<str>) -> Self {
        Message::shared(&text)
    }
}

impl From<Message> for String {
    fn from(text: Message) -> Self {
        text.0.to_string()
    }
}

impl PartialEq<str> for Message {
    fn eq(&self, other: &str) -> bool {
        *self.0 == *other
    }
}

impl PartialEq<&str> for Message {
    fn eq(&self, other: &&str) -> bool {
        *self.0 == **other
    }
}

impl PartialEq<String> for Message {
    fn eq(&self, other: &String) -> bool {
        *self.0 == **other
    }
}

impl PartialEq<Message> for str {
    fn eq(&self, other: &Message) -> bool {
        *self == *other.0
    }
}

impl PartialEq<Message> for &str {
    fn eq(&self, other: &Message) -> bool {
        **self == *other.0
    }
}

impl PartialEq<Message> for String {
    fn eq(&self, other: &Message) -> bool {
        **self == *other.0
    }
}

impl Serialize for Message {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(&self.0)
    }
}

impl<'de> Deserialize<'de> for Message {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = Cow::<'de, str>::deserialize(deserializer)?;
        Ok(Message::from(text))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn equal_texts_share_one_allocation() {
        let a = Message::from(format!("option '{}' is unknown", "x"));
        let b = Message::from("option 'x' is unknown");
        assert!(Arc::ptr_eq(&a.0, &b.0));
        assert_eq!(a, "option 'x' is unknown");
        assert_eq!(
            format!("{a} {a:?}"),
            "option 'x' is unknown \"option 'x' is unknown\""
        );
    }

    #[test]
    fn the_table_starts_afresh_when_full() {
        let first = Message::from("the first text");
        for i in 0..=MAX_SHARED {
            let _ = Message::from(i.to_string());
        }
        assert_eq!(first, "the first text");
        assert!(SHARED.with(|s| s.borrow().len()) <= MAX_SHARED);
    }

    #[test]
    fn serializes_as_a_string() {
        let m = Message::from("a \"quoted\" text");
        let json = serde_json::to_string(&m).unwrap();
        assert_eq!(json, serde_json::to_string("a \"quoted\" text").unwrap());
        let back: Message = serde_json::from_str(&json).unwrap();
        assert_eq!(back, m);
    }
}
