// @ts-check
// The lobby of seeks (docs/SERVER.md): its own link to the server (link.js, greeted with a
// subscribe to the lobby), the seeks listed as the server says (the whole list, then each
// added or removed), which of them are this page's own, and this page's posts: a seek of its
// own, or the acceptance of a listed one, which is a seek that fits it (the same game, control
// and rated). An acceptance the server lists instead of matching (the seek is gone, or the
// player is outside its range) is taken back at once. No DOM: the view (lobby-view.js) hears
// each change.

import { Link } from './link.js';

/** @import { ServerMsg, SeekInfo, TimeControl, RatingRange, Refusal } from './protocol.ts' */
/** @import { SocketLike, LinkState } from './link.js' */

/**
 * What the view hears: the list changed, one's seek is listed, the link's state changed, a post was refused, an
 * acceptance missed its seek, or a game was made (go to it).
 * @typedef {{t: 'list'} | {t: 'sought'} | {t: 'state', state: LinkState} | {t: 'refused', refusal: Refusal} | {t: 'missed'} | {t: 'matched', game: string}} LobbyNews
 */
/** @typedef {{variant: string, control: TimeControl, rated: boolean, range?: RatingRange | null}} SeekWish */

export class Lobby {
  /** @type {Map<string, SeekInfo>} the seeks listed, oldest first */
  seeks = new Map();
  /** @type {Set<string>} the ids of this page's own seeks */
  own = new Set();
  /** @type {('seek' | 'accept')[]} this page's posts not yet answered, in order */
  #posts = [];

  /**
   * `name()`: the name a player without an account is known by (null: none, or an account's).
   * @param {{url: string, name?: () => string | null, socket?: (url: string) => SocketLike, now?: () => number,
   *   news: (n: LobbyNews) => void}} o
   */
  constructor(o) {
    this.o = o;
    this.link = new Link({
      url: o.url,
      game: '',
      socket: o.socket,
      now: o.now,
      greet: () => ({ t: 'subscribe', to: 'lobby' }),
      message: (msg) => this.#onMessage(msg),
      state: (state) => {
        // A socket gone takes its seeks with it (the server's rule): the new one starts afresh.
        if (state !== 'open') this.#posts = [];
        if (state === 'down') this.own.clear();
        o.news({ t: 'state', state });
      },
    });
  }

  start() {
    this.link.start();
  }

  stop() {
    this.link.stop();
  }

  /** Posts a seek of one's own; false when the link is not open. @param {SeekWish} wish */
  seek(wish) {
    return this.#post('seek', wish);
  }

  /** Accepts listed seek `id`: posts one that fits it. @param {string} id */
  accept(id) {
    const s = this.seeks.get(id);
    if (!s) return false;
    return this.#post('accept', { variant: s.variant, control: s.control, rated: s.rated });
  }

  /** Takes one's own seek `id` out. @param {string} id */
  cancel(id) {
    return this.link.send({ t: 'cancel_seek', seek: id });
  }

  /** @param {'seek' | 'accept'} kind @param {SeekWish} wish */
  #post(kind, wish) {
    const name = this.o.name?.();
    const sent = this.link.send({ t: 'seek', variant: wish.variant, control: wish.control, rated: wish.rated, ...(wish.range ? { range: wish.range } : {}), ...(name ? { name } : {}) });
    if (sent) this.#posts.push(kind);
    return sent;
  }

  /** @param {ServerMsg} msg */
  #onMessage(msg) {
    const news = this.o.news;
    switch (msg.t) {
      case 'seeks':
        this.seeks = new Map(msg.seeks.map((s) => [s.id, s]));
        for (const id of this.own) if (!this.seeks.has(id)) this.own.delete(id);
        return news({ t: 'list' });
      case 'seek_added':
        this.seeks.set(msg.seek.id, msg.seek);
        return news({ t: 'list' });
      case 'seek_removed':
        this.seeks.delete(msg.id);
        this.own.delete(msg.id);
        return news({ t: 'list' });
      case 'sought':
        if (this.#posts.shift() === 'accept') {
          // Listed, not matched: the seek accepted is gone, or it does not accept this player.
          this.cancel(msg.seek);
          return news({ t: 'missed' });
        }
        this.own.add(msg.seek);
        return news({ t: 'sought' });
      case 'matched':
        this.#posts = [];
        return news({ t: 'matched', game: msg.game });
      case 'refused':
        // A cancel's refusal (no-seek) answers no post; any other answers the oldest.
        if (msg.refusal.code !== 'no-seek') this.#posts.shift();
        return news({ t: 'refused', refusal: msg.refusal });
      default:
    }
  }
}
