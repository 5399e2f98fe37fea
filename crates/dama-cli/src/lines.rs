//! Reading lines of bounded length: a peer that never ends its line must not make us keep its
//! bytes without limit. Used by `dama hub` for its input and by `dama match` for what its Hub
//! engines write.

use std::io::{self, BufRead};

/// The longest line read: 64 KiB (a Hub position with a few hundred moves is a few KB).
pub const MAX_LINE: usize = 64 * 1024;

/// Reads one line of at most `max` bytes into `out` (without the newline and a `\r` before
/// it), discarding the rest of a longer one up to its newline: `Some(too_long)`, or `None` at
/// the end of the input.
///
/// ```
/// use dama_cli::lines::read_line_bounded;
/// let mut input = &b"ping\r\nxxxxxxxxxx\nlast"[..];
/// let mut buf = Vec::new();
/// assert_eq!(read_line_bounded(&mut input, &mut buf, 8).unwrap(), Some(false));
/// assert_eq!(buf, b"ping");
/// assert_eq!(read_line_bounded(&mut input, &mut buf, 8).unwrap(), Some(true));
/// assert_eq!(read_line_bounded(&mut input, &mut buf, 8).unwrap(), Some(false));
/// assert_eq!(buf, b"last");
/// assert_eq!(read_line_bounded(&mut input, &mut buf, 8).unwrap(), None);
/// ```
pub fn read_line_bounded(
    r: &mut impl BufRead,
    out: &mut Vec<u8>,
    max: usize,
) -> io::Result<Option<bool>> {
    out.clear();
    let mut too_long = false;
    let mut any = false;
    loop {
        let buf = match r.fill_buf() {
            Ok(b) => b,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        if buf.is_empty() {
            return Ok(any.then_some(too_long));
        }
        any = true;
        let (chunk, used, ends) = match buf.iter().position(|&b| b == b'\n') {
            Some(i) => (&buf[..i], i + 1, true),
            None => (buf, buf.len(), false),
        };
        let room = max.saturating_sub(out.len());
        if chunk.len() > room {
            too_long = true;
        }
        out.extend_from_slice(&chunk[..chunk.len().min(room)]);
        r.consume(used);
        if ends {
            if out.last() == Some(&b'\r') {
                out.pop();
            }
            return Ok(Some(too_long));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lines_are_bounded() {
        let text = b"short\r\nxxxxxxxxxx\nlast".to_vec();
        let mut r = io::BufReader::with_capacity(3, &text[..]);
        let mut buf = Vec::new();
        assert_eq!(read_line_bounded(&mut r, &mut buf, 8).unwrap(), Some(false));
        assert_eq!(buf, b"short");
        assert_eq!(read_line_bounded(&mut r, &mut buf, 8).unwrap(), Some(true));
        assert_eq!(buf.len(), 8);
        assert_eq!(read_line_bounded(&mut r, &mut buf, 8).unwrap(), Some(false));
        assert_eq!(buf, b"last");
        assert_eq!(read_line_bounded(&mut r, &mut buf, 8).unwrap(), None);
    }

    #[test]
    fn a_line_of_exactly_the_limit_is_kept() {
        let mut r = &b"12345678\n123456789\n"[..];
        let mut buf = Vec::new();
        assert_eq!(read_line_bounded(&mut r, &mut buf, 8).unwrap(), Some(false));
        assert_eq!(buf, b"12345678");
        assert_eq!(read_line_bounded(&mut r, &mut buf, 8).unwrap(), Some(true));
    }
}
