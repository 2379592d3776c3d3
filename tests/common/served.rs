//! The scripted server on a thread of its own, with its own runtime (the
//! window and `kibitz watch` block theirs): scripts served one per
//! connection until the test is done, then what the client sent.

use std::sync::mpsc;
use std::thread::JoinHandle;
use std::time::Duration;

use super::fake_server::{FakeServer, Script};

/// Scripts being served, one per connection, until [`Served::finish`].
pub struct Served {
    pub addr: String,
    done: mpsc::Sender<()>,
    thread: JoinHandle<Vec<String>>,
}

impl Served {
    pub fn start(scripts: Vec<Script>) -> Served {
        let (addr_tx, addr_rx) = mpsc::channel();
        let (done, done_rx) = mpsc::channel::<()>();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("runtime");
            runtime.block_on(async move {
                let server = FakeServer::start(scripts, false).await.expect("server");
                addr_tx.send(server.addr.to_string()).expect("addr");
                // Keep serving until the test is done.
                let _ = tokio::task::spawn_blocking(move || done_rx.recv()).await;
                server.received(0, Duration::from_secs(1)).await
            })
        });
        let addr = addr_rx.recv().expect("addr");
        Served { addr, done, thread }
    }

    /// Stops serving; what the client sent on the first connection.
    pub fn finish(self) -> Vec<String> {
        let _ = self.done.send(());
        self.thread.join().expect("server thread")
    }
}
