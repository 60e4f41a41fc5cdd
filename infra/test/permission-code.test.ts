import { beforeAll, describe, expect, it } from 'vitest';
import {
  handlerPermissions,
  type HandlerPermissions,
} from '../../functions/src/handler-permissions';
import { manifestHandlers } from '../lib/handler-functions';
import { prodSynthMetafiles } from './bundling-synths';

/**
 * The other direction of the proof that the declarations match the code. The local IAM check
 * (`local/gateway/permission-check.ts`) refuses a call a handler makes without declaring it; this
 * checks that a handler declares nothing its bundle has no code for: each declared capability
 * needs the module that uses it among the bundle's code (esbuild's metafile counts the bytes each
 * module contributes after tree shaking) and, for an AWS service, the SDK command it sends: the
 * SDK is bundled (issue 12 item 5), so its command modules are in the metafile too. Module level is coarse (a module kept for one helper
 * counts), so this catches a grant nobody's code could use, not every unused one; the
 * declarations are built from fragments of the shared code paths for the same reason.
 */

const handlers = manifestHandlers();
const declared = handlerPermissions as Readonly<Record<string, HandlerPermissions>>;

/**
 * The modules each declared capability needs in the bundle: the repository's, relative to
 * `functions/src/`; the SDK's, relative to node_modules.
 */
const evidence: [string, (p: HandlerPermissions) => unknown, string[]][] = [
  [
    'push',
    (p) => p.push,
    [
      'lib/realtime/push.ts',
      '@aws-sdk/client-apigatewaymanagementapi/dist-es/commands/PostToConnectionCommand.js',
    ],
  ],
  [
    'schedules',
    (p) => p.schedules,
    ['lib/scheduler.ts', '@aws-sdk/client-scheduler/dist-es/commands/CreateScheduleCommand.js'],
  ],
  [
    'email',
    (p) => p.email,
    ['lib/email.ts', '@aws-sdk/client-sesv2/dist-es/commands/SendEmailCommand.js'],
  ],
  [
    'iceServers',
    (p) => p.iceServers,
    [
      'lib/ice/kvs.ts',
      '@aws-sdk/client-kinesis-video-signaling/dist-es/commands/GetIceServerConfigCommand.js',
    ],
  ],
  [
    'fansOutQueue',
    (p) => p.fansOutQueue,
    ['lib/invoke-async.ts', '@aws-sdk/client-lambda/dist-es/commands/InvokeCommand.js'],
  ],
  [
    'uploads',
    (p) => p.uploads,
    ['features/uploads/storage.ts', '@aws-sdk/client-s3/dist-es/commands/PutObjectCommand.js'],
  ],
  ['stripe secret', (p) => p.secrets?.includes('stripe'), ['lib/stripe.ts']],
  ['room secret', (p) => p.secrets?.includes('room'), ['features/cases/room-links.ts']],
];

const modulesOf = new Map<string, Set<string>>();

beforeAll(async () => {
  // A handler's code is in its index.mjs and its chunks: the lazily loaded clients count too.
  for (const [handler, metafile] of await prodSynthMetafiles(handlers)) {
    const used = Object.values(metafile.outputs)
      .flatMap((output) => Object.entries(output.inputs))
      .filter(([, input]) => input.bytesInOutput > 0)
      .map(([file]) => file.replace(/^functions\/src\//, '').replace(/^.*node_modules\//, ''));
    modulesOf.set(handler, new Set(used));
  }
}, 300_000);

describe('declared permissions have code that uses them', () => {
  it('built every handler', () => {
    expect([...modulesOf.keys()].sort()).toEqual([...handlers].sort());
  });

  it.each(handlers)('%s declares nothing its bundle has no code for', (handler) => {
    const modules = modulesOf.get(handler)!;
    const unused = evidence
      .filter(([, declares]) => Boolean(declares(declared[handler]!)))
      .flatMap(([capability, , needed]) =>
        needed
          .filter((module) => !modules.has(module))
          .map((module) => `${capability} (no ${module})`),
      );
    expect(unused).toEqual([]);
  });

  it.each(handlers)('%s does not bundle the declaration module', (handler) => {
    expect(modulesOf.get(handler)!.has('handler-permissions.ts')).toBe(false);
  });

  it('would notice a capability without code', () => {
    // Every bundle keeps the table module (the HTTP framework reads sessions), so table grants
    // are left to the local check; the services' modules are only where they are used.
    const present = (handler: string) =>
      evidence
        .flatMap(([, , needed]) => needed)
        .filter((module) => modulesOf.get(handler)!.has(module));
    expect(present('config/get-client-config')).toEqual([]);
    expect(present('cases/get-status')).toEqual([]);
    expect(present('meetings/join-room')).toEqual([
      'lib/ice/kvs.ts',
      '@aws-sdk/client-kinesis-video-signaling/dist-es/commands/GetIceServerConfigCommand.js',
      'features/cases/room-links.ts',
    ]);
  });
});
