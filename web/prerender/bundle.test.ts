import path from 'node:path';
import { build, type Rolldown } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';

type Chunk = Rolldown.OutputChunk;

/** Packages that must not be part of the landing's first load (issue 12). */
const notOnTheLanding = {
  'the query provider (TanStack Query)': /node_modules\/@tanstack\//,
  'tailwind-merge': /node_modules\/tailwind-merge\//,
  'the Radix toast': /node_modules\/@radix-ui\/react-toast\//,
};

/**
 * What a page loads only after an interaction (a focus, a login, a submit), so that its first
 * load stays within issue 12's 150 kB: by page module, the modules its first load (with the
 * query layout) must not carry. Each is the facade of a chunk of its own, loaded by `import()`.
 */
const afterInteraction: Record<string, { lazy: string[]; packages?: RegExp }> = {
  'features/patient-intake/pages/PatientTelehealthPage.tsx': {
    lazy: [
      'features/patient-intake/lib/intake-requests.ts',
      'features/patient-intake/components/PaymentRedirectPanel.tsx',
      'lib/uploads/upload-case-file.ts',
    ],
    // The shared schemas come with the submit's modules, not with the form.
    packages: /node_modules\/zod\//,
  },
  'features/patient-intake/pages/PatientPage.tsx': {
    lazy: [
      'features/patient-intake/lib/intake-requests.ts',
      'features/patient-intake/components/PaymentRedirectPanel.tsx',
      'lib/uploads/upload-case-file.ts',
    ],
    packages: /node_modules\/zod\//,
  },
  'features/admin/pages/AdminPage.tsx': { lazy: ['features/admin/components/AdminPanel.tsx'] },
  'features/provider-dashboard/pages/ProviderDashboardPage.tsx': {
    lazy: [
      'features/provider-dashboard/components/ProviderDashboard.tsx',
      'features/provider-dashboard/components/ChangePasswordForm.tsx',
    ],
  },
  'features/doctor-applications/pages/ApplyPage.tsx': {
    lazy: [
      'features/doctor-applications/components/ApplicationSubmitted.tsx',
      'features/doctor-applications/components/AccountExistsDialog.tsx',
    ],
  },
};

let chunks: Chunk[];

beforeAll(async () => {
  // Vite builds for production only when NODE_ENV says so, and Vitest sets it to `test`
  // (whose build keeps development-only code such as cn's conflict check).
  const nodeEnv = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  const result = await build({
    configFile: path.resolve('web/vite.config.ts'),
    logLevel: 'silent',
    build: { write: false },
  }).finally(() => {
    process.env.NODE_ENV = nodeEnv;
  });
  const output = (Array.isArray(result) ? result[0] : result) as Rolldown.RolldownOutput;
  chunks = output.output.filter((item): item is Chunk => item.type === 'chunk');
}, 180_000);

/** The modules of a chunk and of every chunk it imports statically. */
function firstLoadModules(start: Chunk): string[] {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const seen = new Set<Chunk>();
  const visit = (chunk: Chunk) => {
    if (seen.has(chunk)) return;
    seen.add(chunk);
    for (const file of chunk.imports) visit(byFile.get(file)!);
  };
  visit(start);
  return [...seen].flatMap((chunk) => Object.keys(chunk.modules));
}

const chunkOf = (moduleSuffix: string) =>
  chunks.find((chunk) => chunk.facadeModuleId?.endsWith(moduleSuffix))!;

describe('the built web app', () => {
  it("keeps the query provider, tailwind-merge and the toast out of the landing's first load", () => {
    const entry = chunks.find((chunk) => chunk.isEntry)!;
    const landing = chunkOf('features/landing/pages/LandingPage.tsx');
    const modules = [...firstLoadModules(entry), ...firstLoadModules(landing)];
    expect(modules.some((id) => id.includes('node_modules/react-dom/'))).toBe(true);
    for (const [name, pattern] of Object.entries(notOnTheLanding)) {
      expect(
        modules.filter((id) => pattern.test(id)),
        name,
      ).toEqual([]);
    }
  });

  it('loads the query provider with the pages that fetch, and the toast on its own', () => {
    const withQueries = firstLoadModules(chunkOf('app/QueryLayout.tsx'));
    expect(
      withQueries.some((id) => notOnTheLanding['the query provider (TanStack Query)'].test(id)),
    ).toBe(true);
    const toaster = firstLoadModules(chunkOf('components/ui/toaster.tsx'));
    expect(toaster.some((id) => notOnTheLanding['the Radix toast'].test(id))).toBe(true);
  });

  it('carries no tailwind-merge at all (cn only checks for conflicts in tests)', () => {
    const all = chunks.flatMap((chunk) => Object.keys(chunk.modules));
    expect(all.filter((id) => notOnTheLanding['tailwind-merge'].test(id))).toEqual([]);
  });

  it('loads the HEIC decoder (about 3 MB) only when a HEIC/HEIF photo is opened', () => {
    const decoder = /node_modules\/heic-to\//;
    const own = chunks.filter((chunk) => decoder.test(chunk.facadeModuleId ?? ''));
    expect(own, 'the decoder is a chunk of its own').toHaveLength(1);
    for (const chunk of chunks.filter((item) => !own.includes(item))) {
      expect(
        firstLoadModules(chunk).filter((id) => decoder.test(id)),
        chunk.fileName,
      ).toEqual([]);
    }
  });

  it.each(Object.entries(afterInteraction))(
    '%s loads what follows an interaction lazily',
    (page, { lazy, packages }) => {
      const modules = [
        ...firstLoadModules(chunks.find((chunk) => chunk.isEntry)!),
        ...firstLoadModules(chunkOf('app/QueryLayout.tsx')),
        ...firstLoadModules(chunkOf(page)),
      ];
      for (const module of lazy) {
        expect(chunkOf(module), `${module} is a chunk of its own`).toBeDefined();
        expect(
          modules.filter((id) => id.endsWith(`/src/${module}`)),
          module,
        ).toEqual([]);
      }
      if (packages) expect(modules.filter((id) => packages.test(id))).toEqual([]);
    },
  );
});
