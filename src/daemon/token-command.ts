// Logging in with OAuth2 (XOAUTH2 / OAUTHBEARER) instead of a password: providers such as
// Microsoft's Outlook.com and Exchange Online accept no password over IMAP or SMTP. An access
// token lives about an hour, and getting and refreshing one is the business of a tool made for
// it (oama, mutt_oauth2.py, a provider's CLI): amici runs the command the config names, with no
// shell, each time it logs in, and reads the token from its first line — the pattern of
// msmtp's passwordeval and isync's PassCmd. The token is never logged.

import { execFile } from 'node:child_process';

/** How amici logs in to a mail server: a password, or an access token fetched when needed. */
export type Credentials = { password: string } | { token: () => Promise<string> };

const TOKEN_TIMEOUT_MS = 30_000;

/** The first non-empty line a command prints, as an access token; rejects with why not. */
export function tokenFromCommand(
  argv: readonly string[],
  timeoutMs = TOKEN_TIMEOUT_MS,
): Promise<string> {
  const [file, ...args] = argv;
  if (file === undefined) return Promise.reject(new Error('token command: empty command'));
  return new Promise((resolve, reject) => {
    execFile(
      file,
      args,
      { timeout: timeoutMs, maxBuffer: 64 * 1024, encoding: 'utf8' },
      (error, stdout, stderr) => {
        const said = stderr.trim().split('\n').slice(-3).join(' ').slice(0, 300);
        if (error) {
          // execFile's message repeats the command line and all it printed: say it shorter.
          const why = error.killed
            ? `no answer within ${timeoutMs / 1000} s`
            : typeof error.code === 'number'
              ? `exit status ${error.code}`
              : error.message;
          reject(new Error(`token command ${file} failed: ${why}${said ? ` (${said})` : ''}`));
          return;
        }
        const token = stdout
          .split('\n')
          .map((l) => l.trim())
          .find((l) => l !== '');
        if (token === undefined) reject(new Error(`token command ${file} printed no token`));
        else resolve(token);
      },
    );
  });
}

/** The credentials a transport's settings name: the password from the environment, or a command. */
export function credentialsFrom(
  settings: { passwordEnv?: string | undefined; tokenCommand?: readonly string[] | undefined },
  env: (name: string) => string | undefined,
): Credentials | { missing: string } {
  if (settings.tokenCommand) {
    const argv = settings.tokenCommand;
    return { token: () => tokenFromCommand(argv) };
  }
  if (settings.passwordEnv === undefined) return { missing: 'no passwordEnv or tokenCommand' };
  const password = env(settings.passwordEnv);
  return password ? { password } : { missing: `$${settings.passwordEnv}, which is not set` };
}
