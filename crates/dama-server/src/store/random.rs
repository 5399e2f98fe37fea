//! Random ids and tokens from the operating system's generator.

use sha2::{Digest, Sha256};

const ALPHABET: &[u8; 62] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

fn bytes<const N: usize>() -> [u8; N] {
    let mut b = [0; N];
    // The OS generator failing means the machine cannot make secrets at all; no id or token
    // made without it would be safe to hand out.
    getrandom::fill(&mut b).expect("the operating system's random generator failed");
    b
}

/// A random id of `len` letters and digits (URL-safe; 8 of them are 47 bits, lichess's game
/// ids' size).
pub fn id(len: usize) -> String {
    let mut out = String::with_capacity(len);
    while out.len() < len {
        // 248 = 4 x 62: bytes past it are dropped so that every character is equally likely.
        for b in bytes::<32>() {
            if b < 248 && out.len() < len {
                out.push(ALPHABET[usize::from(b % 62)] as char);
            }
        }
    }
    out
}

/// A session token: 32 random bytes (256 bits) in hex.
pub fn token() -> String {
    hex(&bytes::<32>())
}

/// The form a token is kept in: its SHA-256 in hex (a token is random and long, so a fast
/// hash is enough; a password needs argon2).
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

fn hex(b: &[u8]) -> String {
    b.iter().map(|x| format!("{x:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_and_tokens_are_random_and_well_formed() {
        let (a, b) = (id(8), id(8));
        assert_eq!(a.len(), 8);
        assert!(a.bytes().all(|c| c.is_ascii_alphanumeric()));
        assert_ne!(a, b);
        let t = token();
        assert_eq!(t.len(), 64);
        assert_ne!(t, token());
        assert_eq!(token_hash(&t), token_hash(&t));
        assert_ne!(token_hash(&t), t);
        assert_eq!(
            token_hash(""),
            "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"
        );
    }
}
