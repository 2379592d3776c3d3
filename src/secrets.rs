//! Remembered passwords live in the OS keyring (Secret Service on Linux,
//! Keychain on macOS, Credential Manager on Windows), never in a file.
//! Where no keyring service runs, nothing is remembered and the user is
//! asked each time.

use crate::protocol::command::Secret;

const SERVICE: &str = "kibitz";

fn account(server: &str, handle: &str) -> String {
    format!("{handle}@{server}")
}

/// Stores the password; the error says why it could not be remembered.
pub fn remember(server: &str, handle: &str, password: &Secret) -> Result<(), String> {
    keyring::Entry::new(SERVICE, &account(server, handle))
        .and_then(|entry| entry.set_password(password.expose()))
        .map_err(|e| {
            format!("no keyring service to remember the password ({e}); it will be asked each time")
        })
}

/// The remembered password, if the keyring has one.
pub fn recall(server: &str, handle: &str) -> Option<Secret> {
    keyring::Entry::new(SERVICE, &account(server, handle))
        .and_then(|entry| entry.get_password())
        .ok()
        .map(Secret::new)
}

/// Forgets a remembered password (missing is fine).
pub fn forget(server: &str, handle: &str) {
    if let Ok(entry) = keyring::Entry::new(SERVICE, &account(server, handle)) {
        let _ = entry.delete_credential();
    }
}
