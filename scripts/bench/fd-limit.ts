import { spawnSync } from 'node:child_process';

const RAISED_MARK = 'TELEHEALTH_BENCH_FD_RAISED';

const shellLimit = (flag: '-n' | '-Hn') =>
  Number(spawnSync('sh', ['-c', `ulimit ${flag}`], { encoding: 'utf8' }).stdout.trim());

/**
 * 10,000 waiting patients are 10,000 sockets in the load process and as many in the gateway's
 * (this) process. When the soft limit on open files is lower than `needed`, re-runs the bench
 * with it raised (up to the hard limit, as any user may) and exits with its status; when even
 * the hard limit is lower, stops with what to do.
 */
export function ensureOpenFileLimit(needed: number): void {
  const soft = shellLimit('-n');
  if (!(soft < needed)) return;
  const hard = shellLimit('-Hn');
  if (hard < needed || process.env[RAISED_MARK]) {
    console.error(
      `The bench needs ${needed} open files per process (ulimit -n is ${soft}, hard limit ${hard}). ` +
        `Raise the hard limit (e.g. /etc/security/limits.conf or docker --ulimit nofile=${needed}).`,
    );
    process.exit(1);
  }
  console.log(`Raising the open-file limit from ${soft} to ${needed} and starting again.`);
  const rerun = spawnSync(
    'sh',
    [
      '-c',
      `ulimit -n ${needed} && exec "$0" "$@"`,
      process.execPath,
      ...process.execArgv,
      ...process.argv.slice(1),
    ],
    { stdio: 'inherit', env: { ...process.env, [RAISED_MARK]: '1' } },
  );
  process.exit(rerun.status ?? 1);
}
