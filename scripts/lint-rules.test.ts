import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { BOUNDARY_MESSAGES } from '../eslint.config.js';

// Each rule of `npm run lint` lints a planted violation through the repository's own eslint.config.js, at a path where
// the rule applies, and is expected to name it; where a rule draws a line, the allowed side is planted too.
const root = path.resolve(import.meta.dirname, '..');

/** The repository's config; boundary cases skip typed linting, which would build the server's whole program. */
const plain = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked as Linter.Config });
/** The repository's config as it is, for the type-aware rules. */
const typed = new ESLint({ cwd: root });

async function findings(eslint: ESLint, file: string, code: string, ruleId: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  const fatal = result!.messages.filter((message) => message.fatal);
  expect(fatal, 'the planted source parses').toEqual([]);
  return result!.messages.filter((message) => message.ruleId === ruleId).map((message) => message.message);
}

/** A root file: in the project service's default project (allowDefaultProject), so no workspace program is built. */
const PLANTED_TYPED = 'planted-lint-case.ts';

const imports = (file: string, from: string) => findings(plain, file, `import { x } from '${from}';\nexport const y = x;\n`, 'no-restricted-imports');

describe('type-aware rules', () => {
  it('no-floating-promises: a promise nobody awaits, returns or marks with void', async () => {
    const code = `export async function save(): Promise<void> {}\nexport function run(): void {\n  save();\n}\n`;
    expect(await findings(typed, PLANTED_TYPED, code, '@typescript-eslint/no-floating-promises')).toEqual([
      expect.stringContaining('Promises must be awaited'),
    ]);
    const marked = code.replace('  save();', '  // Fire and forget: nothing waits for the save.\n  void save();');
    expect(await findings(typed, PLANTED_TYPED, marked, '@typescript-eslint/no-floating-promises')).toEqual([]);
  });

  it('no-misused-promises: a promise where a boolean or a void callback is expected', async () => {
    const code = `const ready = Promise.resolve(true);\nexport const gate = (): number => (ready ? 1 : 0);\nexport const each = (xs: number[]) => xs.forEach(async (x) => x);\n`;
    expect(await findings(typed, PLANTED_TYPED, code, '@typescript-eslint/no-misused-promises')).toEqual([
      expect.stringContaining('Expected non-Promise value in a boolean conditional'),
      expect.stringContaining('Promise returned in function argument where a void return was expected'),
    ]);
  });

  it('await-thenable: awaiting a value that is not a promise', async () => {
    const code = `export async function read(value: number): Promise<number> {\n  return await value;\n}\n`;
    expect(await findings(typed, PLANTED_TYPED, code, '@typescript-eslint/await-thenable')).toEqual([
      expect.stringContaining('Unexpected `await` of a non-Promise'),
    ]);
  });

  it('return-await: a promise returned from inside try is awaited there, before finally runs', async () => {
    const code = `declare function list(): Promise<number>;\ndeclare function stop(): Promise<void>;\nexport async function seed(): Promise<number> {\n  try {\n    return list();\n  } finally {\n    await stop();\n  }\n}\n`;
    expect(await findings(typed, PLANTED_TYPED, code, '@typescript-eslint/return-await')).toEqual([
      expect.stringContaining('Returning an awaited promise is required'),
    ]);
    expect(await findings(typed, PLANTED_TYPED, code.replace('return list();', 'return await list();'), '@typescript-eslint/return-await')).toEqual([]);
  });
});

describe('server boundaries', () => {
  it('only repositories import drizzle-orm or the table definitions', async () => {
    expect(await imports('apps/server/src/modules/estimator/estimator.service.ts', 'drizzle-orm')).toEqual([expect.stringContaining(BOUNDARY_MESSAGES.sql)]);
    expect(await imports('apps/server/src/modules/payments/payment-clock.ts', '../../db/schema/index.ts')).toEqual([
      expect.stringContaining(BOUNDARY_MESSAGES.sql),
    ]);
    expect(await imports('apps/server/src/core/storage.ts', '../db/schema/index.ts')).toEqual([expect.stringContaining(BOUNDARY_MESSAGES.sql)]);
    expect(await imports('apps/server/src/modules/estimator/estimator.repository.ts', 'drizzle-orm')).toEqual([]);
    expect(await imports('apps/server/src/core/storage.repository.ts', '../db/schema/index.ts')).toEqual([]);
    expect(await imports('apps/server/src/modules/estimator/estimator.test.ts', 'drizzle-orm')).toEqual([]);
  });

  it('a module reaches another through its service, never its repository', async () => {
    expect(await imports('apps/server/src/modules/site/site.routes.ts', '../mail/mail.repository.ts')).toEqual([
      expect.stringContaining(BOUNDARY_MESSAGES.repository),
    ]);
    expect(await imports('apps/server/src/modules/estimator/estimator.repository.ts', '../scoring/scoring.repository.ts')).toEqual([
      expect.stringContaining(BOUNDARY_MESSAGES.repository),
    ]);
    expect(await imports('apps/server/src/modules/site/site.routes.ts', '../mail/mail.service.ts')).toEqual([]);
    expect(await imports('apps/server/src/modules/site/site.routes.ts', './site.repository.ts')).toEqual([]);
  });
});

describe('web feature zones', () => {
  it('a feature imports neither another feature nor the app, at any depth', async () => {
    const other = [expect.stringContaining(BOUNDARY_MESSAGES.feature)];
    expect(await imports('apps/web/src/features/teams/planted.ts', '../pairs/api/pair.ts')).toEqual(other);
    expect(await imports('apps/web/src/features/teams/components/planted.tsx', '../../pairs/api/pair.ts')).toEqual(other);
    expect(await imports('apps/web/src/features/teams/components/planted.tsx', '../../../features/pairs/api/pair.ts')).toEqual(other);
    expect(await imports('apps/web/src/features/admin/components/data-table/planted.tsx', '../../../teams/api/scenes.ts')).toEqual(other);
    expect(await imports('apps/web/src/features/teams/components/planted.tsx', '../../../app/routes.ts')).toEqual(other);
  });

  it('a feature imports its own files and shared/', async () => {
    expect(await imports('apps/web/src/features/teams/planted.ts', '../../shared/ui/notify.ts')).toEqual([]);
    expect(await imports('apps/web/src/features/teams/components/planted.tsx', '../api/scene-run.ts')).toEqual([]);
    expect(await imports('apps/web/src/features/teams/components/planted.tsx', '../../../shared/ui/notify.ts')).toEqual([]);
    expect(await imports('apps/web/src/features/admin/components/data-table/planted.tsx', '../../api/admin.ts')).toEqual([]);
    expect(await imports('apps/web/src/features/admin/components/data-table/planted.tsx', '../../../../shared/ui/notify.ts')).toEqual([]);
  });

  it('shared/ imports no feature', async () => {
    expect(await imports('apps/web/src/shared/ui/planted.ts', '../../features/teams/api/scene-run.ts')).toHaveLength(1);
  });
});

describe('the engine and the contracts stay apart', () => {
  it('the engine imports nothing of ours and no I/O', async () => {
    const pure = [expect.stringContaining(BOUNDARY_MESSAGES.engine)];
    expect(await imports('packages/engine/src/planted.ts', '@teamcast/contracts')).toEqual(pure);
    expect(await imports('packages/engine/src/planted.ts', '../../../apps/server/src/app.ts')).toEqual(pure);
    expect(await imports('packages/engine/src/planted.ts', 'node:fs')).toEqual(pure);
    expect(await imports('packages/engine/src/planted.ts', './prng.ts')).toEqual([]);
  });

  it('the contracts import neither the engine nor an app', async () => {
    expect(await imports('packages/contracts/src/planted.ts', '@teamcast/engine')).toHaveLength(1);
    expect(await imports('packages/contracts/src/planted.ts', '../../engine/src/index.ts')).toHaveLength(1);
    expect(await imports('packages/contracts/src/planted.ts', './errors.ts')).toEqual([]);
  });
});

describe('dead code (knip)', () => {
  it('names a planted unused export, unused file and unlisted dependency, and not an export its own file uses', async () => {
    // A tiny workspace run with the repository's own top-level knip options (knip.jsonc, without its workspaces).
    const options = JSON.parse(
      fs
        .readFileSync(path.join(root, 'knip.jsonc'), 'utf8')
        .split('\n')
        .filter((line) => !line.trim().startsWith('//'))
        .join('\n'),
    ) as Record<string, unknown>;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'teamcast-knip-'));
    try {
      const write = (file: string, text: string) => fs.writeFileSync(path.join(dir, file), text);
      fs.mkdirSync(path.join(dir, 'src'));
      write('package.json', JSON.stringify({ name: 'planted', private: true, type: 'module', main: 'src/index.ts' }));
      write('knip.json', JSON.stringify({ ignoreExportsUsedInFile: options.ignoreExportsUsedInFile, entry: ['src/index.ts'], project: ['src/**/*.ts'] }));
      write('src/index.ts', `import { used } from './helpers.ts';\nconsole.log(used());\n`);
      write(
        'src/helpers.ts',
        `import pad from 'left-pad';\nexport const used = () => pad(sibling(), 2);\nexport const sibling = () => 'x';\nexport const plantedDead = () => 'y';\n`,
      );
      write('src/orphan.ts', `export const nobody = 1;\n`);
      const knip = path.join(root, 'node_modules', '.bin', 'knip');
      const run = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
        execFile(knip, ['--directory', dir, '--reporter', 'json', '--no-progress'], (error, stdout) =>
          resolve({ code: error ? (error.code as number) : 0, stdout }),
        );
      });
      expect(run.code, 'knip fails on the planted dead code').toBe(1);
      type Named = { name: string }[];
      const report = JSON.parse(run.stdout) as { issues: { file: string; exports: Named; files: Named; unlisted: Named }[] };
      const byFile = Object.fromEntries(report.issues.map((issue) => [issue.file, issue]));
      expect(byFile['src/helpers.ts']?.exports.map((item) => item.name)).toEqual(['plantedDead']);
      expect(byFile['src/helpers.ts']?.unlisted.map((item) => item.name)).toEqual(['left-pad']);
      expect(report.issues.flatMap((issue) => issue.files.map((item) => item.name))).toEqual(['src/orphan.ts']);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('the formatter (Prettier)', () => {
  it('finds a file written otherwise than the repository formats it, and passes the same code formatted', async () => {
    const prettier = await import('prettier');
    const file = path.join(root, 'apps/server/src/modules/planted/planted.service.ts');
    const options = { ...(await prettier.resolveConfig(file)), filepath: file };
    const planted = `export const   answer = ( x : number ) => { return x*2 }\n`;
    expect(await prettier.check(planted, options)).toBe(false);
    expect(await prettier.check(await prettier.format(planted, options), options)).toBe(true);
    // The repository's rules, as .prettierrc.json states them: single quotes, semicolons, 160 columns.
    expect(await prettier.format(`const s = "text"\n`, options)).toBe(`const s = 'text';\n`);
    expect(
      await prettier.getFileInfo(path.join(root, 'apps/server/src/db/migrations/planted.sql'), { ignorePath: path.join(root, '.prettierignore') }),
    ).toMatchObject({ ignored: true });
  });
});
