//! What the network side tells the UI: the connection's status and the
//! protocol events, each stamped with its arrival time. Both the network
//! thread (`task.rs`) and the waker's urgency (`urgency.rs`) speak it.

use crate::protocol::event::Event;
use crate::protocol::session::Now;
use std::time::Duration;

/// What the connection is doing, for the UI to show.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Status {
    Connecting {
        attempt: u32,
    },
    Connected,
    LoggedIn {
        handle: String,
    },
    /// The connection dropped; another attempt follows after `delay`.
    RetryingIn {
        delay: Duration,
        reason: String,
    },
    /// Final: nothing more will happen (logout, kick, failed login, or no
    /// reconnecting).
    Stopped {
        reason: String,
    },
}

#[derive(Debug, Clone, PartialEq)]
#[allow(clippy::large_enum_variant)] // moved once through a channel; boxing would cost an allocation per event
pub enum NetEvent {
    Status(Status),
    /// A protocol event and when it arrived (since the handle's origin).
    Protocol {
        at: Now,
        event: Event,
    },
}
