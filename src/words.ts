// Small helpers for the English words of amici's messages to the TD: `count` ("1 game",
// "3 games") and the number of one-letter edits from one word to another (Levenshtein), what
// "did you mean" is reckoned with for a mistyped ruling name (`set-clok`) or a misspelt config
// key (`timezone`).

/** `n` things, in English: "1 game", "3 games" (`many` for an irregular plural). */
export const count = (n: number, one: string, many = `${one}s`): string =>
  `${n} ${n === 1 ? one : many}`;

export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++)
      row[j] = Math.min(
        prev[j]! + 1,
        row[j - 1]! + 1,
        prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1),
      );
    prev = row;
  }
  return prev[b.length]!;
}
