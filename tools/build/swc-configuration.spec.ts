import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * One compilation for every place TypeScript turns into JavaScript: the build (`.swcrc`), Jest (`jest.preset.js`,
 * from `.swcrc`) and `node -r ./tools/register.js` (@swc-node/register, from tsconfig.json). Nest needs legacy
 * decorators with `design:*` metadata in all three, and the `@delivery/*` aliases must resolve the same way.
 */
const root = path.resolve(__dirname, '../..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8'));

describe('.swcrc', () => {
  const swcrc = readJson('.swcrc');

  it("rewrites exactly tsconfig.base.json's @delivery/* aliases", () => {
    expect(swcrc.jsc.paths).toEqual(readJson('tsconfig.base.json').compilerOptions.paths);
  });

  it('emits legacy decorators with their metadata and class fields as assignments, as tsconfig.base.json says', () => {
    expect(swcrc.jsc.transform).toEqual({
      legacyDecorator: true,
      decoratorMetadata: true,
      useDefineForClassFields: false,
    });
    const { compilerOptions } = readJson('tsconfig.base.json');
    expect([
      compilerOptions.experimentalDecorators,
      compilerOptions.emitDecoratorMetadata,
      compilerOptions.useDefineForClassFields,
    ]).toEqual([true, true, false]);
  });

  it('leaves tests and their helpers out of the build', () => {
    const excluded = (file: string) =>
      swcrc.exclude.some((pattern: string) => new RegExp(pattern).test(file));
    expect(
      [
        'libs/auth/src/access.guard.spec.ts',
        'libs/persistence/src/x.int-spec.ts',
        'apps/capacity-service/src/openapi.e2e-spec.ts',
        'libs/persistence/src/testing/test-database.ts',
        'libs/capacity-domain/src/fixtures/a.ts',
        'libs/auth/src/access.guard.ts',
      ].filter(excluded),
    ).toEqual([
      'libs/auth/src/access.guard.spec.ts',
      'libs/persistence/src/x.int-spec.ts',
      'apps/capacity-service/src/openapi.e2e-spec.ts',
      'libs/persistence/src/testing/test-database.ts',
      'libs/capacity-domain/src/fixtures/a.ts',
    ]);
  });
});

describe('node -r ./tools/register.js', () => {
  it('runs TypeScript from any directory with decorator metadata and the @delivery/* aliases', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'delivery-register-'));
    try {
      const file = path.join(dir, 'decorated.ts');
      fs.writeFileSync(
        file,
        [
          "import 'reflect-metadata';",
          "import { PermanentMessageError } from '@delivery/messaging';",
          'const Injectable = (): ClassDecorator => () => undefined;',
          'class Clock { now = 1; }',
          '@Injectable()',
          'class Service { constructor(readonly clock: Clock, readonly label: string) {} }',
          "const types = Reflect.getMetadata('design:paramtypes', Service) as { name: string }[];",
          'console.log(JSON.stringify([types.map((t) => t.name), typeof PermanentMessageError]));',
        ].join('\n'),
      );
      const out = execFileSync(process.execPath, ['-r', path.join(root, 'tools/register.js'), file], {
        cwd: dir,
        encoding: 'utf8',
        env: { PATH: process.env.PATH ?? '', NODE_PATH: path.join(root, 'node_modules') },
      });
      expect(JSON.parse(out)).toEqual([['Clock', 'String'], 'function']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
