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
      for (const game of event.games) {
        const ref = { event, game, gameKey: gameKeyOf(event.tag, game.id) };
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

  /** The events an address plays in, in config order (`address` in any case). */
  memberships(address: string): readonly Membership[] {
    return this.byAddress.get(address.toLowerCase()) ?? [];
  }

  /** A player's games in one event, in config order. */
  gamesOf(event: EventConfig, playerId: string): readonly GameRefResolved[] {
    return this.gamesByPlayer.get(memberKey(event, playerId)) ?? [];
  }
}
