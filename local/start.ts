import { parseArgs } from 'node:util';
import { build } from 'vite';
import path from 'node:path';
import { defaultAdmin, defaultDataDir, defaultPorts, repoRoot } from './config';
import { dynamodbNiceFromEnv } from './dynamodb';
import { admissionLimitsFromEnv } from './gateway/admission';
import { parseRegionSetting } from '@shared/triage/regions';
import { MEDIA_GAP_GRACE_SECONDS } from '@shared/meetings/dropped-call';
import {
  DEFAULT_CAPTURE_AFTER_CONNECTED_SECONDS,
  DEFAULT_WAIT_PROMISE_MINUTES,
} from '@shared/payments/money';
import { DEMO_APPLICATION_ID } from './seed';
import { startStack } from './stack';

/**
 * `npm start`: builds the web app, starts the whole product locally and prints where it is.
 * `npm start -- --reset` starts with empty data; `npm run dev` serves the app with hot reload.
 * Ctrl-C stops everything this started.
 */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      reset: { type: 'boolean', default: false },
      dev: { type: 'boolean', default: false },
    },
  });
  const appPort = Number(process.env.PORT ?? defaultPorts.app);
  if (!Number.isInteger(appPort) || appPort <= 0 || appPort > 65535) {
    throw new Error(`PORT must be a port number, got "${process.env.PORT}"`);
  }

  // Refused before the build or any service starts: a typo must not silently turn the regional
  // rule off.
  const triageRegion = parseRegionSetting(process.env.TRIAGE_REGION, 'TRIAGE_REGION');

  if (!values.dev) {
    console.log('Building the web app...');
    await build({ configFile: path.join(repoRoot, 'web', 'vite.config.ts'), logLevel: 'warn' });
  }

  const claimLeaseSeconds = wholeNumberSetting('CLAIM_LEASE_SECONDS', 600);
  const claimCooldownSeconds = wholeNumberSetting('CLAIM_COOLDOWN_SECONDS', claimLeaseSeconds);
  const maxActiveClaims = wholeNumberSetting('MAX_ACTIVE_CLAIMS', 1);
  const frameBudget = {
    perSecond: wholeNumberSetting('WS_FRAMES_PER_SECOND', 5),
    burst: wholeNumberSetting('WS_FRAME_BURST', 60),
  };
  const caseExpirySeconds = wholeNumberSetting('CASE_EXPIRY_SECONDS', 86_400);
  const waitPromiseMinutes = positiveNumberSetting(
    'WAIT_PROMISE_MINUTES',
    DEFAULT_WAIT_PROMISE_MINUTES,
  );
  const captureAfterConnectedSeconds = wholeNumberSetting(
    'CAPTURE_AFTER_CONNECTED_SECONDS',
    DEFAULT_CAPTURE_AFTER_CONNECTED_SECONDS,
  );

  const meetingDurationSeconds = wholeNumberSetting('MEETING_DURATION_SECONDS', 900);
  const providerJoinGraceSeconds = wholeNumberSetting('PROVIDER_JOIN_GRACE_SECONDS', 180);
  const mediaGapGraceSeconds = wholeNumberSetting(
    'MEDIA_GAP_GRACE_SECONDS',
    MEDIA_GAP_GRACE_SECONDS,
  );
  const turnUrls = (process.env.TURN_URLS ?? '')
    .split(',')
    .map((url) => url.trim())
    .filter(Boolean);
  const turnSecret = process.env.TURN_SECRET ?? '';
  if (turnUrls.length > 0 !== (turnSecret !== '')) {
    throw new Error('TURN_URLS and TURN_SECRET must be set together (or neither)');
  }
  const iceTransportPolicy = process.env.ICE_TRANSPORT_POLICY || 'all';
  if (iceTransportPolicy !== 'all' && iceTransportPolicy !== 'relay') {
    throw new Error(`ICE_TRANSPORT_POLICY must be all or relay, got "${iceTransportPolicy}"`);
  }

  // Test only: try the app with failing dependencies (docs/local-development.md).
  const faultRate = Number(process.env.FAULT_RATE || 0);
  if (!(faultRate >= 0 && faultRate <= 1)) {
    throw new Error(`FAULT_RATE must be a number from 0 to 1, got "${process.env.FAULT_RATE}"`);
  }

  // Load shedding: GATEWAY_MAX_IN_FLIGHT, _QUEUED, _WAIT_MS and _LAG_MS (README).
  const admission = admissionLimitsFromEnv();
  const dynamodbNice = dynamodbNiceFromEnv(process.env);

  const admin = {
    username: process.env.ADMIN_USERNAME || defaultAdmin.username,
    password: process.env.ADMIN_PASSWORD || defaultAdmin.password,
  };
  console.log(values.reset ? 'Starting with empty data...' : 'Starting the local stack...');
  const stack = await startStack({
    dataDir: defaultDataDir,
    reset: values.reset,
    web: values.dev ? 'dev' : 'dist',
    ports: { ...defaultPorts, app: appPort },
    admin,
    claimLeaseSeconds,
    claimCooldownSeconds,
    maxActiveClaims,
    frameBudget,
    meetingDurationSeconds,
    mediaGapGraceSeconds,
    providerJoinGraceSeconds,
    ...(turnUrls.length > 0 ? { turn: { urls: turnUrls, secret: turnSecret } } : {}),
    iceTransportPolicy,
    triageRegion,
    caseExpirySeconds,
    waitPromiseMinutes,
    captureAfterConnectedSeconds,
    // The Stripe stand-in's authorization validity (default 7 days; docs/local-stripe.md).
    ...(process.env.LOCAL_STRIPE_AUTHORIZATION_SECONDS
      ? { stripeAuthorizationSeconds: wholeNumberSetting('LOCAL_STRIPE_AUTHORIZATION_SECONDS', 0) }
      : {}),
    // The gateway always adds an origin header (a fixed local value unless set): an empty
    // secret would refuse every API request, never turn the check off.
    ...(process.env.ORIGIN_VERIFY_SECRET
      ? { originVerifySecret: process.env.ORIGIN_VERIFY_SECRET }
      : {}),
    ...(process.env.ORIGIN_VERIFY_PREVIOUS_SECRET
      ? { originVerifyPreviousSecret: process.env.ORIGIN_VERIFY_PREVIOUS_SECRET }
      : {}),
    seedDemo: true,
    faultRate,
    admission,
    dynamodbNice,
    log: (message) => console.error(message),
    // The watcher gave up on a service and stopped everything (local/supervisor.ts).
    onFatal: (message) => {
      console.error(`\n${message}\nThe local stack has stopped; run \`npm start\` again.`);
      process.exit(1);
    },
  });

  console.log(`
  Telehealth is running.

    App:            ${stack.appUrl}
    Mailbox (SES):  ${stack.mailboxUrl}
    Admin sign-in:  ${stack.appUrl}/admin  username "${stack.admin.username}"  password "${stack.admin.password}"
                    (set ADMIN_USERNAME / ADMIN_PASSWORD to change)
    Test card:      4242 4242 4242 4242 pays, 4000 0000 0000 0002 declines (local Stripe ${stack.stripeUrl})
    Try the status check with application ID APP-${DEMO_APPLICATION_ID}

  Data is kept in ${path.relative(process.cwd(), defaultDataDir) || '.data'}/ (npm start -- --reset starts empty). Press Ctrl-C to stop.
`);
  if (faultRate > 0) {
    console.log(
      `  FAULT_RATE=${faultRate}: that share of DynamoDB, S3, SES and Stripe calls fails on purpose.\n`,
    );
  }

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: stopping...`);
    stack
      .stop()
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        console.error(error);
        process.exit(1);
      });
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`\nCould not start: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});

/** A duration setting of `npm start`, in whole seconds (the handlers read the same name). */
/** A positive number, decimals allowed (a wait promise of 0.2 minutes on a test stack). */
function positiveNumberSetting(name: string, fallback: number): number {
  const raw = process.env[name];
  const value = Number(raw || fallback);
  if (!Number.isFinite(value) || value <= 0) {
    throw new Error(`${name} must be a positive number, got "${raw}"`);
  }
  return value;
}

function wholeNumberSetting(name: string, fallback: number): number {
  const raw = process.env[name];
  const seconds = Number(raw ?? fallback);
  if (!Number.isInteger(seconds) || seconds <= 0) {
    throw new Error(`${name} must be a positive whole number, got "${raw}"`);
  }
  return seconds;
}
