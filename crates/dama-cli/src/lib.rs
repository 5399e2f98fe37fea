//! The library behind the `dama` command: the Hub protocol engine ([`hub::Hub`], a session over
//! any writer, fed one line at a time) and the bounded line reader both ends of the protocol
//! use ([`lines`]). The binary (`src/main.rs`) keeps the command line.

#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod hub;
pub mod lines;
