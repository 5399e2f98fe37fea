//! The dama server's parts: each live game judged by the core's rules, its clocks kept by the
//! server, the players' ratings, and the messages the pages and the server exchange.

#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod clock;
pub mod protocol;
pub mod rating;
pub mod room;
pub mod store;
