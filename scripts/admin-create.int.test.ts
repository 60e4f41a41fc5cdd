import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { postJson } from '#local/testing/patient-journey';
import { useTestStack } from '#local/testing/stack-context';
import * as adminContracts from '@shared/admin/contracts';
import { pathOf } from '@shared/http/contract';

const run = promisify(execFile);
const stack = useTestStack();

describe('npm run admin:create', () => {
  it('creates an administrator with a generated password that signs in, once', async () => {
    const username = `ops-${Date.now()}`;
    const args = [
      'tsx',
      'scripts/admin-create.ts',
      '--stage',
      'local',
      '--table',
      stack.handlerEnvironment.TABLE_NAME!,
      '--username',
      username,
      '--email',
      `${username}@example.org`,
    ];
    const env = { ...process.env, ...stack.handlerEnvironment, ADMIN_PASSWORD: '' };
    const { stdout } = await run('npx', args, { env });
    const password = /Password \(shown once[^)]*\): (\S+)/.exec(stdout)?.[1];
    expect(password?.length).toBeGreaterThanOrEqual(16);
    const login = await postJson(stack, pathOf(adminContracts.adminLogin, {}), {
      username,
      password,
    });
    expect(login.status).toBe(200);
    // A new administrator enrols the second factor at the first sign-in (issue 25).
    expect(await login.json()).toMatchObject({ step: 'enrol' });
    await expect(run('npx', args, { env })).rejects.toMatchObject({
      stderr: expect.stringContaining('already an administrator') as unknown,
    });
  });
});
