//! A thread of its own for a part's disk work (the UI thread does no file
//! IO): jobs done in the order given, each answer sent back and the window
//! woken for it; the queue done before the app goes (the thread is joined
//! on drop). The chat's keeping and the archive's writing run on one each.

use std::sync::mpsc;

/// What the thread is told: a job, or to say when all before it are done.
enum Message<Job> {
    Job(Job),
    Barrier(mpsc::Sender<()>),
}

#[derive(Debug)]
pub struct DiskThread<Job, Answer> {
    jobs: mpsc::Sender<Message<Job>>,
    answers: mpsc::Receiver<Answer>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl<Job: Send + 'static, Answer: Send + 'static> DiskThread<Job, Answer> {
    /// A thread named `name` doing each job with `work`; an answer it gives
    /// is sent back and `window` woken. None if it cannot start.
    pub fn start(
        name: &str,
        window: Option<egui::Context>,
        mut work: impl FnMut(Job) -> Option<Answer> + Send + 'static,
    ) -> Option<Self> {
        let (jobs, queue) = mpsc::channel::<Message<Job>>();
        let (answer, answers) = mpsc::channel::<Answer>();
        let thread = std::thread::Builder::new()
            .name(name.to_owned())
            .spawn(move || {
                for message in queue {
                    match message {
                        Message::Job(job) => {
                            if let Some(said) = work(job) {
                                let _ = answer.send(said);
                                if let Some(window) = &window {
                                    window.request_repaint();
                                }
                            }
                        }
                        Message::Barrier(done) => {
                            let _ = done.send(());
                        }
                    }
                }
            })
            .map_err(|e| tracing::warn!("no thread for {name}: {e}"))
            .ok()?;
        Some(DiskThread {
            jobs,
            answers,
            thread: Some(thread),
        })
    }

    /// Queues a job; the job back if the thread is gone.
    pub fn send(&self, job: Job) -> Result<(), Job> {
        let Err(mpsc::SendError(Message::Job(job))) = self.jobs.send(Message::Job(job)) else {
            return Ok(());
        };
        Err(job)
    }

    /// The answers given since, in order.
    pub fn answers(&self) -> impl Iterator<Item = Answer> + '_ {
        self.answers.try_iter()
    }

    /// Waits until every job given so far is done (tests).
    pub fn wait(&self) {
        let (done, waiting) = mpsc::channel();
        if self.jobs.send(Message::Barrier(done)).is_ok() {
            let _ = waiting.recv();
        }
    }
}

impl<Job, Answer> Drop for DiskThread<Job, Answer> {
    /// The jobs still queued are done before the app goes.
    fn drop(&mut self) {
        let (jobs, _) = mpsc::channel();
        drop(std::mem::replace(&mut self.jobs, jobs));
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}
