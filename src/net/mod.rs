//! The network side: a thread with a tokio runtime that owns the socket and
//! the protocol session, and a replay source with the same interface.

pub mod backoff;
pub mod replay;
pub mod task;
pub mod urgency;

pub use task::{NetCommand, NetConfig, NetEvent, NetHandle, Status, Waker};
