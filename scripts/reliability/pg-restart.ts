// npm run reliability:pg-restart [-- --seconds 10 --workers 16]
// PostgreSQL restarted (`pg_ctl restart -m fast`) in the middle of a burst of requests to a real app process, on a
// private throw-away cluster (never the shared server on :5432). Prints the answers by status, how long the database
// was away and how long the app took to answer 200 again; exits 1 when any answer was not 200 or a 503 in the error
// shape, or when requests did not succeed again without restarting the app. The same checks run in CI as
// src/server/reliability/pg-restart.test.ts.
import { parseArgs } from 'node:util';
import {
  type Answer,
  burst,
  databaseRequestMix,
  isErrorBody,
  signUpOverHttp,
} from '../../src/server/reliability/http-burst.ts';
import { findPostgresBin, startPrivatePostgres } from '../../src/server/reliability/private-postgres.ts';
import { freePort } from '../../src/server/test/free-port.ts';
import { startServerProcess } from '../../src/server/test/server-process.ts';

const { values } = parseArgs({
  options: { seconds: { type: 'string', default: '10' }, workers: { type: 'string', default: '16' } },
});
const seconds = Number(values.seconds);
const workers = Number(values.workers);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

if (!findPostgresBin()) {
  console.error('no PostgreSQL binaries under /usr/lib/postgresql: install postgresql to run this check');
  process.exit(2);
}

const pg = await startPrivatePostgres(await freePort());
const server = await startServerProcess({ DATABASE_URL: pg.url, LOG_LEVEL: 'warn' });
let exitCode = 0;
try {
  const session = await signUpOverHttp(server.url, 'pg-restart@example.com');
  const request = databaseRequestMix(server.url, session);

  let restartStarted = 0;
  let restartEnded = 0;
  const schedule = (async () => {
    await sleep((seconds * 1000) / 3);
    restartStarted = Date.now();
    await pg.restart();
    restartEnded = Date.now();
    await sleep((seconds * 2000) / 3);
  })();
  const started = Date.now();
  const answers: Answer[] = await burst(workers, request, schedule);
  const elapsed = (Date.now() - started) / 1000;

  const byStatus: Record<string, number> = {};
  for (const a of answers) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
  const wrong = answers.filter((a) => a.status !== 200 && !(a.status === 503 && isErrorBody(a.body)));
  const firstOk = answers.find((a) => a.at >= restartEnded && a.status === 200);
  const lastFailure = [...answers].reverse().find((a) => a.status !== 200);
  const afterRecovery = answers.filter((a) => lastFailure && a.at > lastFailure.at);

  console.log(`requests        ${answers.length} in ${elapsed.toFixed(1)} s with ${workers} workers`);
  console.log(`by status       ${JSON.stringify(byStatus)}`);
  console.log(`restart         pg_ctl restart -m fast took ${restartEnded - restartStarted} ms`);
  console.log(`first 200 after ${firstOk ? `${firstOk.at - restartEnded} ms after pg_ctl returned` : 'never'}`);
  console.log(
    `last failure    ${lastFailure ? `${lastFailure.at - restartEnded} ms from pg_ctl returning (negative: before)` : 'none'}`,
  );
  console.log(`wrong answers   ${wrong.length} (anything but 200 or a 503 in the error shape)`);
  for (const a of wrong.slice(0, 5)) console.log(`  ${a.status} ${a.url} ${a.body.slice(0, 120)}`);
  if (wrong.length > 0 || !firstOk || afterRecovery.length === 0) exitCode = 1;
  if (server.child.exitCode !== null) {
    console.log('the app process exited');
    exitCode = 1;
  }
} finally {
  await server.stop();
  await pg.stop();
}
process.exit(exitCode);
