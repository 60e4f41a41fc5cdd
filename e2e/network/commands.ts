import { execFileSync, spawnSync } from 'node:child_process';

/**
 * The commands the test network is built with: `ip` (iproute2) and `nft` (nftables), run as
 * root, inside a named network namespace or the test's own one. A failing command throws with
 * its own error output, so a broken rule says which one.
 */
export function run(command: string, args: readonly string[], input?: string): string {
  try {
    return execFileSync(command, args, {
      encoding: 'utf8',
      stdio: ['pipe', 'pipe', 'pipe'],
      ...(input === undefined ? {} : { input }),
    });
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr?.trim();
    throw new Error(`${command} ${args.join(' ')} failed: ${stderr || String(error)}`);
  }
}

/** `ip` in the namespace `namespace` (undefined: the test's own, the "public" network). */
export function ip(namespace: string | undefined, ...args: string[]): string {
  return namespace ? run('ip', ['-n', namespace, ...args]) : run('ip', args);
}

/** An nftables script (`nft -f -`) run in `namespace`; what it printed (a `list`). */
export function nft(namespace: string, script: string): string {
  return run('ip', ['netns', 'exec', namespace, 'nft', '-f', '-'], script);
}

/** A shell command inside `namespace` (for /proc/sys, which follows the caller's namespace). */
export function inNamespace(namespace: string, shellCommand: string): void {
  run('ip', ['netns', 'exec', namespace, 'sh', '-c', shellCommand]);
}

/**
 * Why this process cannot build the test network, or null when it can: root, inside a network
 * namespace of its own (the one `npm test` runs the browser tests in), with `ip` and `nft`.
 */
export function testNetworkUnavailable(ownNamespace: boolean): string | null {
  if (process.getuid?.() !== 0) return 'the test network needs root (run `npm test` as root)';
  if (!ownNamespace) {
    return 'the test network needs a network namespace of its own: run inside `unshare -n` (npm test does as root)';
  }
  for (const [tool, pkg] of [
    ['ip', 'iproute2'],
    ['nft', 'nftables'],
  ] as const) {
    if (spawnSync(tool, ['-V'], { stdio: 'ignore' }).error) {
      return `the test network needs \`${tool}\`: apt-get install ${pkg}`;
    }
  }
  return null;
}
