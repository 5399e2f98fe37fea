// @ts-check
// The element's premoves: a move the player queues on the board while the computer (or the
// remote opponent) is to move. The board keeps it (its `premove` state and event); here it is
// told to the page (a `premove` event) and to a screen reader, played once the reply has come
// if it is a legal move then (several captures with its two squares leave the choice to the
// player), or dropped with the rule's reason. Whether the player may premove at all is the
// board's config (game/board-config.js, premoveTime).

import { t } from '../shared/i18n.js';
import { resolvePremove } from '../game/board-config.js';
import { refusalText } from '../game/texts.js';

/** @import { ElementHost } from './types.js' */
/** @import { Premove } from '../board/types.js' */

export class Premoves {
  /** @param {ElementHost} host */
  constructor(host) {
    this.host = host;
  }

  /** The premove queued now: taken before a reply is shown (the board drops it when the turn comes). */
  queued() {
    return this.host.reads.ground?.state.premove ?? null;
  }

  /**
   * The reply has come: the premove taken before it (queued()) is played if it is a legal move
   * now; several captures with its two squares leave the choice to the player; else it is
   * dropped, saying why.
   * @param {Premove | null} p
   */
  play(p) {
    const { host } = this;
    const { session: s, ground } = host.reads;
    if (!p || !ground || !s?.humanToMove()) return; // none, or the reply ended the game
    if (resolvePremove(p, s.legalMoves()).kind !== 'refused') return void ground.move(p.from, p.to);
    const why = s.record?.whyIllegal(p.from, p.to);
    // Worded again at a switch of the element's language.
    const message = () => t('premoveRefused', { reason: refusalText(why, host.reads.lang) }, host.reads.lang);
    host.notice(message);
    host.announce(message());
  }

  /**
   * The board queued a premove, or dropped one: the page hears it, and a screen reader.
   * @param {Premove | null} p
   */
  changed(p) {
    const { host } = this;
    const { lang } = host.reads;
    host.emit('premove', { premove: p ? { from: p.from, to: p.to } : null });
    const move = p ? `${host.reads.squareName(p.from)}-${host.reads.squareName(p.to)}` : '';
    host.announce(p ? t('premoveSet', { move }, lang) : t('premoveDropped', {}, lang));
  }

  /**
   * The board's config was set again: a premove it had and has no more (the reply came,
   * premoves were turned off) is gone, and the page hears it.
   * @param {Premove | null} before the premove queued before the config was set
   */
  synced(before) {
    if (before && !this.queued()) this.host.emit('premove', { premove: null });
  }
}
