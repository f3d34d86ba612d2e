// Who is who in the configuration, indexed once: players by id and by address, games by key,
// each player's games. Finding the game of a mail used to scan every player of every event
// (2,000 players in the backlog bench, for each of 10,000 mails); the config does not change
// while the daemon runs, so the indexes are built when the service starts.

import type { AmiciConfig, EventConfig, GameConfig, PlayerConfig } from '../config/schema.ts';
import { gameKeyOf } from '../store/store.ts';

export interface GameRefResolved {
  event: EventConfig;
  game: GameConfig;
  gameKey: string;
}

export interface Membership {
  event: EventConfig;
  player: PlayerConfig;
}

const memberKey = (event: EventConfig, playerId: string) => `${event.tag}\0${playerId}`;

export class Directory {
  private readonly players = new Map<string, PlayerConfig>();
  private readonly byAddress = new Map<string, Membership[]>();
  private readonly games = new Map<string, GameRefResolved>();
  private readonly gamesByPlayer = new Map<string, GameRefResolved[]>();
  private readonly configured = new Map<string, GameConfig>();

  constructor(config: AmiciConfig) {
    for (const event of config.events) {
      for (const player of event.players) {
        this.players.set(memberKey(event, player.id), player);
        for (const address of new Set(player.addresses.map((a) => a.toLowerCase()))) {
          const list = this.byAddress.get(address) ?? [];
          list.push({ event, player });
          this.byAddress.set(address, list);
        }
      }
      for (const configured of event.games) {
        // A copy, so that `orient` can swap its colours without touching the config.
        const game = { ...configured };
        const ref = { event, game, gameKey: gameKeyOf(event.tag, game.id) };
        this.configured.set(ref.gameKey, configured);
        this.games.set(ref.gameKey, ref);
        for (const id of new Set([game.white, game.black])) {
          const key = memberKey(event, id);
          const list = this.gamesByPlayer.get(key) ?? [];
          list.push(ref);
          this.gamesByPlayer.set(key, list);
        }
      }
    }
  }

  /** A player of an event, by id (the config's validation guarantees games name real players). */
  player(event: EventConfig, id: string): PlayerConfig {
    const p = this.players.get(memberKey(event, id));
    if (!p) throw new Error(`no player ${id} in ${event.tag}`);
    return p;
  }

  game(gameKey: string): GameRefResolved | undefined {
    return this.games.get(gameKey);
  }

  /** A game by its key in any case ("ccc26/2" as a TD may type it). */
  gameAnyCase(gameKey: string): GameRefResolved | undefined {
    const exact = this.games.get(gameKey);
    if (exact) return exact;
    const lower = gameKey.toLowerCase();
    for (const [key, ref] of this.games) if (key.toLowerCase() === lower) return ref;
    return undefined;
  }

  /**
   * Who plays White in a game: the config's pairing, or its reverse once the TD has reversed the
   * colours (L-7.1). Every ref of the game (`game`, `gamesOf`) sees the change.
   */
  orient(gameKey: string, reversed: boolean): void {
    const ref = this.games.get(gameKey);
    if (ref) Object.assign(ref.game, this.colours(gameKey, reversed));
  }

  /** The ids of a game's White and Black, the config's pairing or (`reversed`) its reverse. */
  colours(gameKey: string, reversed: boolean): { white: string; black: string } {
    const c = this.configured.get(gameKey);
    if (!c) throw new Error(`no game ${gameKey}`);
    return reversed ? { white: c.black, black: c.white } : { white: c.white, black: c.black };
  }

  /** The events an address plays in, in config order (`address` in any case). */
  memberships(address: string): readonly Membership[] {
    return this.byAddress.get(address.toLowerCase()) ?? [];
  }

  /** A player's games in one event, in config order. */
  gamesOf(event: EventConfig, playerId: string): readonly GameRefResolved[] {
    return this.gamesByPlayer.get(memberKey(event, playerId)) ?? [];
  }
}
