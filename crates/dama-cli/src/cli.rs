//! The command line, `dama <command> [options]`: read by clap from the commands' types
//! ([`Command`]), the same rules for every option, the help wrapped to 100 columns, and clap's
//! refusals put in the commands' own words.

use crate::commands::Command;
use crate::options::BadNumber;
use clap::builder::StyledStr;
use clap::error::{ContextKind, ContextValue, ErrorKind};
use clap::{CommandFactory, FromArgMatches, Parser};
use std::process::ExitCode;

/// What every command's options share, said once under the list of commands.
const GAMES: &str = "GAME (--variant GAME) is italian (the default) or brazilian (also 22 and 26, \
    the PDN game types); FENs are read and written in the game's numbering, moves in its \
    notation (22-18 in italian, c3-d4 in brazilian). The positions of bench search are Italian; \
    every other command takes either game. `dama <command> --help` tells a command's options, \
    their defaults and bounds.";

/// The native dama command: perft, benchmarks, engine matches, training, endgame tables,
/// opening books, puzzles and the Hub protocol, for Italian and Brazilian draughts.
#[derive(Parser)]
#[command(name = "dama", after_help = GAMES)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

/// The widest line of the help.
const WIDTH: usize = 100;
/// The indent of an option's help under its name.
const HELP_INDENT: usize = 10;

/// The command the command line names with its options, or the exit code of a run that ends
/// here: 0 once help is printed, 2 after a refusal.
pub fn parse() -> Result<Command, ExitCode> {
    let parsed = shaped(Cli::command())
        .try_get_matches()
        .and_then(|m| Cli::from_arg_matches(&m));
    match parsed {
        Ok(cli) => Ok(cli.command),
        Err(e) if e.kind() == ErrorKind::DisplayHelp => {
            // Printed as the commands print, so that a reader going away ends it quietly.
            say!("{}", e.render().to_string().trim_end());
            Err(ExitCode::SUCCESS)
        }
        Err(e) if e.kind() == ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            eprintln!("{}", e.render().to_string().trim_end());
            Err(ExitCode::from(2))
        }
        Err(e) => {
            eprintln!("dama: {}", refusal(&e));
            Err(ExitCode::from(2))
        }
    }
}

/// `cmd` and its subcommands with the rules every option follows, and their help laid out.
///
/// An option's value may start with '-' (a negative number is refused for its range, not
/// taken for an unknown option; a FEN such as "-"); a repeated option's last value counts.
/// clap does not wrap the help without a terminal to measure: every text is wrapped here, and
/// an option's help is put under its name, where its width is known.
fn shaped(cmd: clap::Command) -> clap::Command {
    let text = |t: Option<&StyledStr>, width: usize| t.map(|t| wrap(&t.to_string(), width));
    let (about, long_about) = (
        text(cmd.get_about(), WIDTH),
        text(cmd.get_long_about(), WIDTH),
    );
    let after = text(cmd.get_after_help(), WIDTH);
    let has_options = cmd.get_arguments().next().is_some();
    let mut cmd = cmd
        .args_override_self(true)
        .next_line_help(has_options)
        .mut_args(|a| {
            // Short, the help is followed by its default on its last line; long, the default
            // is a paragraph of its own.
            let default: usize = a
                .get_default_values()
                .iter()
                .map(|d| " [default: ]".len() + d.len())
                .sum();
            let width = WIDTH - HELP_INDENT;
            let short = a
                .get_help()
                .map(|t| wrap_ending(&t.to_string(), width, default));
            let long = a.get_long_help().or(a.get_help());
            let long = long.map(|t| wrap(&t.to_string(), width));
            let valued = a.get_long().is_some() && a.get_action().takes_values();
            let mut a = a.allow_hyphen_values(valued);
            if let Some(t) = short {
                a = a.help(t);
            }
            if let Some(t) = long {
                a = a.long_help(t);
            }
            a
        })
        .mut_subcommands(|sub| shaped(sub).disable_help_subcommand(true));
    if let Some(t) = about {
        cmd = cmd.about(t);
    }
    if let Some(t) = long_about {
        cmd = cmd.long_about(t);
    }
    if let Some(t) = after {
        cmd = cmd.after_help(t);
    }
    cmd
}

/// [`wrap`], with room for `tail` more columns on the last line.
fn wrap_ending(text: &str, width: usize, tail: usize) -> String {
    let wrapped = wrap(text, width);
    let (head, last) = match wrapped.rsplit_once('\n') {
        Some((head, last)) => (format!("{head}\n"), last),
        None => (String::new(), wrapped.as_str()),
    };
    if last.len() + tail <= width {
        return wrapped.clone();
    }
    format!("{head}{}", wrap(last, width - tail))
}

/// `text` with each line longer than `width` broken between words, its continuation lines
/// indented as the line is.
fn wrap(text: &str, width: usize) -> String {
    let mut out = Vec::new();
    for line in text.lines() {
        let body = line.trim_start();
        let indent = &line[..line.len() - body.len()];
        let mut current = indent.to_string();
        for word in body.split(' ') {
            if current.len() > indent.len() && current.len() + 1 + word.len() > width {
                out.push(std::mem::replace(&mut current, indent.to_string()));
            }
            if current.len() > indent.len() {
                current.push(' ');
            }
            current.push_str(word);
        }
        out.push(current);
    }
    out.join("\n")
}

/// clap's refusal in the words the commands' messages use: the option and what is wrong.
fn refusal(e: &clap::Error) -> String {
    let context = |kind| match e.get(kind) {
        Some(ContextValue::String(s)) => s.clone(),
        _ => String::new(),
    };
    // "--depth <N>" for a bad value, "--frob=3" for an unknown option: the option's name.
    let arg = context(ContextKind::InvalidArg);
    let arg = arg.split_whitespace().next().unwrap_or("");
    match e.kind() {
        ErrorKind::UnknownArgument if arg.starts_with("--") => {
            format!("unknown option {}", arg.split('=').next().unwrap_or(arg))
        }
        ErrorKind::UnknownArgument => format!("unexpected argument {arg:?}"),
        // The usage that follows clap's first line says where commands were expected.
        ErrorKind::InvalidSubcommand => format!(
            "unknown command {:?}\n{}",
            context(ContextKind::InvalidSubcommand),
            clap_text(e).split_once('\n').map_or("", |(_, rest)| rest)
        ),
        ErrorKind::ValueValidation => match std::error::Error::source(e) {
            Some(bad) if bad.is::<BadNumber>() => format!("{arg} {bad}"),
            Some(bad) => format!("{arg}: {bad}"),
            None => first_line(e),
        },
        ErrorKind::InvalidValue if !arg.is_empty() => format!("{arg} needs a value"),
        ErrorKind::TooManyValues if !arg.is_empty() => format!("{arg} takes no value"),
        _ => first_line(e),
    }
}

/// clap's own message, without its "error: " prefix and trailing lines.
fn clap_text(e: &clap::Error) -> String {
    let text = e.render().to_string();
    text.trim_start_matches("error: ").trim_end().to_string()
}

/// The first line of clap's own message.
fn first_line(e: &clap::Error) -> String {
    let text = clap_text(e);
    text.lines().next().unwrap_or("bad arguments").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_command_line_is_consistent() {
        shaped(Cli::command()).debug_assert();
    }

    /// Every command's help, short (-h) and long (--help), in lines of at most 100 columns.
    #[test]
    fn the_help_fits_in_100_columns() {
        fn check(cmd: &mut clap::Command, path: &str) {
            for help in [cmd.render_help(), cmd.render_long_help()] {
                for line in help.to_string().lines() {
                    assert!(line.chars().count() <= WIDTH, "{path}: {line:?}");
                }
            }
            for sub in cmd.get_subcommands_mut() {
                let path = format!("{path} {}", sub.get_name());
                check(sub, &path);
            }
        }
        let mut cmd = shaped(Cli::command());
        cmd.build();
        check(&mut cmd, "dama");
    }

    /// The first "LO-HI" of `help`: two numbers joined by a dash.
    fn bounds(help: &str) -> Option<(&str, &str)> {
        let number = |t: &str| {
            t.len()
                - t.trim_start_matches(|c: char| c.is_ascii_digit() || c == '.')
                    .len()
        };
        let bytes = help.as_bytes();
        (0..help.len()).find_map(|i| {
            let starts = i == 0 || !bytes[i - 1].is_ascii_alphanumeric();
            let lo = number(&help[i..]);
            let rest = help[i + lo..].strip_prefix('-')?;
            let hi = number(rest);
            (starts && lo > 0 && hi > 0).then(|| (&help[i..i + lo], &rest[..hi]))
        })
    }

    /// Every number an option takes has its bounds in its help (but a seed, which takes any),
    /// and they are its parser's: both ends are taken, and past either end is refused.
    #[test]
    fn the_help_gives_the_bounds_of_each_number() {
        use std::any::TypeId;
        fn check(cmd: &clap::Command, path: &mut Vec<String>, root: &clap::Command) {
            let integers = [
                TypeId::of::<u32>(),
                TypeId::of::<u64>(),
                TypeId::of::<usize>(),
                TypeId::of::<i32>(),
                TypeId::of::<i64>(),
            ];
            let float = [TypeId::of::<f32>(), TypeId::of::<f64>()];
            for arg in cmd.get_arguments() {
                let (Some(long), id) = (arg.get_long(), arg.get_value_parser().type_id()) else {
                    continue;
                };
                let integer = integers.iter().any(|t| id == *t);
                if !integer && !float.iter().any(|t| id == *t) || long == "seed" {
                    continue;
                }
                let help = arg.get_help().map(ToString::to_string).unwrap_or_default();
                let name = format!("{} --{long}", path.join(" "));
                let (lo, hi) =
                    bounds(&help).unwrap_or_else(|| panic!("{name}: no bounds in {help:?}"));
                let parses = |value: String| {
                    let mut line = path.clone();
                    line.extend([format!("--{long}"), value]);
                    root.clone()
                        .try_get_matches_from(line)
                        .map_err(|e| e.kind())
                };
                for end in [lo, hi] {
                    assert!(parses(end.to_string()).is_ok(), "{name} {end}");
                }
                let (lo_f, hi_f): (f64, f64) = (lo.parse().unwrap(), hi.parse().unwrap());
                let past = if integer {
                    [
                        format!("{}", lo_f as i128 - 1),
                        format!("{}", hi_f as i128 + 1),
                    ]
                } else {
                    // Just past each end: a thousandth of it, at least 10^-9.
                    let step = |x: f64| (x.abs() / 1000.0).max(1e-9);
                    [
                        format!("{}", lo_f - step(lo_f)),
                        format!("{}", hi_f + step(hi_f)),
                    ]
                };
                for value in past {
                    let refused = Err(ErrorKind::ValueValidation);
                    assert_eq!(parses(value.clone()), refused, "{name} {value}");
                }
            }
            for sub in cmd.get_subcommands() {
                path.push(sub.get_name().to_string());
                check(sub, path, root);
                path.pop();
            }
        }
        let mut root = shaped(Cli::command());
        root.build();
        check(&root, &mut vec!["dama".to_string()], &root);
    }

    #[test]
    fn long_lines_break_between_words_keeping_their_indent() {
        assert_eq!(wrap("one two three", 7), "one two\nthree");
        assert_eq!(wrap("  ab cd ef", 8), "  ab cd\n  ef");
        assert_eq!(wrap("a\n\nb", 5), "a\n\nb");
        assert_eq!(wrap("averylongword x", 4), "averylongword\nx");
    }
}
