//! The network side: a thread with a tokio runtime that owns the socket and
//! the protocol session, and a replay source with the same interface.

pub mod backoff;
pub mod event;
pub mod replay;
pub mod task;
pub mod urgency;

pub use event::{NetEvent, Status};
pub use task::{NetCommand, NetConfig, NetHandle, Waker};
