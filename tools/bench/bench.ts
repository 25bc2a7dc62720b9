import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BenchResult, BenchScenario } from './bench-scenario';

/**
 * `npm run bench [-- <id> …]`: runs every scenario (or the named ones), prints a table per scenario and rewrites
 * its section of docs/benchmarks.md with the machine, date, command, figures and summary. Sections of scenarios
 * not run this time are kept as they were.
 */
const root = path.resolve(__dirname, '../..');
const docsFile = path.join(root, 'docs/benchmarks.md');

function loadScenarios(): BenchScenario[] {
  return fs
    .readdirSync(__dirname)
    .filter((file) => file.endsWith('.bench.ts'))
    .sort()
    .map((file) => (require(path.join(__dirname, file)) as { default: BenchScenario }).default);
}

function machine(): string {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  return `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
}

function table(result: BenchResult): string {
  const lines = ['| subject | figures |', '|---|---|'];
  for (const row of result.rows) {
    lines.push(
      `| ${row.subject} | ${row.figures.map((f) => `${f.metric} ${f.value}${f.unit ? ` ${f.unit}` : ''}`).join('; ')} |`,
    );
  }
  return lines.join('\n');
}

function section(scenario: BenchScenario, result: BenchResult, when: string): string {
  return [
    `<!-- bench:${scenario.id} -->`,
    `## ${scenario.id} — ${scenario.title}`,
    '',
    `Target: ${scenario.target}. Measured ${when} on ${machine()} with \`npm run bench -- ${scenario.id}\`.`,
    '',
    table(result),
    '',
    ...result.summary.map((line) => `- ${line}`),
    `<!-- /bench:${scenario.id} -->`,
  ].join('\n');
}

function writeDocs(sections: Map<string, string>): void {
  const header =
    '# Benchmarks\n\nFigures written by `npm run bench` (tools/bench). Each scenario measures its baseline in the same run, ' +
    'so ratios hold on a noisy machine; absolute times depend on the machine named in each section.\n';
  let text = fs.existsSync(docsFile) ? fs.readFileSync(docsFile, 'utf8') : header;
  for (const [id, body] of sections) {
    const pattern = new RegExp(
      `<!-- bench:${id.replace(/\./g, '\\.')} -->[\\s\\S]*?<!-- /bench:${id.replace(/\./g, '\\.')} -->`,
    );
    text = pattern.test(text) ? text.replace(pattern, body) : `${text.trimEnd()}\n\n${body}\n`;
  }
  fs.writeFileSync(docsFile, text.endsWith('\n') ? text : `${text}\n`);
}

async function main(): Promise<void> {
  const wanted = process.argv.slice(2);
  const known = loadScenarios();
  // every name must be a scenario's (an option or a misspelt id is refused, never skipped)
  const unknown = wanted.filter((id) => !known.some((s) => s.id === id));
  if (unknown.length > 0)
    throw new Error(`no scenario named ${unknown.join(', ')}; known: ${known.map((s) => s.id).join(', ')}`);
  const scenarios = known.filter((s) => wanted.length === 0 || wanted.includes(s.id));
  const when = new Date().toISOString().slice(0, 10);
  const sections = new Map<string, string>();
  for (const scenario of scenarios) {
    console.log(`\n${scenario.id} — ${scenario.title}`);
    const result = await scenario.run();
    console.log(table(result));
    for (const line of result.summary) console.log(`  ${line}`);
    sections.set(scenario.id, section(scenario, result, when));
  }
  writeDocs(sections);
  console.log(`\nwrote ${path.relative(root, docsFile)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
