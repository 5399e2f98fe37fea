//! The evaluations an `--eval` option (and a match's `eval=` engine) names: `shipped`,
//! `regions`, `classic`, or a weights or network file, which says the game it was fitted for.

use dama::engine::eval::network;
use dama::engine::eval::pattern::Net;
use dama::engine::eval::{Eval, Weights};
use dama::Variant;
use std::sync::Arc;

/// The evaluation named by `--eval` for games of `variant`: `shipped`, `regions` (the region
/// evaluation the engine played with before its networks), `classic` (the hand-written
/// evaluation, Italian only), or a weights or network file, which must have been fitted for
/// `variant`.
pub fn eval_from_spec(spec: &str, variant: Variant) -> Result<Eval, String> {
    let eval = match spec {
        "shipped" => return Ok(Eval::shipped(variant)),
        "regions" => return Ok(Eval::regions(variant)),
        other => any_eval(other)?,
    };
    if eval.variant() != variant {
        return Err(match eval {
            Eval::Classic(_) => format!(
                "the hand-written evaluation (classic) is for Italian draughts; there is none for {}",
                variant.name()
            ),
            Eval::Pattern(_) | Eval::Network(_) => format!(
                "{spec} holds weights for {}, not for {} (fit them with --variant {})",
                eval.variant().name(),
                variant.name(),
                variant.id()
            ),
        });
    }
    Ok(eval)
}

/// `classic`, a weights file or a network file, for whichever game it was made for.
fn any_eval(spec: &str) -> Result<Eval, String> {
    match spec {
        "classic" => Ok(Eval::Classic(Weights::default())),
        path => {
            let mut magic = [0u8; 8];
            let is_network = std::fs::File::open(path)
                .and_then(|mut f| std::io::Read::read_exact(&mut f, &mut magic))
                .is_ok()
                && &magic == network::MAGIC;
            if is_network {
                let net = crate::files::read_file(path, |mut r, len| {
                    network::Net::read_from(&mut r, len)
                })?;
                return Ok(Eval::Network(Arc::new(net)));
            }
            let net = crate::files::read_file(path, Net::read_from)?;
            Ok(Eval::Pattern(Arc::new(net)))
        }
    }
}

/// The evaluations of `dama hub --eval E[,E...]`: each is used in the games it was made for
/// (a weights file names its game; `classic` is Italian; `shipped` changes nothing), at most
/// one per game.
pub fn evals_from_list(list: &str) -> Result<Vec<Eval>, String> {
    let mut evals: Vec<Eval> = Vec::new();
    for spec in list.split(',').map(str::trim).filter(|s| !s.is_empty()) {
        if spec == "shipped" {
            continue;
        }
        if spec == "regions" {
            for v in Variant::ALL {
                if evals.iter().any(|o| o.variant() == v) {
                    return Err(format!("--eval gives two evaluations for {}", v.name()));
                }
                evals.push(Eval::regions(v));
            }
            continue;
        }
        let e = any_eval(spec)?;
        if evals.iter().any(|o| o.variant() == e.variant()) {
            return Err(format!(
                "--eval gives two evaluations for {}",
                e.variant().name()
            ));
        }
        evals.push(e);
    }
    Ok(evals)
}
