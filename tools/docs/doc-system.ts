import { ChildProcess, execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import path from 'node:path';
import { promisify } from 'node:util';
import { commandBlocks, jsonAnswerMismatches, missingFields, shownAnswers } from './doc-blocks';

const root = path.resolve(__dirname, '../..');
const run = promisify(execFile);

/** The variables `npm start` takes for its ports, and the ports the system of the docs check listens on. */
export type DocPorts = Record<
  'CAPACITY_PORT' | 'UPLOAD_PORT' | 'WORKER_PORT' | 'OUTCOME_WORKER_PORT',
  string
>;

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function freePorts(): Promise<DocPorts> {
  const [capacity, upload, worker, outcomeWorker] = await Promise.all([
    freePort(),
    freePort(),
    freePort(),
    freePort(),
  ]);
  return {
    CAPACITY_PORT: String(capacity),
    UPLOAD_PORT: String(upload),
    WORKER_PORT: String(worker),
    OUTCOME_WORKER_PORT: String(outcomeWorker),
  };
}

/** `npm start` (tools/dev/start.js) as a reader runs it, on `env`; resolves once it prints "The system is up". */
export async function startSystem(env: NodeJS.ProcessEnv, timeoutMs: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['tools/dev/start.js'], { cwd: root, env, stdio: 'pipe' });
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGTERM'); // the launcher stops what it started
      reject(new Error(`npm start did not come up within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('The system is up.')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code}):\n${output}`));
    });
  });
  // keep reading, so a full pipe never blocks the launcher
  child.stdout?.removeAllListeners('data').resume();
  child.stderr?.removeAllListeners('data').resume();
  child.removeAllListeners('exit');
  return child;
}

/** Stops what `startSystem` started: the launcher stops its apps on SIGTERM. */
export async function stopSystem(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

export interface BlockRun {
  /** `doc:line` of the block's opening fence */
  where: string;
  output: string;
  /** the fields its shown answers name that its output lacks, and the paths where its `json` answer differs */
  missing: string[];
}

const MARK = '@@docs-check-block@@';

/**
 * Runs the command blocks of one Markdown file, in order, as one `bash` session (a variable one block defines is
 * there for the next, as for a reader pasting them into one terminal), with `set -euo pipefail`: a command that
 * fails or a variable used before it is defined stops the file. Answers the output of each block and what its
 * shown answers name that the output lacks.
 */
export async function runDoc(file: string, env: NodeJS.ProcessEnv): Promise<BlockRun[]> {
  const { readFile } = await import('node:fs/promises');
  const blocks = commandBlocks(await readFile(path.join(root, file), 'utf8')).filter((block) => block.run);
  const script = ['set -euo pipefail', ...blocks.map((block) => `echo '${MARK}'\n${block.code}`), ''].join(
    '\n',
  );
  let stdout: string;
  try {
    ({ stdout } = await run('bash', ['-c', script], {
      cwd: root,
      env,
      maxBuffer: 64 * 1024 * 1024,
      timeout: 180_000,
    }));
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; message: string };
    throw new Error(
      `${file}: a command failed: ${failed.message}\n--- stdout\n${failed.stdout ?? ''}\n--- stderr\n${failed.stderr ?? ''}`,
      { cause: error },
    );
  }
  const outputs = stdout.split(`${MARK}\n`).slice(1);
  return blocks.map((block, index) => ({
    where: `${file}:${block.line}`,
    output: outputs[index] ?? '',
    missing: [
      ...missingFields(outputs[index] ?? '', [
        ...shownAnswers(block.code),
        ...(block.answer === undefined ? [] : [block.answer]),
      ]),
      ...(block.answer === undefined ? [] : jsonAnswerMismatches(outputs[index] ?? '', block.answer)),
    ],
  }));
}
