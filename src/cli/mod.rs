//! The command-line interfaces besides the window: public, keep them stable.

pub mod decode;
pub mod json;
pub mod watch;
