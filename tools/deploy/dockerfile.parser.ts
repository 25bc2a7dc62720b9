import fs from 'node:fs';
import path from 'node:path';

/**
 * Reads a Dockerfile into stages and instructions, enough for tests to check what the image build does
 * without a Docker engine: line continuations and comments, `ARG` defaults before the first `FROM`,
 * `FROM image AS name`, flags (`--from=build`), and exec-form (JSON) or shell-form arguments.
 */
export interface Instruction {
  readonly keyword: string;
  /** `--name=value` flags before the arguments */
  readonly flags: Readonly<Record<string, string>>;
  /** exec form: the JSON array; shell form: the words split on blanks (quotes kept) */
  readonly args: readonly string[];
  /** the text after the keyword and the flags */
  readonly raw: string;
  readonly execForm: boolean;
}

export interface Stage {
  readonly name: string;
  readonly image: string;
  readonly instructions: readonly Instruction[];
}

export interface Dockerfile {
  /** ARGs declared before the first FROM, with their defaults */
  readonly globalArgs: Readonly<Record<string, string | undefined>>;
  readonly stages: readonly Stage[];
}

function logicalLines(text: string): string[] {
  const lines: string[] = [];
  let current = '';
  for (const line of text.split('\n')) {
    const trimmed = line.trim();
    if (trimmed.startsWith('#') || (trimmed === '' && current === '')) continue;
    if (trimmed.endsWith('\\')) {
      current += `${trimmed.slice(0, -1).trim()} `;
      continue;
    }
    lines.push(`${current}${trimmed}`.trim());
    current = '';
  }
  if (current.trim()) lines.push(current.trim());
  return lines.filter((line) => line !== '');
}

function parseInstruction(line: string): Instruction {
  const [, keyword, rest] = /^(\S+)\s*(.*)$/.exec(line) as RegExpExecArray;
  const flags: Record<string, string> = {};
  let raw = rest;
  // HEALTHCHECK's options come before CMD; other instructions' flags before their arguments
  for (let match = /^--([a-z-]+)=(\S+)\s*/.exec(raw); match; match = /^--([a-z-]+)=(\S+)\s*/.exec(raw)) {
    flags[match[1]] = match[2];
    raw = raw.slice(match[0].length);
  }
  const execForm = raw.startsWith('[');
  const args = execForm ? (JSON.parse(raw) as string[]) : (raw.match(/"[^"]*"|'[^']*'|\S+/g) ?? []);
  return { keyword: keyword.toUpperCase(), flags, args, raw, execForm };
}

export function parseDockerfile(text: string): Dockerfile {
  const globalArgs: Record<string, string | undefined> = {};
  const stages: { name: string; image: string; instructions: Instruction[] }[] = [];
  for (const line of logicalLines(text)) {
    const instruction = parseInstruction(line);
    if (instruction.keyword === 'FROM') {
      const [image, as, name] = instruction.args;
      const resolved = image.replace(/\$\{?(\w+)\}?/g, (_, arg: string) => globalArgs[arg] ?? '');
      stages.push({
        name: as?.toUpperCase() === 'AS' ? name : String(stages.length),
        image: resolved,
        instructions: [],
      });
    } else if (stages.length === 0) {
      if (instruction.keyword !== 'ARG') throw new Error(`${instruction.keyword} before FROM`);
      const [name, value] = instruction.raw.split('=');
      globalArgs[name] = value;
    } else {
      stages[stages.length - 1].instructions.push(instruction);
    }
  }
  return { globalArgs, stages };
}

export function stage(dockerfile: Dockerfile, name: string): Stage {
  const found = dockerfile.stages.find((s) => s.name === name);
  if (!found) throw new Error(`no stage ${name}`);
  return found;
}

/**
 * The variables the image sets for every app (the `runtime` stage's `ENV`, `${…}` references left out), e.g. its
 * `NODE_OPTIONS`: the benchmarks run the apps with them, as the image does.
 */
export function imageEnvironment(
  dockerfilePath = path.resolve(__dirname, '../../docker/Dockerfile'),
): Record<string, string> {
  const runtime = stage(parseDockerfile(fs.readFileSync(dockerfilePath, 'utf8')), 'runtime');
  const environment: Record<string, string> = {};
  for (const instruction of runtime.instructions.filter((i) => i.keyword === 'ENV'))
    for (const word of instruction.args) {
      const [name, value] = [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)];
      if (!value.includes('$')) environment[name] = value;
    }
  return environment;
}
