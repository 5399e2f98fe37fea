//! The dama server's parts: each live game judged by the core's rules, its clocks kept by the
//! server, the players' ratings, the messages the pages and the server exchange, and the
//! running server: its HTTP endpoints, WebSocket connections, one task per live game, and
//! the static site.

#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod app;
pub mod bus;
pub mod challenge;
pub mod clock;
pub mod config;
pub mod http;
pub mod hub;
pub mod identity;
pub mod listen;
pub mod live;
pub mod lobby;
pub mod pdn;
pub mod protocol;
pub mod rating;
pub mod resume;
pub mod room;
pub mod store;
pub mod throttle;
pub mod ws;
