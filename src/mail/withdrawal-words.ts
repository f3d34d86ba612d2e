// A player who writes that they withdraw from the event ("Rezygnacja z turnieju", "I must
// withdraw from the tournament", P-9a) writes to the TD, who decides each unfinished game: such a
// mail that names no game goes to the TD, not back with "which game?" (P-5b, P-5d). Nothing is
// played or ended by these words (only the TD withdraws a player), so they need no guard against
// a question or a negation: "Should I withdraw from the tournament?" is for the TD too.

/** "withdraw … from the tournament" and its like, in the five languages of the templates. */
const WITHDRAWAL: readonly RegExp[] = [
  // en: withdraw / withdrawal / retire / pull out … tournament, event, championship
  /\b(?:withdraw\w*|retir\w*|pull(?:ing)? out|drop(?:ping)? out)\b[^.!?\n]{0,40}\b(?:tournament|event|championship|competition)\b/iu,
  // pl: wycofać się / wycofuję się / rezygnacja / rezygnuję … z turnieju, zawodów, mistrzostw
  /(?:wycof\p{L}*|rezygn\p{L}*)(?:\s+się)?[^.!?\n]{0,30}\s(?:z|ze)\s+(?:(?:dalszej\s+)?(?:gry|udziału)\s+w\s+)?(?:turniej\p{L}*|zawod\p{L}*|mistrzost\p{L}*)/iu,
  // cs: odstoupit / odstupuji / odstoupení / odhlásit se … z turnaje, soutěže, mistrovství
  /(?:odstoup\p{L}*|odstupuj\p{L}*|odhlás\p{L}*|odhlaš\p{L}*)[^.!?\n]{0,30}\s(?:z|ze)\s+(?:turnaj\p{L}*|soutěž\p{L}*|mistrovstv\p{L}*)/iu,
  // de: Rückzug / Rücktritt / ziehe mich … zurück, vom Turnier, aus der Meisterschaft
  /(?:rückzug|rücktritt|zurückzieh\p{L}*|zurückgezogen|ziehe\s+mich)[^.!?\n]{0,40}(?:turnier\p{L}*|meisterschaft\p{L}*|wettbewerb\p{L}*)/iu,
  /(?:turnier\p{L}*|meisterschaft\p{L}*|wettbewerb\p{L}*)[^.!?\n]{0,40}(?:zurück(?:zieh\p{L}*|ziehe|zutreten|treten|trete)?\b|aus(?:steigen|treten|trete|scheiden))/iu,
  // uk: вибуваю / вибуття / виходжу / вийти / знімаюся … з турніру, змагань, чемпіонату
  /(?:вибува\p{L}*|вибут\p{L}*|вибу\p{L}*|виходж\p{L}*|вийти|вийду|зн[іяо]\p{L}*с[яь])[^.!?\n]{0,30}\s(?:з|із)\s+(?:турнір\p{L}*|змаган\p{L}*|чемпіонат\p{L}*)/iu,
];

/** Whether `text` says its writer withdraws (or asks to) from the event (P-9a). */
export function withdrawsFromEvent(text: string): boolean {
  return WITHDRAWAL.some((re) => re.test(text));
}
