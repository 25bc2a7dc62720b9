import fs from 'node:fs';
import path from 'node:path';

/**
 * Every migration is safe while the previous release still serves (docs/operations.md, "Rolling upgrades"): what its
 * `up` removes, renames or tightens is a contract step, allowed only where reviewed and listed here with what keeps
 * the previous release right. A new migration that drops, renames, narrows a type or adds a NOT NULL column without
 * a default fails this test until it is reviewed the same way.
 */
const REVIEWED: Record<string, string[]> = {
  // the triggers that counted the day rows: what the previous release leaves uncounted is recounted by the service
  // (DeliveryAccuracyDaysUncounted1795410000000)
  '1795370000000-delivery-accuracy-counted-by-writers.ts': ['DROP FUNCTION', 'DROP TRIGGER'],
  // the slipped-step check replaced by a wider one: the previous release's writes still pass
  '1795380000000-delivery-promise-windows.ts': ['DROP CONSTRAINT'],
  // the trigger that wrote a confirmed reservation's promises, and `capacity_move` (created again from its
  // definition, same argument): what the previous release confirms, moves or releases without promises is marked
  // (`capacity_reservations_unpromised`) and its promises written by the service's reservation sweep
  '1795395000000-delivery-promises-by-port.ts': ['DROP FUNCTION', 'DROP TRIGGER'],
};

const CONTRACTING = [
  /\bDROP\s+(TABLE|COLUMN|FUNCTION|TRIGGER|CONSTRAINT|INDEX|TYPE|VIEW)\b/gi,
  /\bRENAME\b/gi,
  /\bSET\s+NOT\s+NULL\b/gi,
  /\bALTER\s+COLUMN\s+\w+\s+(SET\s+DATA\s+)?TYPE\b/gi,
  /\bADD\s+COLUMN\s+\w+\s+[\w ()[\]]+?\s+NOT\s+NULL\b(?!\s+DEFAULT)/gi,
];

/** The contract steps of a migration's `up`, by their first two words. */
function stepsOf(up: string): string[] {
  const found = CONTRACTING.flatMap((pattern) =>
    [...up.matchAll(pattern)].map((match) => match[0].replace(/\s+/g, ' ').toUpperCase()),
  );
  return [...new Set(found.map((step) => step.split(' ').slice(0, 2).join(' ')))].sort();
}

function contractingSteps(file: string): string[] {
  const source = fs.readFileSync(path.join(__dirname, file), 'utf8');
  return stepsOf(source.slice(source.indexOf('async up('), source.indexOf('async down(')));
}

describe('migrations are safe while the previous release serves', () => {
  const files = fs
    .readdirSync(__dirname)
    .filter((file) => /^\d{13}-.+\.ts$/.test(file) && !file.endsWith('.spec.ts'))
    .sort();

  it('contract only where reviewed', () => {
    const contracting = Object.fromEntries(
      files.map((file) => [file, contractingSteps(file)]).filter(([, steps]) => steps.length > 0),
    );
    expect(contracting).toEqual(REVIEWED);
  });

  it('tells a contract step from an expansion', () => {
    expect(stepsOf('ALTER TABLE t ADD COLUMN x integer NOT NULL')).toEqual(['ADD COLUMN']);
    expect(stepsOf('ALTER TABLE t ADD COLUMN x integer NOT NULL DEFAULT 0, ADD COLUMN y text')).toEqual([]);
    expect(stepsOf('ALTER TABLE t RENAME COLUMN a TO b')).toEqual(['RENAME']);
    expect(stepsOf('ALTER TABLE t ALTER COLUMN a TYPE bigint')).toEqual(['ALTER COLUMN']);
    expect(stepsOf('ALTER TABLE t ALTER COLUMN a SET NOT NULL')).toEqual(['SET NOT']);
    expect(stepsOf('ALTER TABLE t DROP COLUMN a')).toEqual(['DROP COLUMN']);
    expect(stepsOf('CREATE INDEX i ON t (a); CREATE OR REPLACE FUNCTION f() RETURNS void')).toEqual([]);
  });
});
