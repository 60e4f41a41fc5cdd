import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { inOwnNetworkNamespace, waitForRemoteFrames } from '../../e2e/call';
import { inLoopbackNamespace } from '../loopback-namespace';
import { startNetworkCallRig, type NetworkCall } from '../../e2e/network/call-rig';

/**
 * Issue 26's two call figures on the test network (e2e/network: the doctor and the patient in
 * two NATed homes, relay-only through coturn on the public network), one fresh call per run:
 * - second party joins → first remote frame: the doctor's room is open and counting; from the
 *   patient's room starting to load until both rooms have decoded a frame of the other's video
 *   (the later of the two; read by polling WebRTC's statistics every 100 ms).
 * - fault end → media back: the patient's home loses everything for 3 s (its signalling socket
 *   black-holed without FIN, its media dropped) and comes back with a new public address, as a
 *   phone moving from Wi-Fi to cellular: the old socket and the relay's mappings are dead for
 *   good. From that moment until both rooms decode new frames again (a run not back within
 *   RECOVERY_WAIT_MS counts as missing, never dropped).
 * Needs root inside a network namespace of its own: `runCallNetworkBench` re-runs this file
 * under `unshare -n` as `npm run bench` does; `npx tsx scripts/bench/call-network.ts` as root
 * works too.
 */
export const CALL_NETWORK_RUNS = Number(process.env.CALLNET_RUNS ?? 10);
const OUTAGE_MS = 3_000;
const RECOVERY_WAIT_MS = 45_000;
const JOIN_WAIT_MS = 30_000;

export interface CallNetworkFigures {
  /** Per run; null: no remote frames in both rooms within the wait. */
  joinToFrameMs: (number | null)[];
  faultToMediaMs: (number | null)[];
}

/** The later of the two rooms to decode `frames` new frames, in ms from `since`; null if none. */
async function bothRoomsDecode(
  call: NetworkCall,
  since: number,
  timeout: number,
): Promise<number | null> {
  try {
    await Promise.all([
      waitForRemoteFrames(call.providerRoom, 1, timeout),
      waitForRemoteFrames(call.patientRoom, 1, timeout),
    ]);
    return performance.now() - since;
  } catch (error) {
    console.error(error instanceof Error ? error.message.split('\n')[0] : String(error));
    return null;
  }
}

export async function measureCallNetwork(runs = CALL_NETWORK_RUNS): Promise<CallNetworkFigures> {
  const rig = await startNetworkCallRig('bench-callnet', {
    meetingDurationSeconds: 900,
    logLevel: 'error',
    rateLimitMultiplier: 1_000_000,
  });
  const figures: CallNetworkFigures = { joinToFrameMs: [], faultToMediaMs: [] };
  try {
    for (let run = 0; run < runs; run += 1) {
      const call = await rig.startedCall();
      try {
        await call.providerRoom.getByRole('timer').waitFor();
        const joined = performance.now();
        await call.patientRoom.goto(call.patientJoinUrl);
        const joinToFrame = await bothRoomsDecode(call, joined, JOIN_WAIT_MS);
        figures.joinToFrameMs.push(joinToFrame);
        if (joinToFrame === null) {
          figures.faultToMediaMs.push(null);
          continue;
        }
        rig.network.blackholeSignalling('patient');
        rig.network.cutMedia('patient');
        await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS));
        rig.network.changeAddress('patient');
        rig.network.heal();
        figures.faultToMediaMs.push(
          await bothRoomsDecode(call, performance.now(), RECOVERY_WAIT_MS),
        );
      } finally {
        rig.network.heal();
        await call.providerRoom.close().catch(() => undefined);
        await call.patientRoom.close().catch(() => undefined);
      }
      console.log(
        `run ${run + 1}/${runs}: join → frame ${show(figures.joinToFrameMs.at(-1))}, ` +
          `fault end → media ${show(figures.faultToMediaMs.at(-1))}`,
      );
    }
    return figures;
  } finally {
    await rig.stop();
  }
}

const show = (value: number | null | undefined) =>
  value === null || value === undefined ? 'missing' : `${Math.round(value)} ms`;

/**
 * Runs this file as root in a network namespace of its own and returns its figures, or the
 * reason it could not (not root, no `unshare`).
 */
export function runCallNetworkBench(): CallNetworkFigures | { unavailable: string } {
  if (process.getuid?.() !== 0) return { unavailable: 'needs root (network namespaces)' };
  const dir = mkdtempSync(path.join(os.tmpdir(), 'telehealth-bench-callnet-'));
  const output = path.join(dir, 'figures.json');
  try {
    const child = spawnSync(
      ...inLoopbackNamespace([
        process.execPath,
        ...process.execArgv,
        fileURLToPath(import.meta.url),
        output,
      ]),
      { stdio: 'inherit' },
    );
    if (child.error) return { unavailable: `unshare failed: ${child.error.message}` };
    if (child.status !== 0) return { unavailable: `the run exited ${child.status}` };
    return JSON.parse(readFileSync(output, 'utf8')) as CallNetworkFigures;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  if (!inOwnNetworkNamespace()) {
    const figures = runCallNetworkBench();
    console.log(JSON.stringify(figures));
    process.exit('unavailable' in figures ? 1 : 0);
  }
  const figures = await measureCallNetwork();
  const output = process.argv[2];
  if (output) writeFileSync(output, JSON.stringify(figures));
  else console.log(JSON.stringify(figures));
}
