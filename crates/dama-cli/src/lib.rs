//! The library behind the `dama` command: the Hub protocol engine ([`hub::Hub`], a session over
//! any writer, fed one line at a time), the bounded line reader both ends of the protocol
//! use ([`lines`]), and the mining of the trainer's puzzles with their data file ([`puzzle`]).
//! The binary (`src/main.rs`) keeps the command line and the commands (`src/commands/`).

#![deny(unsafe_code)]
#![warn(missing_docs)]

pub mod hub;
pub mod lines;
pub mod puzzle;
