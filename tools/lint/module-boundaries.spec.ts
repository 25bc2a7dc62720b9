import { execFileSync } from 'node:child_process';
import path from 'node:path';

/**
 * The module boundaries of docs/architecture.md are enforced by lint; these cases prove that a forbidden
 * import is reported (a rule that allows everything would pass silently).
 */
const root = path.resolve(__dirname, '../..');

const TYPE_AWARE_RULES = [
  '@typescript-eslint/no-floating-promises',
  '@typescript-eslint/no-misused-promises',
  '@typescript-eslint/await-thenable',
  '@typescript-eslint/return-await',
];

/** Lints `code` as if it were `file`, in a child process (ESLint loads its config with a dynamic import). */
async function messagesFor(file: string, code: string, typed = false): Promise<string[]> {
  let out: string;
  try {
    out = execFileSync(
      process.execPath,
      [
        path.join(root, 'node_modules/eslint/bin/eslint.js'),
        '--stdin',
        '--stdin-filename',
        path.join(root, file),
        '--format',
        'json',
        // a probe that exists only on stdin has no program for the type-aware rules: they are off for it
        ...(typed
          ? []
          : [
              '--parser-options',
              'projectService:false',
              '--rule',
              JSON.stringify(Object.fromEntries(TYPE_AWARE_RULES.map((rule) => [rule, 'off']))),
            ]),
      ],
      { cwd: root, input: code, encoding: 'utf8', env: { ...process.env, NX_DAEMON: 'false' } },
    );
  } catch (error) {
    out = (error as { stdout: string }).stdout; // exit code 1 when there are errors
  }
  const [result] = JSON.parse(out) as { messages: { ruleId: string; message: string }[] }[];
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('module boundaries', () => {
  beforeAll(() => {
    // the boundary rule reads Nx's cached project graph; make sure it exists in a fresh clone
    execFileSync(process.execPath, [path.join(root, 'node_modules/.bin/nx'), 'show', 'projects'], {
      cwd: root,
      env: { ...process.env, NX_DAEMON: 'false' },
      stdio: 'ignore',
    });
  }, 60000);

  it('reports the domain importing NestJS, TypeORM or another lib of ours', async () => {
    const messages = await messagesFor(
      'libs/capacity-domain/src/boundary-probe.ts',
      "import { Injectable } from '@nestjs/common';\nimport { DataSource } from 'typeorm';\nimport { x } from '@delivery/platform';\nexport const probe = [Injectable, DataSource, x];\n",
    );
    expect(messages).toEqual(
      expect.arrayContaining([
        '@nx/enforce-module-boundaries: A project tagged with "type:domain" is not allowed to import "@nestjs/common"',
        '@nx/enforce-module-boundaries: A project tagged with "type:domain" is not allowed to import "typeorm"',
        '@nx/enforce-module-boundaries: A project tagged with "type:domain" can only depend on libs tagged with "type:contracts"',
        expect.stringMatching(/^no-restricted-imports: '@nestjs\/common' .*capacity-domain is pure/),
        expect.stringMatching(
          /^no-restricted-imports: '@delivery\/platform' .*capacity-domain depends on nothing of ours/,
        ),
      ]),
    );
    expect(messages).toHaveLength(6);
  });

  it("reports the products domain importing anything of ours but the product messages' types", async () => {
    const messages = await messagesFor(
      'libs/products-domain/src/boundary-probe.ts',
      "import type { Product } from '@delivery/contracts/messages';\nimport { ErrorResponse } from '@delivery/contracts';\nimport { Database } from '@delivery/persistence';\nimport { Injectable } from '@nestjs/common';\nexport type Probe = [Product, ErrorResponse, Database, Injectable];\n",
    );
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^no-restricted-imports: '@delivery\/contracts' .*product messages' types/),
        expect.stringMatching(/^no-restricted-imports: '@delivery\/persistence' .*product messages' types/),
        expect.stringMatching(/^no-restricted-imports: '@nestjs\/common' .*products-domain is pure/),
        '@nx/enforce-module-boundaries: A project tagged with "type:domain" can only depend on libs tagged with "type:contracts"',
        '@nx/enforce-module-boundaries: A project tagged with "type:domain" is not allowed to import "@nestjs/common"',
      ]),
    );
    expect(messages.filter((m) => m.includes("'@delivery/contracts/messages'"))).toEqual([]);
  });

  it("reports the operator commands importing a context's code beyond its queues' names", async () => {
    const messages = await messagesFor(
      'apps/operations/src/boundary-probe.ts',
      "import { PRODUCT_TOPOLOGY_DEFAULTS } from '@delivery/products-data-access/topology';\nimport { OUTCOME_TOPOLOGY_DEFAULTS } from '@delivery/capacity-data-access/topology';\nimport { ProductRepository } from '@delivery/products-data-access';\nimport { OutcomeEventRepository } from '@delivery/capacity-data-access';\nimport type { UploadRecord } from '@delivery/products-domain';\nimport { x } from '@delivery/capacity-domain';\nexport const probe = [PRODUCT_TOPOLOGY_DEFAULTS, OUTCOME_TOPOLOGY_DEFAULTS, ProductRepository, OutcomeEventRepository, x];\nexport type Probe = UploadRecord;\n",
    );
    expect(messages).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^no-restricted-imports: '@delivery\/products-data-access' .*queues' names/),
        expect.stringMatching(/^no-restricted-imports: '@delivery\/products-domain' .*queues' names/),
        expect.stringMatching(/^no-restricted-imports: '@delivery\/capacity-data-access' .*queues' names/),
        expect.stringMatching(/^no-restricted-imports: '@delivery\/capacity-domain' .*queues' names/),
      ]),
    );
    expect(messages.filter((m) => m.includes("/topology' import"))).toEqual([]);
    expect(messages).toHaveLength(4);
  });

  it('reports an app importing another app', async () => {
    const messages = await messagesFor(
      'apps/capacity-service/src/boundary-probe.ts',
      "import { x } from '../../product-upload-service/src/main';\nexport const probe = x;\n",
    );
    expect(messages.some((m) => m.startsWith('@nx/enforce-module-boundaries:'))).toBe(true);
  });

  it('reports contracts importing a util library (platform: a cycle, as platform reads the contracts), and the products scope importing the capacity domain', async () => {
    const contracts = await messagesFor(
      'libs/contracts/src/boundary-probe.ts',
      "import { x } from '@delivery/api-client';\nexport const probe = x;\n",
    );
    expect(contracts).toEqual([
      '@nx/enforce-module-boundaries: A project tagged with "type:contracts" cannot depend on any libs with tags',
    ]);
    const platform = await messagesFor(
      'libs/contracts/src/boundary-probe.ts',
      "import { x } from '@delivery/platform';\nexport const probe = x;\n",
    );
    expect(platform).toEqual([
      expect.stringMatching(
        /^@nx\/enforce-module-boundaries: Circular dependency between "contracts" and "platform" detected/,
      ),
    ]);
    const products = await messagesFor(
      'apps/product-upload-service/src/boundary-probe.ts',
      "import { x } from '@delivery/capacity-domain';\nexport const probe = x;\n",
    );
    expect(products).toEqual([
      expect.stringMatching(
        /^@nx\/enforce-module-boundaries: A project tagged with "scope:products" can only depend on libs tagged with/,
      ),
    ]);
  });

  it('reports a shared lib importing a lib of a context', async () => {
    const messages = await messagesFor(
      'libs/persistence/src/boundary-probe.ts',
      "import { x } from '@delivery/capacity-domain';\nexport const probe = x;\n",
    );
    expect(messages).toEqual([
      expect.stringMatching(
        /^@nx\/enforce-module-boundaries: A project tagged with "scope:shared" can only depend on libs tagged with "scope:shared"/,
      ),
    ]);
  });

  it('reports the data access of one context importing that of the other', async () => {
    const messages = await messagesFor(
      'libs/products-data-access/src/boundary-probe.ts',
      "import { x } from '@delivery/capacity-data-access';\nexport const probe = x;\n",
    );
    expect(messages).toEqual([
      expect.stringMatching(
        /^@nx\/enforce-module-boundaries: A project tagged with "scope:products" can only depend on libs tagged with/,
      ),
    ]);
  });

  it('reports data access importing a response class of the contracts, not a message type', async () => {
    const messages = await messagesFor(
      'libs/products-data-access/src/boundary-probe.ts',
      "import { UploadStatusResponse, type Product } from '@delivery/contracts';\nexport const probe: [unknown, Product?] = [UploadStatusResponse];\n",
    );
    expect(messages).toEqual([
      expect.stringMatching(
        /^no-restricted-imports: 'UploadStatusResponse' import from '@delivery\/contracts' is restricted\. Data access returns records/,
      ),
    ]);
  });

  it('reports TypeORM imported anywhere but where the migrations run', async () => {
    const code = "import { DataSource } from 'typeorm';\nexport const probe = DataSource;\n";
    const typeormOnly = expect.stringMatching(
      /^no-restricted-imports: 'typeorm' import is restricted.*TypeORM only runs the migrations/,
    );
    expect(await messagesFor('apps/capacity-service/src/boundary-probe.ts', code)).toEqual([typeormOnly]);
    expect(await messagesFor('libs/capacity-data-access/src/boundary-probe.ts', code)).toEqual([typeormOnly]);
    expect(await messagesFor('libs/persistence/src/boundary-probe.ts', code)).toEqual([typeormOnly]);
    expect(await messagesFor('libs/migrations/src/migrations/boundary-probe.ts', code)).toEqual([]);
  });

  it('lets tools, and only tools, import an app through its alias', async () => {
    const code =
      "import { standaloneConfiguration } from '@delivery/capacity-service';\nexport const probe = standaloneConfiguration;\n";
    expect(await messagesFor('tools/dev/boundary-probe.ts', code)).toEqual([]);
    expect(await messagesFor('libs/capacity-data-access/src/boundary-probe.ts', code)).toEqual([
      expect.stringMatching(
        /^no-restricted-imports: '@delivery\/capacity-service' .*Only tools import an app/,
      ),
    ]);
  });

  it('accepts an app importing a lib through its alias', async () => {
    const messages = await messagesFor(
      'apps/capacity-service/src/boundary-probe.ts',
      "import { x } from '@delivery/capacity-domain';\nexport const probe = x;\n",
    );
    expect(messages).toEqual([]);
  });

  it("reports a feature importing another feature's files, not what its folder exports", async () => {
    const internal = await messagesFor(
      'apps/capacity-service/src/reservations/boundary-probe.ts',
      "import { CapacityCalculator } from '../delivery-capacity/capacity-calculator';\nexport const probe = CapacityCalculator;\n",
    );
    expect(internal).toEqual([
      expect.stringMatching(
        /^no-restricted-imports: '\.\.\/delivery-capacity\/capacity-calculator' import is restricted .*Another feature only through its folder's index\.ts/,
      ),
    ]);
    const exported = await messagesFor(
      'apps/capacity-service/src/reservations/boundary-probe.ts',
      "import { CapacityCalculator } from '../delivery-capacity';\nimport { CLOCK } from '../snapshot';\nexport const probe = [CapacityCalculator, CLOCK];\n",
    );
    expect(exported).toEqual([]);
  });

  it('reports a use case importing the persistence kernel or a data-access library', async () => {
    const useCase = await messagesFor(
      'apps/product-ingest-worker/src/ingest/boundary-probe.use-case.ts',
      "import { eventLoopPacer } from '@delivery/persistence';\nimport { ProductUpsertRepository } from '@delivery/products-data-access';\nexport const probe = [eventLoopPacer, ProductUpsertRepository];\n",
    );
    const noAdapter = /import is restricted .*A use case imports no adapter library/;
    expect(useCase).toEqual([
      expect.stringMatching(
        new RegExp(`^no-restricted-imports: '@delivery/persistence' ${noAdapter.source}`),
      ),
      expect.stringMatching(
        new RegExp(`^no-restricted-imports: '@delivery/products-data-access' ${noAdapter.source}`),
      ),
    ]);
    const capacityUseCase = await messagesFor(
      'apps/capacity-service/src/configuration/boundary-probe.use-case.ts',
      "import { ConfigurationRepository } from '@delivery/capacity-data-access';\nexport const probe = ConfigurationRepository;\n",
    );
    expect(capacityUseCase).toEqual([
      expect.stringMatching(
        new RegExp(`^no-restricted-imports: '@delivery/capacity-data-access' ${noAdapter.source}`),
      ),
    ]);
    // the module that binds the adapter may import it
    const module = await messagesFor(
      'apps/capacity-service/src/configuration/boundary-probe.module.ts',
      "import { ConfigurationRepository } from '@delivery/capacity-data-access';\nexport const probe = ConfigurationRepository;\n",
    );
    expect(module).toEqual([]);
  });

  it('reports a promise nobody awaits, one passed where a callback is expected, an await of a value and an uncaught return (type-aware rules)', async () => {
    // the text of an existing file of the project (so it has a program), replaced by the probe
    const messages = await messagesFor(
      'libs/platform/src/index.ts',
      [
        'declare function save(): Promise<void>;',
        'export function floating(): void {',
        '  save();',
        '  void save(); // deliberate: says so',
        '}',
        'export const misused = (list: number[]) => list.forEach(async () => save());',
        'export async function thenable(): Promise<number> {',
        '  const one = await 1;',
        '  return one;',
        '}',
        'export async function uncaught(): Promise<void> {',
        '  try {',
        '    return save();',
        '  } catch {',
        '    return undefined;',
        '  }',
        '}',
        '',
      ].join('\n'),
      true,
    );
    expect(messages.map((m) => m.split(':')[0]).sort()).toEqual([
      '@typescript-eslint/await-thenable',
      '@typescript-eslint/no-floating-promises',
      '@typescript-eslint/no-misused-promises',
      '@typescript-eslint/return-await',
    ]);
  });
});
