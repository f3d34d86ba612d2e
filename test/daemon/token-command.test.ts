// The OAuth2 token command (token-command.ts): what amici takes from it as the access token,
// and how a failing tool is reported — the operator reads these words in the log.

import { describe, expect, it } from 'vitest';
import { credentialsFrom, tokenFromCommand } from '../../src/daemon/token-command.ts';

describe('tokenFromCommand', () => {
  it('takes the first non-empty line, trimmed, and runs no shell', async () => {
    expect(await tokenFromCommand(['printf', '\\n  ya29.token-1  \\nsecond line\\n'])).toBe(
      'ya29.token-1',
    );
    // An argument with shell syntax is passed as it is, not interpreted.
    expect(await tokenFromCommand(['echo', '$(rm -rf /); token'])).toBe('$(rm -rf /); token');
  });

  it('a tool that fails is named, with the end of what it said', async () => {
    await expect(
      tokenFromCommand([
        'sh',
        '-c',
        'echo "warming up" >&2; echo "invalid_grant: token expired" >&2; exit 3',
      ]),
    ).rejects.toThrow(/token command sh failed: .*\(warming up invalid_grant: token expired\)/);
    await expect(tokenFromCommand(['/nonexistent/oama', 'access'])).rejects.toThrow(
      /token command \/nonexistent\/oama failed: .*ENOENT/,
    );
    await expect(tokenFromCommand(['true'])).rejects.toThrow('token command true printed no token');
  });

  it('a tool that hangs (waiting for a browser login) is stopped after the timeout', async () => {
    await expect(tokenFromCommand(['sleep', '5'], 200)).rejects.toThrow(
      'token command sleep failed: no answer within 0.2 s',
    );
  });
});

describe('credentialsFrom', () => {
  const env = (name: string) => ({ AMICI_PW: 'secret' })[name];
  it('a password from the environment, a token command, or what is missing', async () => {
    expect(credentialsFrom({ passwordEnv: 'AMICI_PW' }, env)).toEqual({ password: 'secret' });
    expect(credentialsFrom({ passwordEnv: 'AMICI_NOPE' }, env)).toEqual({
      missing: '$AMICI_NOPE, which is not set',
    });
    const login = credentialsFrom({ tokenCommand: ['echo', 'tok'] }, env);
    expect('token' in login && (await login.token())).toBe('tok');
  });
});
