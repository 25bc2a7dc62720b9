/**
 * The command blocks of the project's Markdown (README.md, docs/*.md), as the docs check runs them
 * (docs-commands.e2e-spec.ts): every fenced block whose info string starts with `bash` or `sh`, unless its info
 * string carries one of the {@link NOT_RUN} words. What a block shows as its answer (`# {…}` comment lines) becomes
 * what its output must contain.
 */

/**
 * The words of an info string (```` ```bash cluster ````) that keep a block out of the check, shown in the Markdown
 * source of the block itself:
 * - `cluster`: needs Docker, a Kubernetes cluster or an image registry;
 * - `setup`: starts, stops or tests the system the other blocks run against (`npm start`, `npm test`, starting
 *   Postgres or RabbitMQ).
 * A worked example whose promises are made days before its "today" runs too: it places them at those instants with
 * the simulated clock of `npm start` (`X-Simulated-Now`, docs/operations.md).
 */
export const NOT_RUN = ['cluster', 'setup'] as const;

export interface CommandBlock {
  /** the line of its opening fence, from 1 */
  line: number;
  /** the info string's words after the language */
  words: string[];
  code: string;
  /** a `json` block right after it (blank lines between at most): the answer it prints */
  answer?: string;
}

const FENCE = /^(\s*)```(.*)$/;

/** The `bash` and `sh` blocks of a Markdown text, in order, with whether the check runs them. */
export function commandBlocks(markdown: string): (CommandBlock & { run: boolean })[] {
  const blocks: (CommandBlock & { run: boolean })[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i += 1) {
    const open = FENCE.exec(lines[i]);
    if (!open) continue;
    const [language = '', ...words] = open[2].trim().split(/\s+/);
    const body: string[] = [];
    let end = i + 1;
    for (; end < lines.length && !/^\s*```\s*$/.test(lines[end]); end += 1)
      body.push(lines[end].slice(open[1].length));
    if (language === 'bash' || language === 'sh')
      blocks.push({
        line: i + 1,
        words,
        code: body.join('\n'),
        run: !words.some((word) => (NOT_RUN as readonly string[]).includes(word)),
        answer: followingJson(lines, end + 1),
      });
    i = end;
  }
  return blocks;
}

function followingJson(lines: readonly string[], from: number): string | undefined {
  let next = from;
  while (next < lines.length && lines[next].trim() === '') next += 1;
  if (!/^\s*```json\s*$/.test(lines[next] ?? '')) return undefined;
  const body: string[] = [];
  for (let line = next + 1; line < lines.length && !/^\s*```\s*$/.test(lines[line]); line += 1)
    body.push(lines[line]);
  return body.join('\n');
}

/**
 * What a block shows of its answers: its comment lines that start with `{` or `[` and the more indented comment
 * lines that continue them (`#  …`). Elided parts are written `…`.
 */
export function shownAnswers(code: string): string[] {
  const answers: string[] = [];
  let inAnswer = false;
  for (const line of code.split('\n')) {
    const comment = /^\s*#( ?)(.*)$/.exec(line);
    if (!comment) {
      inAnswer = false;
      continue;
    }
    const text = comment[2];
    if (/^[{[]/.test(text)) {
      answers.push(text);
      inAnswer = true;
    } else if (inAnswer && /^\s/.test(text)) answers[answers.length - 1] += text.trim();
    else inAnswer = false;
  }
  return answers;
}

/** A field a shown answer names, and its value when the answer shows one in full (a number, a literal, a string). */
export interface ShownField {
  key: string;
  /** the value as JSON text, absent when it is elided or an object or array */
  value?: string;
}

/**
 * The fields a shown answer names. A `message` is prose the service may word differently: only its presence is
 * asserted; so is any string with `…` in it.
 */
export function shownFields(answer: string): ShownField[] {
  const fields: ShownField[] = [];
  const pair = /"([A-Za-z_][\w]*)":\s*(-?\d+(?:\.\d+)?(?![\w.…])|true|false|null|"(?:[^"\\]|\\.)*")?/g;
  for (let match = pair.exec(answer); match; match = pair.exec(answer)) {
    const [, key, value] = match;
    const full = value !== undefined && key !== 'message' && !value.includes('…');
    fields.push(full ? { key, value } : { key });
  }
  return fields;
}

/** The output with the white space JSON allows after a `:` removed, so pretty-printed answers read as compact ones. */
export function compactOutput(output: string): string {
  return output.replace(/":\s+/g, '":');
}

/** The shown fields an output lacks: `"key":` for a field named, `"key":value` for one shown in full. */
export function missingFields(output: string, answers: string[]): string[] {
  const compact = compactOutput(output);
  const missing = new Set<string>();
  for (const answer of answers)
    for (const { key, value } of shownFields(answer)) {
      const expected = value === undefined ? `"${key}":` : `"${key}":${value}`;
      // a number ends where the shown one does: `"total":1` is not in `"total":12`
      const escaped = expected.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const pattern = new RegExp(value === undefined ? escaped : `${escaped}(?![\\d.])`);
      if (!pattern.test(compact)) missing.add(expected);
    }
  return [...missing];
}

/**
 * A `json` answer that is valid JSON, held against the last JSON document the block printed: every field it shows
 * with its value at its place (a string with `…` in it, and a `message`, by presence only; an array element by
 * element, as long as the shown one). Answers the paths that differ, `$` for no document printed; an answer that
 * is not JSON (it elides with a bare `…`) is left to `missingFields`.
 */
export function jsonAnswerMismatches(output: string, answer: string): string[] {
  let shown: unknown;
  try {
    shown = JSON.parse(answer);
  } catch {
    return [];
  }
  const printed = lastJsonDocument(output);
  if (printed === undefined) return ['$'];
  const mismatches: string[] = [];
  const match = (expected: unknown, actual: unknown, at: string, key?: string): void => {
    if (typeof expected === 'string' && (expected.includes('…') || key === 'message')) {
      if (actual === undefined) mismatches.push(at);
    } else if (Array.isArray(expected)) {
      if (!Array.isArray(actual) || actual.length !== expected.length) mismatches.push(at);
      else expected.forEach((item, index) => match(item, actual[index], `${at}[${index}]`));
    } else if (expected !== null && typeof expected === 'object') {
      if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) mismatches.push(at);
      else
        for (const [name, value] of Object.entries(expected))
          match(value, (actual as Record<string, unknown>)[name], `${at}.${name}`, name);
    } else if (expected !== actual) mismatches.push(at);
  };
  match(shown, printed.value, '$');
  return mismatches;
}

/** The JSON document the output ends with (compact on one line, or pretty-printed over several). */
function lastJsonDocument(output: string): { value: unknown } | undefined {
  const lines = output.trimEnd().split('\n');
  for (let start = 0; start < lines.length; start += 1) {
    if (!/^[{[]/.test(lines[start])) continue;
    try {
      return { value: JSON.parse(lines.slice(start).join('\n')) };
    } catch {
      // a document ending before the last line: the next start is tried
    }
  }
  return undefined;
}
