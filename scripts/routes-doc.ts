import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { handlerModulePath, httpRoutes, webSocketRoutes } from '#routes';

/**
 * `docs/routes.md` is generated from the route manifest so it cannot drift: a unit test
 * compares the file with this output. Regenerate with `npx tsx scripts/routes-doc.ts`.
 */
export function renderRoutesDoc(): string {
  const size = (bytes: number) =>
    bytes === 0
      ? '—'
      : bytes >= 1024 * 1024
        ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
        : `${bytes / 1024} KB`;
  const rows = Object.entries(httpRoutes).map(
    ([id, route]) =>
      `| \`${route.method} ${route.path}\` | ${id} | ${route.access} | ${route.body} | ${size(route.maxBodyBytes)} | ${
        route.requireSameOrigin ? 'yes' : 'no'
      } | \`functions/src/features/${handlerModulePath(route.handler)}\` |`,
  );
  const wsRows = Object.entries(webSocketRoutes).map(
    ([key, handler]) => `| \`${key}\` | \`functions/src/features/${handlerModulePath(handler)}\` |`,
  );
  return [
    '# Routes',
    '',
    'Generated from `functions/src/routes.ts` by `npx tsx scripts/routes-doc.ts`; a unit test fails',
    'when this file and the manifest disagree. The local gateway and the CDK stack both read the',
    'manifest, so every route below exists locally and in the cloud with the same access rule.',
    '',
    'Method, path and the request and response schemas of each route are its contract: the export',
    'named by the route id in `shared/src/<domain>/contracts.ts` (e.g. `getCaseStatus` in',
    '`shared/src/cases/contracts.ts`). The manifest adds the handler, access and body rules; the',
    'handler (`httpHandler`) and the web fetchers read the same contract, and callers build URLs',
    'with `pathOf(contract, params)`, so a path is written once.',
    '',
    '- **access**: `public` needs no session; `provider` and `admin` need a live session of that',
    '  role (cookie `__Host-th_session` over TLS, `th_session` on plain http, or',
    '  `Authorization: Bearer <token>`): 401 without one, 403 for another role.',
    '- **same origin**: state-changing routes refuse with 403 what a browser sends cross-site',
    '  (`Sec-Fetch-Site` other than `same-origin`/`none`, else a foreign `Origin`); a client',
    '  sending neither header is no browser and passes (docs/adr/0005-cross-origin-rule.md).',
    '- **body cap**: larger bodies get 413; API Gateway itself refuses bodies over 10 MB.',
    '',
    '## HTTP API',
    '',
    '| Route | Id | Access | Body | Body cap | Same origin | Handler |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
    'Path parameter names are uniform per position (`{caseId}`, `{patientId}`, `{applicationId}`)',
    'where the spec writes `{id}`: API Gateway needs one name per position. `POST',
    '/api/test/payment-complete/{id}` takes the patient id: the spec sends it from the payment',
    "verification page, which knows only the patient. The admin review routes keep the spec's",
    '`{id}` (no other route shares their position) and, like the application documents route,',
    "accept the admin list item's `id` as well as the application id (docs/security.md).",
    '',
    '## WebSocket API (`/ws`)',
    '',
    '| Route | Handler |',
    '|---|---|',
    ...wsRows,
    '',
  ].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  writeFileSync(new URL('../docs/routes.md', import.meta.url), renderRoutesDoc());
  console.log('docs/routes.md written');
}
