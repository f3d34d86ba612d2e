// The daemon bench's SMTP server, in a process of its own (as a real relay is): it accepts and
// discards every message, counts them, and — while the parent asks it to watch — tells the
// parent about each relayed move it accepts (for the APPEND → relay latency). Started with
// fork(); speaks over the IPC channel: → {ready, port}; ← {count} → {count, n, lastAt};
// ← {watch: boolean} → {relay, to} per relayed move; ← {stop}.

import { SMTPServer } from 'smtp-server';

let accepted = 0;
let lastAt = 0;
let watching = false;
const send = (m: unknown) => process.send?.(m);

const server = new SMTPServer({
  secure: false,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  closeTimeout: 1_000,
  onData(stream, session, callback) {
    const head: Buffer[] = [];
    let headBytes = 0;
    stream.on('data', (c: Buffer) => {
      if (headBytes < 4096) {
        head.push(c);
        headBytes += c.length;
      }
    });
    stream.on('error', (e) => callback(e));
    stream.on('end', () => {
      accepted++;
      lastAt = Date.now();
      if (watching) {
        const text = Buffer.concat(head).subarray(0, 4096).toString('latin1');
        if (text.includes('X-Amici-Kind: move-relayed'))
          send({ type: 'relay', to: session.envelope.rcptTo.map((r) => r.address) });
      }
      callback(null, 'OK');
    });
  },
});

process.on('message', (m: { type: string; on?: boolean }) => {
  if (m.type === 'count') send({ type: 'count', n: accepted, lastAt });
  else if (m.type === 'watch') watching = m.on === true;
  else if (m.type === 'stop') server.close(() => process.exit(0));
});
process.on('disconnect', () => process.exit(0));

server.once('error', (e) => {
  console.error(e);
  process.exit(1);
});
server.listen(0, '127.0.0.1', () => {
  // Once listening, smtp-server reports a client that vanishes mid-transaction (a daemon stopped
  // mid-send) as a server error; a real relay shrugs that off, and so does this one.
  server.removeAllListeners('error');
  server.on('error', () => {});
  const address = server.server.address();
  send({ type: 'ready', port: typeof address === 'object' && address ? address.port : 0 });
});
