//! The network thread and the command-line tools against scripted and hostile
//! servers on 127.0.0.1, and the scripted server's own checks. One binary: on
//! two cores, linking dominates the test build.

#[path = "../common/mod.rs"]
mod common;

mod dead_link;
mod fake_server_selftest;
mod hostile;
mod replay;
mod scripted;
mod watch_cli;
