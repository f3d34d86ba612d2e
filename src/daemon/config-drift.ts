// What an edited config would do to the games already in the store. A game's log is fixed once
// created, but the config still says who plays it: a player list reordered, a late entrant or a
// player deleted under `pairings` (games are numbered by the players' order) would hand games in
// progress to other players, and their mail would be read as moves in someone else's game. That
// is an error: no command works on such a config. Unfinished games the config no longer lists
// (a tag or an id changed, a player deleted) and start dates changed after a game was made are
// warnings for the TD: the games stay in the store as they were. So is an event's end date
// (P-10) moved so that games change course: games stopped at the end resume, or stay in
// adjudication under a new end; games in play go to adjudication at once, the end being past.

import { addDays, type CalendarDate, calendarDateOf, compareDates } from '../clock/index.ts';
import { playsByPost } from '../config/load-config.ts';
import type { AmiciConfig, EventConfig, GameConfig } from '../config/schema.ts';
import type { GameEvent } from '../referee/index.ts';
import {
  ANALYSIS_DAYS,
  analysisDeadline,
  FoldError,
  foldGame,
  openStop,
} from '../referee/index.ts';
import type { Store } from '../store/store.ts';
import { gameKeyOf } from '../store/store.ts';
import { count } from '../words.ts';

/** A game as the store has it: its first event, how many moves it has, whether it ended. */
export interface GameAsCreated {
  gameKey: string;
  created: GameEvent;
  moves: number;
  finished: boolean;
  /** The day its last move was sent. */
  lastMoveOn?: CalendarDate;
  /**
   * Play in it stopped at the event's end and not resumed (P-10): the end date its players were
   * last told of, and the first day not counted.
   */
  stop?: { endDate: CalendarDate; from: CalendarDate };
}

/** The store's games, with where play stopped at the event's end in those unfinished (P-10). */
export function storedGames(store: Store): GameAsCreated[] {
  return store.gamesAsCreated().map(({ adjudicated, ...g }) => {
    if (!adjudicated || g.finished) return g;
    try {
      const stop = openStop(foldGame(store.events(g.gameKey)));
      return stop ? { ...g, stop: { endDate: stop.lastEndDate, from: stop.from } } : g;
    } catch (e) {
      if (e instanceof FoldError) return g;
      throw e;
    }
  });
}

export interface ConfigDrift {
  /** Games whose players the config would change: the config must not be used. */
  errors: string[];
  /** Things the TD should know; the config may be used. */
  warnings: string[];
}

const listed5 = (items: readonly string[]) =>
  `${items.slice(0, 5).join(', ')}${items.length > 5 ? ', …' : ''}`;

/** Games named for a sentence: "CCC26/1" or "CCC26/1, … (7 games)". */
const named = (keys: readonly string[]) =>
  keys.length === 1 ? keys[0]! : `${listed5(keys)} (${keys.length} games)`;

/**
 * P-10: the day the analyses are due after an end on `end`, told today: 30 days on, counted from
 * today when the end is so far past that the notice comes late (`analysisDeadline`).
 */
function analysisBy(end: CalendarDate, today: CalendarDate | undefined): string {
  const by = analysisDeadline(end, today);
  return compareDates(by, addDays(end, ANALYSIS_DAYS)) > 0
    ? `${by}, 30 days from the notice, the end being past`
    : by;
}

/** A time control as the TD wrote it: `postal 10 moves in 30 days`, key by key. */
const controlText = (c: Readonly<Record<string, unknown>>): string =>
  Object.entries(c)
    .map(([k, v]) => (k === 'preset' ? String(v) : `${k} ${String(v)}`))
    .join(', ');

/**
 * How a game's moves travel, for the TD: "by email", "by post", or "by post for Jan Kowalski
 * only, by email for the opponent" (a mixed game; the same words for each of Jan's games, so
 * that they are named together). `byPost`: the ids of the players by post.
 */
function modeText(byPost: readonly string[], players: { id: string; name: string }[]): string {
  const by = players.filter((p) => byPost.includes(p.id));
  if (by.length === players.length) return 'by post';
  if (!by.length) return 'by email';
  return `by post for ${by.map((p) => p.name).join(', ')} only, by email for the opponent`;
}

/** The ids of a game's players whose moves travel by post, as the config now says. */
function postalIds(event: EventConfig, game: GameConfig): string[] {
  const players = new Map(event.players.map((p) => [p.id, p]));
  return [game.white, game.black].filter((id) => playsByPost(event, game, players.get(id)!));
}

/** Games a config edit changed one setting of, grouped by the change ("was→now"). */
class Changes {
  private readonly byChange = new Map<string, { was: string; now: string; keys: string[] }>();

  /** Game `key` was made with `was`; the config now says `now` (nothing if the same). */
  note(was: string, now: string, key: string): void {
    if (was === now) return;
    const change = `${was}→${now}`;
    const entry = this.byChange.get(change) ?? { was, now, keys: [] };
    entry.keys.push(key);
    this.byChange.set(change, entry);
  }

  /** Each change with its games, named for a sentence: "CCC26/1" or "CCC26/1, … (7 games)". */
  all() {
    return [...this.byChange.values()].map((c) => ({
      ...c,
      one: c.keys.length === 1,
      them: c.keys.length === 1 ? c.keys[0]! : `${listed5(c.keys)} (${c.keys.length} games)`,
    }));
  }
}

/**
 * What `config` would do to the `stored` games. Given `now` (an instant), also what its end dates
 * would do on that day, in each event's time zone (P-10).
 */
export function configDrift(
  config: AmiciConfig,
  stored: readonly GameAsCreated[],
  now?: string,
): ConfigDrift {
  const errors: string[] = [];
  const warnings: string[] = [];
  const byKey = new Map(stored.map((g) => [g.gameKey, g]));
  const listed = new Set<string>();
  const moved: string[] = [];
  /** Games whose start, time control or excesses allowed the config changed, by "was→now". */
  const startMoved = new Changes();
  const controlMoved = new Changes();
  const allowedMoved = new Changes();
  const modeMoved = new Changes();
  /** What the events' end dates do to their games (P-10). */
  const ending: string[] = [];
  let fromPairings = false;
  for (const event of config.events) {
    const day = now === undefined ? undefined : calendarDateOf(now, event.timeZone);
    const today = day?.ok ? day.value : undefined;
    const end = event.endDate as CalendarDate | undefined;
    /** Games stopped at the end that resume, or stay stopped under another end, by "was→now". */
    const resumed = new Changes();
    const stillStopped = new Changes();
    /** Games in play whose end date is past: they go to adjudication (P-10). */
    const toAdjudication: string[] = [];
    const movedAfter: string[] = [];
    const players = new Map(event.players.map((p) => [p.id, p]));
    const names = new Set(event.players.map((p) => p.name));
    for (const game of event.games) {
      const key = gameKeyOf(event.tag, game.id);
      listed.add(key);
      const known = byKey.get(key);
      if (known?.created.type !== 'created') continue;
      const c = known.created;
      const now = { white: players.get(game.white)!, black: players.get(game.black)! };
      // By id where the game recorded them; in an older log by name, where a name no player
      // has any more is taken for a corrected spelling, not for another player.
      const changed = (['white', 'black'] as const).some((side) => {
        const id = side === 'white' ? c.whiteId : c.blackId;
        if (id !== undefined) return id !== game[side];
        return c[side] !== now[side].name && names.has(c[side]);
      });
      // The clocks are always counted under the config's time control (P-6a): an edit of it
      // recounts every game of the event, finished ones too (their PGN's TimeControl).
      if (c.timeControl)
        controlMoved.note(controlText(c.timeControl), controlText(event.timeControl), key);
      // So is the number of excesses allowed: an excess claimed under one rule would be upheld
      // under another (P-6b, P-7f).
      if (c.excessesAllowed !== undefined)
        allowedMoved.note(String(c.excessesAllowed), String(event.excessesAllowed), key);
      // And how its moves travel: the reminders' wait (P-3a) and the PGN's Mode follow the
      // config's, mid-game too.
      if (c.byPost !== undefined && !changed) {
        const both = [
          { id: game.white, name: now.white.name },
          { id: game.black, name: now.black.name },
        ];
        modeMoved.note(modeText(c.byPost, both), modeText(postalIds(event, game), both), key);
      }
      if (changed) {
        const played = `${count(known.moves, 'half-move')} played`;
        // The same names under other ids: an id was renamed, which the TD cannot see by name.
        moved.push(
          c.white === now.white.name && c.black === now.black.name
            ? `${key} was created for the players with ids "${c.whiteId}" – "${c.blackId}" (${played}); the config now gives it "${game.white}" – "${game.black}": a player's id must stay as it was (a name may be corrected)`
            : `${key} was created as ${c.white} – ${c.black} (${played}); the config now makes it ${now.white.name} – ${now.black.name}`,
        );
        if (event.pairings) fromPairings = true;
      } else startMoved.note(c.clockStartsOn, game.startsOn, key);
      if (today === undefined || known.finished || changed) continue;
      const past = end !== undefined && compareDates(today, end) > 0;
      if (known.stop) {
        const was = known.stop.endDate;
        if (!past) resumed.note(was, end ?? '', key);
        else stillStopped.note(was, end!, key);
      } else if (past) {
        toAdjudication.push(key);
        if (known.lastMoveOn && compareDates(known.lastMoveOn, end!) > 0) movedAfter.push(key);
      }
    }
    for (const { was, now: until, them, one } of resumed.all())
      ending.push(
        `${them} ${one ? 'is' : 'are'} in adjudication since the event's end on ${was}; the config now ${until ? `ends the event on ${until}` : 'gives the event no end date'}, so play in ${one ? 'it' : 'them'} resumes at the next sweep (P-10): the days stopped are counted on no clock, as in a pause (L-6.10), and both players are told whose move it is, the new end and the clocks. If that is not meant, put endDate back to ${was}`,
      );
    for (const { was, now: until, them, one } of stillStopped.all())
      ending.push(
        `${them} ${one ? 'is' : 'are'} in adjudication since the event's end on ${was}; the config now ends the event on ${until}, ${compareDates(until as CalendarDate, was as CalendarDate) > 0 ? 'later but' : 'earlier, and'} also past: ${one ? 'it stays' : 'they stay'} in adjudication with the clocks as they stood when play stopped, and the players are told of the end again, with the analyses due by ${analysisBy(until as CalendarDate, today)} (P-10)`,
      );
    if (toAdjudication.length && end !== undefined && today !== undefined) {
      const one = toAdjudication.length === 1;
      ending.push(
        `${named(toAdjudication)} ${one ? 'is' : 'are'} in play, but the event's end date in the config, ${end}, is past: ${one ? 'it goes' : 'they go'} to adjudication at the next sweep (P-10), the players asked for their analyses by ${analysisBy(end, today)}; the clocks stand as on ${end}, or at a move sent after it, and nothing is lost on time from then on.${movedAfter.length ? ` Moves sent after ${end} stand, in ${named(movedAfter)}: the end was later when they were played.` : ''} If the end is meant to be later, correct endDate before the next sweep`,
      );
    }
  }
  if (moved.length)
    errors.push(
      ...moved,
      `A game keeps the players it was created for: their moves and mail are in it.${fromPairings ? ' With `pairings`, games are numbered by the order of the players, so adding, removing or reordering players renumbers them: keep the list as it was when the games were made. To take a player out, use `amici td withdraw PLAYER`; for a late entrant, list the games one by one under `games:` (the games so far keeping their ids) instead of `pairings`.' : ' Put the players back as they were; to take a player out, use `amici td withdraw PLAYER`.'}`,
    );
  for (const { was, now, them, one } of startMoved.all())
    warnings.push(
      `${them} started on ${was}, as the config said when amici created ${one ? 'it' : 'them'}; the config now says ${now}, which changes nothing: a game keeps the start it was made with (P-6d; the TD can set the clocks with \`amici td GAME set-clock\`)`,
    );
  for (const { was, now, them, one } of controlMoved.all())
    warnings.push(
      `${them} ${one ? 'was' : 'were'} created under the time control ${was}; the config now says ${now}, and every clock of ${one ? 'it' : 'them'} is counted under it from the first move (P-6a): days left, claims waiting and the PGN's TimeControl change, finished games too. If that is not meant, put the time control back`,
    );
  for (const { was, now, them, one } of allowedMoved.all())
    warnings.push(
      `${them} ${one ? 'was' : 'were'} created allowing ${was} excess${was === '1' ? '' : 'es'} of time; the config now allows ${now}, and claims are ruled under that (P-6b, P-7f): an excess the players were told would restart the count may now lose the game, or the other way round. If that is not meant, put excessesAllowed back`,
    );
  for (const { was, now, them, one } of modeMoved.all())
    warnings.push(
      `${them} ${one ? 'was' : 'were'} created to be played ${was}; the config now says ${now} (a game's \`mode\`, a player's \`post\` or the event's \`mode\`), which ${one ? 'it follows' : 'they follow'} from now on, mid-game too: the reminders' wait (the transit counts for a player by post, P-3a) and the PGN's Mode changes. If that is not meant, put the mode back`,
    );
  warnings.push(...ending);
  // A finished game may leave the config with its whole event; one of an event still running
  // leaves the standings with it.
  const tags = new Set(config.events.map((e) => e.tag));
  const finishedGone = stored.filter(
    (g) => !listed.has(g.gameKey) && g.finished && tags.has(g.gameKey.split('/')[0]!),
  );
  if (finishedGone.length)
    warnings.push(
      `${count(finishedGone.length, 'finished game')} in the store ${finishedGone.length === 1 ? 'is' : 'are'} no longer in the config: ${listed5(finishedGone.map((g) => g.gameKey))}. Standings and exports leave ${finishedGone.length === 1 ? 'it' : 'them'} out, so the results change; a player who left is withdrawn with \`amici td withdraw PLAYER\`, and the games stay listed.`,
    );
  const gone = stored.filter((g) => !listed.has(g.gameKey) && !g.finished);
  if (gone.length) {
    const shown = gone.map((g) =>
      g.moves ? `${g.gameKey} (${count(g.moves, 'half-move')})` : g.gameKey,
    );
    warnings.push(
      `${count(gone.length, 'game')} under way in the store ${gone.length === 1 ? 'is' : 'are'} no longer in the config: ${listed5(shown)}. Their players' mail gets no answer. If an event's tag or a game's id was changed, change it back; a player who left is withdrawn with \`amici td withdraw PLAYER\`.`,
    );
  }
  return { errors, warnings };
}
