/**
 * The command that runs another in a network namespace of its own with only loopback up
 * (DESIGN.md §8, root only): WebRTC media between the browsers it starts never leaves 127.0.0.1.
 * `sh` brings `lo` up, then becomes the command: `[...LOOPBACK_NAMESPACE, program, ...args]`.
 */
export const LOOPBACK_NAMESPACE: readonly string[] = [
  'unshare',
  '-n',
  'sh',
  '-c',
  'ip link set lo up && exec "$0" "$@"',
];

/** `spawnSync`'s program and arguments for `argv` run in such a namespace. */
export function inLoopbackNamespace(argv: readonly string[]): [string, string[]] {
  const [program, ...args] = [...LOOPBACK_NAMESPACE, ...argv];
  return [program!, args];
}
