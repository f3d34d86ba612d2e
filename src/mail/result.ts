// Result-style returns for the mail adapter: expected failures are data with a string code,
// never exceptions (bad mail must never crash the daemon).

export type Result<T, E extends string> =
  | { ok: true; value: T }
  | { ok: false; error: E; detail?: string };

export const ok = <T>(value: T): { ok: true; value: T } => ({ ok: true, value });

export const fail = <E extends string>(
  error: E,
  detail?: string,
): { ok: false; error: E; detail?: string } =>
  detail === undefined ? { ok: false, error } : { ok: false, error, detail };
