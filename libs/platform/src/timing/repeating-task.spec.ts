import { RepeatingTask } from './repeating-task';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('RepeatingTask', () => {
  it('never runs twice at once: the next interval counts from the end of a slow run', async () => {
    const runs: { start: number; end: number }[] = [];
    const task = new RepeatingTask(
      async () => {
        const start = Date.now();
        await sleep(40);
        runs.push({ start, end: Date.now() });
      },
      10,
      (error) => {
        throw error;
      },
    );
    task.start();
    await sleep(200);
    await task.stop();
    expect(runs.length).toBeGreaterThanOrEqual(2);
    for (let i = 1; i < runs.length; i++) expect(runs[i].start).toBeGreaterThanOrEqual(runs[i - 1].end + 9);
  });

  it('hands a failed run to onError and runs again at the next tick', async () => {
    const errors: string[] = [];
    let calls = 0;
    const task = new RepeatingTask(
      async () => {
        calls++;
        if (calls === 1) throw new Error('first run fails');
      },
      5,
      (error) => errors.push(error.message),
    );
    task.start();
    await sleep(60);
    await task.stop();
    expect(errors).toEqual(['first run fails']);
    expect(calls).toBeGreaterThanOrEqual(2);
  });

  it('stop waits for the run in flight and no run starts after it', async () => {
    let finished = 0;
    let started = 0;
    const task = new RepeatingTask(
      async () => {
        started++;
        await sleep(50);
        finished++;
      },
      5,
      (error) => {
        throw error;
      },
    );
    task.start();
    await sleep(20); // the first run is in flight
    await task.stop();
    expect([started, finished]).toEqual([1, 1]);
    await sleep(30);
    expect(started).toBe(1);
  });

  it('with now, starts the first run before start returns', async () => {
    const at: number[] = [];
    const task = new RepeatingTask(
      async () => {
        at.push(Date.now());
      },
      1000,
      (error) => {
        throw error;
      },
    );
    task.start({ now: true });
    expect(at.length).toBe(1); // started before start() returned
    await sleep(50);
    await task.stop();
    expect(at.length).toBe(1);
  });

  it('wake runs now, and once more right after a run in flight however often it is woken meanwhile', async () => {
    const starts: number[] = [];
    let release: () => void = () => undefined;
    const task = new RepeatingTask(
      async () => {
        starts.push(starts.length + 1);
        if (starts.length === 1) await new Promise<void>((resolve) => (release = resolve));
      },
      60_000,
      (error) => {
        throw error;
      },
    );
    task.start();
    expect(starts).toEqual([]);
    task.wake();
    expect(starts).toEqual([1]);
    task.wake();
    task.wake();
    expect(starts).toEqual([1]);
    release();
    await sleep(10);
    expect(starts).toEqual([1, 2]);
    await task.stop();
    task.wake();
    expect(starts).toEqual([1, 2]);
  });
});
