import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * The import boundaries (eslint.boundaries.js, wired in eslint.config.js) fail on a violation.
 * Each case lints a bad file: its text, linted as if it were at a path inside the folder under
 * test (nothing is written, so no fixture can break the type check or the normal lint run), and
 * expects exactly the rules named, line by line; the good files pass. Only the boundary rules
 * run (the type-aware rules would need each file in the TypeScript project). The web features'
 * own boundaries are checked by web/src/eslint-boundaries.test.ts.
 */

const repoRoot = fileURLToPath(new URL('.', import.meta.url));

const boundaryRules = new Set([
  'import-x/no-restricted-paths',
  'no-restricted-imports',
  'no-restricted-syntax',
]);

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({
    cwd: repoRoot,
    ignore: false,
    overrideConfig: { languageOptions: { parserOptions: { project: false } } },
    ruleFilter: ({ ruleId }) => boundaryRules.has(ruleId),
  });
});

/** `line: rule` for every problem found in `lines`, linted as the file at `filePath`. */
async function problems(filePath: string, lines: string[]): Promise<string[]> {
  const [result] = await eslint.lintText(lines.join('\n'), { filePath: repoRoot + filePath });
  return result!.messages.map((message) => `${message.line}: ${message.ruleId ?? message.message}`);
}

const paths = 'import-x/no-restricted-paths';
const imports = 'no-restricted-imports';
const syntax = 'no-restricted-syntax';

// Loading the config and the TypeScript resolver takes seconds on a busy machine.
describe('repository boundaries (eslint.boundaries.js)', { timeout: 60_000 }, () => {
  describe('web/ imports only web/, shared/ and packages', () => {
    it('refuses functions/, local/ and infra/', async () => {
      const bad = [
        "export { env } from '../../../functions/src/core/env';",
        "export type { Target } from '../../../local/config';",
        "export { app } from '../../../infra/lib/app';",
      ];
      expect(await problems('web/src/lib/boundary-fixture.ts', bad)).toEqual([
        `1: ${paths}`,
        `2: ${paths}`,
        `3: ${paths}`,
      ]);
    });

    it('refuses functions/ and local/ by subpath import', async () => {
      const bad = [
        "export { env } from '#core/env';",
        "export { poll } from '#local/testing/poll';",
      ];
      expect(await problems('web/src/lib/boundary-fixture.ts', bad)).toEqual([
        `1: ${paths}`,
        `2: ${paths}`,
      ]);
    });

    it('allows web/, shared/ (by alias) and packages', async () => {
      const good = [
        "export { request } from './api';",
        "export { caseStatuses } from '@shared/cases/status';",
        "export { useQuery } from '@tanstack/react-query';",
      ];
      expect(await problems('web/src/lib/boundary-fixture.ts', good)).toEqual([]);
    });
  });

  describe('shared/ imports only shared/ and packages', () => {
    it('refuses web/ (by alias) and functions/', async () => {
      const bad = [
        "export { request } from '@web/lib/api';",
        "export { routes } from '../../../functions/src/routes';",
      ];
      expect(await problems('shared/src/cases/boundary-fixture.ts', bad)).toEqual([
        `1: ${paths}`,
        `2: ${paths}`,
      ]);
    });

    it('refuses the subpath imports of functions/ and local/ (`#db/…`)', async () => {
      // shared/package.json has no `imports`, so these name no file: a pattern refuses them.
      const bad = [
        "export { caseKey } from '#db/cases/keys';",
        "export { routes } from '#routes';",
        "export { localResources } from '#local/config';",
      ];
      expect(await problems('shared/src/cases/boundary-fixture.ts', bad)).toEqual([
        `1: ${imports}`,
        `2: ${imports}`,
        `3: ${imports}`,
      ]);
      const dynamoDb = ["import { DynamoDBClient } from '@aws-sdk/client-dynamodb';"];
      expect(await problems('shared/src/cases/boundary-fixture.ts', dynamoDb)).toEqual([
        `1: ${imports}`,
      ]);
    });

    it('allows shared/ and packages', async () => {
      const good = [
        "export { caseStatuses } from './status';",
        "export { triage } from '@shared/triage';",
        "import * as z from 'zod';",
      ];
      expect(await problems('shared/src/cases/boundary-fixture.ts', good)).toEqual([]);
    });
  });

  describe('functions/ imports nothing of local/, infra/ or web/', () => {
    it('refuses them in a module a handler loads', async () => {
      const bad = [
        "export { localResources } from '../../../../local/config';",
        "export { app } from '../../../../infra/lib/app';",
        "export { request } from '@web/lib/api';",
      ];
      expect(await problems('functions/src/features/cases/boundary-fixture.ts', bad)).toEqual([
        `1: ${paths}`,
        `2: ${paths}`,
        `3: ${paths}`,
      ]);
    });

    it('refuses local/ by subpath import in a module a handler loads, not in a test', async () => {
      const lines = ["export { localResources } from '#local/config';"];
      expect(await problems('functions/src/features/cases/boundary-fixture.ts', lines)).toEqual([
        `1: ${paths}`,
      ]);
      expect(await problems('functions/src/features/cases/fixture.test.ts', lines)).toEqual([]);
    });

    it('lets a test use local/ and events/, never infra/ or web/', async () => {
      const lines = [
        "import { localResources } from '../../../../local/config';",
        "import sample from '../../../../events/http/getApplicationStatus.json';",
        "import { app } from '../../../../infra/lib/app';",
        "import { request } from '@web/lib/api';",
      ];
      expect(await problems('functions/src/features/cases/fixture.test.ts', lines)).toEqual([
        `3: ${paths}`,
        `4: ${paths}`,
      ]);
    });
  });

  describe('the layers of functions/src: core < db < lib and the manifest < features', () => {
    it('keeps core/ at the bottom', async () => {
      const bad = [
        "export { getCaseBundle } from '../db/cases/bundle';",
        "export { createLogger } from '../lib/logger';",
        "export { loadCase } from '../features/cases/load';",
      ];
      expect(await problems('functions/src/core/boundary-fixture.ts', bad)).toEqual([
        `1: ${paths}`,
        `2: ${paths}`,
        `3: ${paths}`,
      ]);
    });

    it('lets entity modules import db/ and core/ only', async () => {
      const lines = [
        "export { env } from '../core/env';",
        "export { caseKey } from './cases/keys';",
        "export { createLogger } from '../lib/logger';",
        "export { loadCase } from '../features/cases/load';",
        "export type { HttpRoute } from '../routes';",
      ];
      expect(await problems('functions/src/db/boundary-fixture.ts', lines)).toEqual([
        `3: ${paths}`,
        `4: ${paths}`,
        `5: ${paths}`,
      ]);
    });

    it('holds for the subpath imports of package.json (`#db/…`)', async () => {
      const db = [
        "export { env } from '#core/env';",
        "export { caseKey } from '#db/cases/keys';",
        "export { createLogger } from '#lib/logger';",
        "export { loadCase } from '#features/cases/load';",
        "export type { HttpRoute } from '#routes';",
        "export { paidCaseRecord } from '#testing/cases';",
      ];
      expect(await problems('functions/src/db/boundary-fixture.ts', db)).toEqual([
        `3: ${paths}`,
        `4: ${paths}`,
        `5: ${paths}`,
        // The db/ layer's zone and the test helpers' zone.
        `6: ${paths}`,
        `6: ${paths}`,
      ]);
      const core = ["export { getCaseBundle } from '#db/cases/bundle';"];
      expect(await problems('functions/src/core/boundary-fixture.ts', core)).toEqual([
        `1: ${paths}`,
      ]);
      const lib = [
        "export { getCaseBundle } from '#db/cases/bundle';",
        "export type { HttpRoute } from '#routes';",
        "export { loadCase } from '#features/cases/load';",
        "export { storeCaseStatus } from '#db/testing';",
      ];
      expect(await problems('functions/src/lib/boundary-fixture.ts', lib)).toEqual([
        `3: ${paths}`,
        `4: ${paths}`,
      ]);
    });

    it('keeps the features out of lib/ and every module out of the manifest', async () => {
      const lib = [
        "export { getCaseBundle } from '../db/cases/bundle';",
        "export type { HttpRoute } from '../routes';",
        "export { loadCase } from '../features/cases/load';",
      ];
      expect(await problems('functions/src/lib/boundary-fixture.ts', lib)).toEqual([`3: ${paths}`]);
      expect(
        await problems('functions/src/routes.ts', ["import { env } from './core/env';"]),
      ).toEqual([`1: ${paths}`]);
    });

    it('keeps test helpers out of the modules a handler loads, not out of tests', async () => {
      const helpers = [
        "export { paidCaseRecord } from '../../testing/cases';",
        "export { storeCaseStatus } from '../../db/testing';",
        "export { mockDocumentClient } from '../../db/testing-sdk';",
      ];
      expect(await problems('functions/src/features/cases/boundary-fixture.ts', helpers)).toEqual([
        `1: ${paths}`,
        `2: ${paths}`,
        `3: ${paths}`,
      ]);
      expect(await problems('functions/src/features/cases/fixture.test.ts', helpers)).toEqual([]);
    });
  });

  describe('only functions/src/db imports the DynamoDB SDK', () => {
    it('refuses each package, a subpath, a re-export and import() elsewhere', async () => {
      const bad = [
        "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
        "import type { QueryCommandInput } from '@aws-sdk/lib-dynamodb';",
        "export { marshall } from '@aws-sdk/util-dynamodb';",
        "export * from '@aws-sdk/lib-dynamodb/dist-types/commands';",
        "export const sdk = () => import('@aws-sdk/client-dynamodb');",
        "export const util = () => import('@aws-sdk/util-dynamodb');",
      ];
      expect(await problems('functions/src/features/cases/boundary-fixture.ts', bad)).toEqual([
        `1: ${imports}`,
        `2: ${imports}`,
        `3: ${imports}`,
        `4: ${imports}`,
        `5: ${syntax}`,
        `6: ${syntax}`,
      ]);
    });

    it('holds in tests outside db/, which take the SDK from db/testing-sdk.ts', async () => {
      const lines = [
        "import { mockDocumentClient, QueryCommand } from '../../db/testing-sdk';",
        "import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';",
      ];
      expect(await problems('functions/src/features/cases/fixture.test.ts', lines)).toEqual([
        `2: ${imports}`,
      ]);
    });

    it('holds in local/ and scripts/ but for the two files that need the SDK itself', async () => {
      const sdk = ["import { DynamoDBClient } from '@aws-sdk/client-dynamodb';"];
      expect(await problems('local/boundary-fixture.ts', sdk)).toEqual([`1: ${imports}`]);
      expect(await problems('scripts/boundary-fixture.ts', sdk)).toEqual([`1: ${imports}`]);
      expect(await problems('local/dynamodb.ts', sdk)).toEqual([]);
      expect(await problems('scripts/bench/raw-dynamodb.ts', sdk)).toEqual([]);
    });

    it('allows the SDK in db/, and keeps refusing `import { z }` where the rule applies', async () => {
      const db = [
        "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';",
        "export const sdk = () => import('@aws-sdk/lib-dynamodb');",
      ];
      expect(await problems('functions/src/db/boundary-fixture.ts', db)).toEqual([]);
      const zod = ["import { z } from 'zod';"];
      expect(await problems('functions/src/features/cases/boundary-fixture.ts', zod)).toEqual([
        `1: ${syntax}`,
      ]);
    });
  });
});
