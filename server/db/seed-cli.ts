import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { openDb } from './db';
import { migrate } from './migrate';
import { seedDemoIfEmpty } from './seed';
import { seedBulk } from './demo-data/bulk';

/**
 * npm run seed -- --participants 10000 --messages 20000 --work-plans 2000 --reviews 20000 [--company <id>]
 * Adds a large data set to the database the server uses (DATABASE_URL, or PGlite in WERKPAD_DATA_DIR),
 * in the caseload of the demo coach and manager. Migrates and seeds the demo first when needed.
 */
const { values } = parseArgs({
  options: {
    participants: { type: 'string', default: '0' },
    messages: { type: 'string', default: '0' },
    'work-plans': { type: 'string', default: '0' },
    reviews: { type: 'string', default: '0' },
    company: { type: 'string' },
    quiet: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log('Usage: npm run seed -- [--participants N] [--messages N] [--work-plans N] [--reviews N] [--company ID] [--quiet]');
  process.exit(0);
}

function count(name: string, raw: string | undefined): number {
  const n = Number(raw ?? '0');
  if (!Number.isInteger(n) || n < 0) {
    console.error(`--${name} must be a whole number of 0 or more, not "${raw ?? ''}"`);
    process.exit(2);
  }
  return n;
}

const options = {
  participants: count('participants', values.participants),
  messages: count('messages', values.messages),
  workPlans: count('work-plans', values['work-plans']),
  reviews: count('reviews', values.reviews),
  companyId: values.company === undefined ? undefined : count('company', values.company),
};

const config = loadConfig();
if (!config.databaseUrl) mkdirSync(config.dataDir, { recursive: true });
const db = openDb({ databaseUrl: config.databaseUrl, dataDir: path.join(config.dataDir, 'pglite') });
console.log(`Database: ${db.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}` : 'PostgreSQL (DATABASE_URL)'}`);
try {
  const applied = await migrate(db);
  if (applied.length) console.log(`Migrations applied: ${applied.join(', ')}`);
  if (await seedDemoIfEmpty(db)) console.log('Demo data seeded.');
  const started = performance.now();
  let last = started;
  const result = await seedBulk(db, options, (line) => {
    if (values.quiet) return;
    const t = performance.now();
    console.log(`${line} (+${Math.round(t - last)} ms)`);
    last = t;
  });
  console.log(
    `Added to company ${result.companyId} (coach ${result.coachId}, manager ${result.managerId}): ` +
      `${result.participants} participants, ${result.messages} messages, ${result.workPlans} work plans, ` +
      `${result.assignments} assignments, ${result.reviews} reviews, ${result.reviewScores} review scores in ${(result.ms / 1000).toFixed(1)} s`,
  );
} finally {
  await db.close();
}
