//! Sounds: synthesized here (no sample files to license), played through
//! rodio when the `audio` feature is on and an output device exists. With no
//! device, or the feature off, Kibitz is silent and otherwise the same.

/// What happened.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Sound {
    Move,
    Capture,
    Check,
    LowTime,
    GameStart,
    GameEnd,
    Tell,
}

/// The synthesis rate.
pub const SAMPLE_RATE: u32 = 44_100;

/// A sound as mono samples in -1..=1.
pub fn samples(sound: Sound) -> Vec<f32> {
    match sound {
        // A short, woody knock: filtered noise with a fast decay.
        Sound::Move => knock(0.045, 0.55),
        Sound::Capture => {
            let mut s = knock(0.04, 0.6);
            s.extend(silence(0.03));
            s.extend(knock(0.05, 0.7));
            s
        }
        Sound::Check => chain(&[(880.0, 0.07), (1175.0, 0.1)], 0.35),
        Sound::LowTime => chain(&[(1568.0, 0.06), (0.0, 0.05), (1568.0, 0.06)], 0.3),
        Sound::GameStart => chain(&[(523.0, 0.09), (659.0, 0.09), (784.0, 0.16)], 0.3),
        Sound::GameEnd => chain(&[(784.0, 0.1), (659.0, 0.1), (523.0, 0.22)], 0.3),
        Sound::Tell => chain(&[(1047.0, 0.12)], 0.25),
    }
}

fn silence(seconds: f32) -> Vec<f32> {
    vec![0.0; (seconds * SAMPLE_RATE as f32) as usize]
}

/// Tones one after another (frequency 0 is a rest), each with a soft
/// attack and release so nothing clicks.
fn chain(tones: &[(f32, f32)], amplitude: f32) -> Vec<f32> {
    let mut out = Vec::new();
    for &(frequency, seconds) in tones {
        let n = (seconds * SAMPLE_RATE as f32) as usize;
        for i in 0..n {
            let t = i as f32 / SAMPLE_RATE as f32;
            let envelope = (i as f32 / 220.0).min(1.0) * ((n - i) as f32 / 880.0).min(1.0);
            let tone = (std::f32::consts::TAU * frequency * t).sin();
            out.push(if frequency > 0.0 {
                tone * envelope * amplitude
            } else {
                0.0
            });
        }
    }
    out
}

/// Deterministic noise through a one-pole low-pass, exponentially decayed.
fn knock(seconds: f32, amplitude: f32) -> Vec<f32> {
    let n = (seconds * SAMPLE_RATE as f32) as usize;
    let mut state: u32 = 0x9E37_79B9;
    let mut low = 0.0f32;
    (0..n)
        .map(|i| {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            let noise = (state as f32 / u32::MAX as f32) * 2.0 - 1.0;
            low += 0.18 * (noise - low);
            let decay = (-(i as f32) / (n as f32 * 0.22)).exp();
            (low * decay * amplitude * 2.5).clamp(-1.0, 1.0)
        })
        .collect()
}

/// The sounds a recording player was asked for, in order.
pub type Played = std::sync::Arc<std::sync::Mutex<Vec<Sound>>>;

/// The player: an open output device, or nothing.
pub struct Player {
    #[cfg(feature = "audio")]
    sink: Option<rodio::MixerDeviceSink>,
    /// A stand-in for the listener (tests): every sound asked for.
    played: Option<Played>,
}

impl Player {
    /// Opens the default output device; without one, plays nothing.
    pub fn open() -> Self {
        #[cfg(feature = "audio")]
        {
            let sink = match rodio::DeviceSinkBuilder::open_default_sink() {
                Ok(mut sink) => {
                    sink.log_on_drop(false);
                    Some(sink)
                }
                Err(e) => {
                    tracing::info!("no audio output, sounds are off: {e}");
                    None
                }
            };
            Player { sink, played: None }
        }
        #[cfg(not(feature = "audio"))]
        Player { played: None }
    }

    /// A player that never makes a sound (tests, `--no-sound`).
    pub fn silent() -> Self {
        Player {
            #[cfg(feature = "audio")]
            sink: None,
            played: None,
        }
    }

    /// A silent player that notes every sound it is asked for (tests).
    pub fn recording() -> (Self, Played) {
        let played = Played::default();
        let player = Player {
            played: Some(played.clone()),
            ..Player::silent()
        };
        (player, played)
    }

    pub fn is_audible(&self) -> bool {
        #[cfg(feature = "audio")]
        return self.sink.is_some();
        #[cfg(not(feature = "audio"))]
        false
    }

    /// Plays `sound` at `volume` (0..=1) without blocking.
    pub fn play(&self, sound: Sound, volume: f32) {
        if let Some(played) = &self.played
            && let Ok(mut played) = played.lock()
        {
            played.push(sound);
        }
        #[cfg(feature = "audio")]
        if let Some(sink) = &self.sink {
            let volume = volume.clamp(0.0, 1.0);
            let data: Vec<f32> = samples(sound).into_iter().map(|s| s * volume).collect();
            let (Some(channels), Some(rate)) = (
                std::num::NonZero::new(1u16),
                std::num::NonZero::new(SAMPLE_RATE),
            ) else {
                return;
            };
            sink.mixer()
                .add(rodio::buffer::SamplesBuffer::new(channels, rate, data));
        }
        #[cfg(not(feature = "audio"))]
        let _ = (sound, volume);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sound_is_short_bounded_and_audible() {
        for sound in [
            Sound::Move,
            Sound::Capture,
            Sound::Check,
            Sound::LowTime,
            Sound::GameStart,
            Sound::GameEnd,
            Sound::Tell,
        ] {
            let s = samples(sound);
            let seconds = s.len() as f32 / SAMPLE_RATE as f32;
            assert!((0.03..0.6).contains(&seconds), "{sound:?}: {seconds} s");
            let peak = s.iter().fold(0.0f32, |m, x| m.max(x.abs()));
            assert!(peak <= 1.0 && peak > 0.05, "{sound:?}: peak {peak}");
            // No click at the end: the last samples are near silence.
            assert!(s.last().is_some_and(|x| x.abs() < 0.05), "{sound:?}");
        }
    }

    #[test]
    fn a_silent_player_plays_nothing_and_does_not_fail() {
        let player = Player::silent();
        assert!(!player.is_audible());
        player.play(Sound::Move, 0.7);
    }
}
