// `npm run bench`: every benchmark, printed as a table; exits non-zero when a target is missed.
// Speed goals live here, never in the tests.

import { benchDaemon } from './daemon.ts';
import { benchNotation } from './notation.ts';
import { benchReferee } from './referee.ts';
import type { BenchReport } from './support.ts';

// A benchmark may be async (the daemon's starts real mail servers); they run one at a time.
// `npm run bench -- daemon` runs only the ones named.
const BENCHES: Record<string, () => BenchReport | Promise<BenchReport>> = {
  notation: benchNotation,
  referee: benchReferee,
  daemon: benchDaemon,
};
const names = process.argv.slice(2);
const unknown = names.filter((n) => !(n in BENCHES));
if (unknown.length) {
  console.error(
    `bench: no benchmark ${unknown.join(', ')}; there are ${Object.keys(BENCHES).join(', ')}`,
  );
  process.exit(2);
}

let missed = 0;
for (const [name, bench] of Object.entries(BENCHES)) {
  if (names.length && !names.includes(name)) continue;
  const report = await bench();
  console.log(`\n${report.title}`);
  for (const row of report.rows) {
    const ratio = row.ratio === undefined ? '' : `  ${row.ratio.toFixed(2)}x`;
    console.log(`  ${row.name.padEnd(40)} ${row.value.padStart(18)}${ratio}`);
  }
  if (report.target) {
    const row = report.rows.find((r) => r.name === report.target?.name);
    const ok = (row?.ratio ?? 0) >= report.target.min;
    console.log(
      `  target: ${report.target.name} >= ${report.target.min}x of the first row: ${ok ? 'met' : 'MISSED'}`,
    );
    if (!ok) missed++;
  }
  missed += report.rows.filter((r) => r.met === false).length;
}
process.exitCode = missed ? 1 : 0;
