import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { insertAdminUser } from '#db/admin-users';
import { cancellationReasons } from '#db/transaction';
import { hashPassword } from '#lib/auth/passwords';

/**
 * `npm run admin:create -- --stage prod --username alice --email alice@example.org`
 *
 * Creates an administrator in a deployed stage's table with the caller's AWS credentials. The
 * password is generated (or taken from ADMIN_PASSWORD) and printed once: there is no default
 * password in the cloud. Usernames and emails are unique; a second run with the same ones fails.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      stage: { type: 'string' },
      username: { type: 'string' },
      email: { type: 'string' },
      table: { type: 'string' },
    },
  });
  if (!values.stage || !values.username || !values.email) {
    console.error(
      'Usage: npm run admin:create -- --stage <stage> --username <name> --email <address> [--table <name>]',
    );
    process.exit(2);
  }
  process.env.TABLE_NAME = values.table ?? `telehealth-${values.stage}`;
  const password = process.env.ADMIN_PASSWORD || randomBytes(18).toString('base64url');
  if (password.length < 16) {
    console.error('ADMIN_PASSWORD must be at least 16 characters.');
    process.exit(2);
  }
  const admin = await insertAdminUser({
    username: values.username,
    email: values.email,
    passwordHash: await hashPassword(password),
  });
  console.log(
    `Administrator ${admin.username} created in ${process.env.TABLE_NAME} (id ${admin.id}).`,
  );
  if (!process.env.ADMIN_PASSWORD) {
    console.log(`Password (shown once, store it in your password manager): ${password}`);
  }
}

main().catch((error: unknown) => {
  console.error(
    cancellationReasons(error)
      ? 'That username or email is already an administrator.'
      : `Could not create the administrator: ${error instanceof Error ? error.message : String(error)}`,
  );
  process.exit(1);
});
