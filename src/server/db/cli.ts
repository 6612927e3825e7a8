/**
 * Database commands: `npm run db:migrate`, `npm run db:seed`, `npm run admin:create -- --email E --password P`,
 * and `npm run storage:migrate` (local images into the S3 bucket; it needs no database).
 * They use the same configuration as the server (and the same lock on the embedded database).
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { LIMITS } from '../../domain/constants.ts';
import { createAuth } from '../auth/auth.ts';
import { grantRole } from '../auth/roles.ts';
import { EnvError, loadConfig, type AppConfig } from '../env.ts';
import { migrateLocalToStorage } from '../storage/migrate.ts';
import { localUploadsDir, openStorage } from '../storage/open.ts';
import { openDatabase, type Db } from './client.ts';
import { DataDirLockedError } from './lock.ts';
import { profiles, user } from './schema.ts';
import { seedIfEmpty } from './seed.ts';

const adminArgs = z.object({
  email: z.email('--email must be a valid email address'),
  password: z
    .string({ message: '--password is required' })
    .min(LIMITS.passwordMin, 'Password must be at least 6 characters')
    .max(LIMITS.passwordMax, 'Password must be at most 128 characters'),
  name: z.string().min(1).default('Administrator'),
});

/** Creates the account if needed and gives it the admin role. Returns what happened. */
export async function createAdmin(
  db: Db,
  authSecret: string,
  publicUrl: string,
  input: { email: string; password: string; name?: string },
): Promise<'created' | 'promoted'> {
  const { email, password, name } = adminArgs.parse(input);
  const normalised = email.trim().toLowerCase();
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, normalised));
  let userId = existing?.id;
  if (!userId) {
    const auth = createAuth({ db, secret: authSecret, publicUrl });
    const created = await auth.api.signUpEmail({ body: { email: normalised, password, name } });
    userId = created.user.id;
    await db.insert(profiles).values({ id: userId, fullName: name }).onConflictDoNothing();
  }
  await grantRole(db, userId, 'user');
  await grantRole(db, userId, 'admin');
  return existing ? 'promoted' : 'created';
}

/** Copies DATA_DIR's uploads into the bucket of S3_BUCKET (storage/migrate.ts). */
async function storageMigrate(config: AppConfig): Promise<void> {
  if (!config.storage.s3) {
    console.error('S3_BUCKET is not set: there is no bucket to copy the local images to (see .env.example).');
    process.exitCode = 2;
    return;
  }
  const bucket = openStorage(config);
  await bucket.check?.();
  const result = await migrateLocalToStorage({ rootDir: localUploadsDir(config.dataDir) }, bucket, (line) =>
    console.log(line),
  );
  for (const name of result.ignored) console.warn(`ignored ${name}: not a storage key`);
  console.log(
    `Copied ${result.copied} object(s) to bucket ${config.storage.s3.bucket}; ${result.skipped} already there.`,
  );
}

async function main() {
  const [command, ...rest] = process.argv.slice(2);
  const config = loadConfig();
  if (command === 'storage-migrate') return storageMigrate(config);
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.migrate();
    switch (command) {
      case 'migrate':
        console.log('Migrations applied.');
        break;
      case 'seed': {
        const storage = openStorage(config);
        const seeded = await seedIfEmpty(database, storage, console);
        console.log(seeded ? 'Demo data seeded.' : 'The database already has data: nothing seeded.');
        break;
      }
      case 'admin-create': {
        const { values } = parseArgs({
          args: rest,
          options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' } },
        });
        const parsed = adminArgs.safeParse(values);
        if (!parsed.success) {
          console.error(parsed.error.issues.map((i) => i.message).join('\n'));
          console.error(
            'Usage: npm run admin:create -- --email admin@example.com --password "a long password"',
          );
          process.exitCode = 2;
          break;
        }
        const result = await createAdmin(database.db, config.authSecret, config.publicUrl, parsed.data);
        console.log(
          result === 'created'
            ? `Admin ${parsed.data.email} created.`
            : `${parsed.data.email} is now an admin.`,
        );
        break;
      }
      default:
        console.error('Usage: cli.ts migrate | seed | admin-create --email E --password P | storage-migrate');
        process.exitCode = 2;
    }
  } finally {
    await database.close();
  }
}

// Run as a command (`tsx src/server/db/cli.ts`, scripts/launch.mjs, or compiled as dist/server/cli.js),
// not when a test imports createAdmin.
const isMain = process.argv[1] && pathToFileURL(path.resolve(process.argv[1])).href === import.meta.url;
if (isMain) {
  main().catch((err: unknown) => {
    console.error(err instanceof EnvError || err instanceof DataDirLockedError ? err.message : err);
    process.exit(1);
  });
}
