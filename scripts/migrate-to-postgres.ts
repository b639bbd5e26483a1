/**
 * `npm run migrate-to-postgres [-- path/to/izz.sqlite]`: copies a SQLite installation to an empty PostgreSQL
 * database (scripts/migrate-to-postgres.lib.ts; README, "More than one machine").
 * The source: the argument, else DATA_DIR/izz.sqlite. The target: DATABASE_URL (required; from the environment or .env).
 * Stop the app first. Exits non-zero when it refuses or when any table's row count differs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ConfigError, DATABASE_FILE, loadConfig } from '../server/config.js';
import { copyToPostgres, CopyRefused, formatCounts } from './migrate-to-postgres.lib.js';

async function main(): Promise<number> {
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.length > 1 || args.some((a) => a.startsWith('-'))) {
    console.error('Usage: npm run migrate-to-postgres [-- path/to/izz.sqlite]   (target: DATABASE_URL=postgres://…)');
    return 2;
  }
  const config = loadConfig();
  if (config.database.engine !== 'postgres') {
    console.error('DATABASE_URL is not set: set it to the new, empty PostgreSQL database, e.g. DATABASE_URL=postgres://izz:secret@localhost:5432/izz');
    return 2;
  }
  const sqliteFile = path.resolve(args[0] ?? path.join(config.dataDir, DATABASE_FILE));
  const result = await copyToPostgres({ sqliteFile, databaseUrl: config.database.url });
  console.log('');
  for (const line of formatCounts(result.counts)) console.log(line);
  console.log('');
  if (!result.ok) {
    console.error('Row counts differ: do not use the PostgreSQL database. Drop it, create it again and repeat the copy.');
    return 1;
  }
  console.log('Every table has the same rows on both sides. Set DATABASE_URL for the app and start it.');
  return 0;
}

try {
  process.exitCode = await main();
} catch (error) {
  if (error instanceof CopyRefused || error instanceof ConfigError) console.error(`Refused: ${error.message}`);
  else console.error(error);
  process.exitCode = 1;
}
