//! A loopback proxy whose links can die the way real ones do: [`Proxy::cut`]
//! stops forwarding on every connection open at that moment, both ways,
//! and leaves their sockets open (a laptop lid closed, a NAT that forgot
//! the flow: nothing tells either end). Connections made after the cut are
//! forwarded again (the link restored).

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::mpsc;
use std::thread::JoinHandle;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

pub struct Proxy {
    /// Where clients connect: `127.0.0.1:port`.
    pub addr: String,
    cuts: Arc<AtomicU64>,
    done: mpsc::Sender<()>,
    thread: Option<JoinHandle<()>>,
}

impl Proxy {
    /// Forwards connections to `upstream` on a thread of its own.
    pub fn start(upstream: &str) -> Proxy {
        let upstream = upstream.to_owned();
        let cuts = Arc::new(AtomicU64::new(0));
        let (addr_tx, addr_rx) = mpsc::channel();
        let (done, done_rx) = mpsc::channel::<()>();
        let thread_cuts = cuts.clone();
        let thread = std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("runtime");
            runtime.block_on(async move {
                let listener = TcpListener::bind(("127.0.0.1", 0)).await.expect("bind");
                addr_tx
                    .send(listener.local_addr().expect("addr").to_string())
                    .expect("addr");
                let serve = async {
                    while let Ok((client, _)) = listener.accept().await {
                        let Ok(server) = TcpStream::connect(&upstream).await else {
                            continue;
                        };
                        let born = thread_cuts.load(Ordering::SeqCst);
                        let (client_read, client_write) = client.into_split();
                        let (server_read, server_write) = server.into_split();
                        tokio::spawn(forward(
                            client_read,
                            server_write,
                            thread_cuts.clone(),
                            born,
                        ));
                        tokio::spawn(forward(
                            server_read,
                            client_write,
                            thread_cuts.clone(),
                            born,
                        ));
                    }
                };
                tokio::select! {
                    () = serve => {}
                    _ = tokio::task::spawn_blocking(move || done_rx.recv()) => {}
                }
            });
        });
        let addr = addr_rx.recv().expect("proxy address");
        Proxy {
            addr,
            cuts,
            done,
            thread: Some(thread),
        }
    }

    /// The links open now go dead: nothing more crosses them, and nothing
    /// closes them.
    pub fn cut(&self) {
        self.cuts.fetch_add(1, Ordering::SeqCst);
    }
}

impl Drop for Proxy {
    fn drop(&mut self) {
        let _ = self.done.send(());
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Copies one way until the link is cut; then holds both sockets open,
/// forwarding nothing, until the proxy stops.
async fn forward(
    mut from: tokio::net::tcp::OwnedReadHalf,
    mut to: tokio::net::tcp::OwnedWriteHalf,
    cuts: Arc<AtomicU64>,
    born: u64,
) {
    let mut buffer = vec![0u8; 16 * 1024];
    loop {
        let n = match from.read(&mut buffer).await {
            Ok(0) | Err(_) => return,
            Ok(n) => n,
        };
        if cuts.load(Ordering::SeqCst) != born {
            break;
        }
        if to.write_all(&buffer[..n]).await.is_err() {
            return;
        }
    }
    // Dead but open: the bytes go nowhere.
    loop {
        match from.read(&mut buffer).await {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
    }
    std::future::pending::<()>().await;
    drop(to);
}
