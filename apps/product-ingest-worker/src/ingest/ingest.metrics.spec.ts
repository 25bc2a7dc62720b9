import { MetricsService } from '@delivery/platform';
import { IngestMetrics, type QueueDepths } from './ingest.metrics';

/** The queue-depth gauges are refreshed on a timer; a scrape only reads the last values (no channel opened). */
describe('IngestMetrics queue depths', () => {
  const depthLines = async (metrics: MetricsService) =>
    (await metrics.registry.metrics())
      .split('\n')
      .filter((line) => line.startsWith('product_ingest_queue_depth{'));

  it('reads the depths on its timer only: 20 scrapes open no channel and read nothing', async () => {
    const metrics = new MetricsService({ service: 'test', version: '1' });
    const ingest = new IngestMetrics(metrics);
    let reads = 0;
    const depths: QueueDepths = { main: 3, retry: 1, dead_letter: 2 };
    ingest.observeQueues(async () => {
      reads++;
      return { ...depths };
    }, 60_000);
    await new Promise((resolve) => setImmediate(resolve));
    expect(reads).toBe(1);
    for (let i = 0; i < 20; i++)
      expect(await depthLines(metrics)).toEqual([
        'product_ingest_queue_depth{queue="main"} 3',
        'product_ingest_queue_depth{queue="retry"} 1',
        'product_ingest_queue_depth{queue="dead_letter"} 2',
      ]);
    expect(reads).toBe(1);
    ingest.onModuleDestroy();
  });

  it('shows the next refresh, and no sample once a read fails', async () => {
    const metrics = new MetricsService({ service: 'test', version: '1' });
    const ingest = new IngestMetrics(metrics);
    const answers: (QueueDepths | Error)[] = [
      { main: 0, retry: 0, dead_letter: 0 },
      { main: 5, retry: 0, dead_letter: 1 },
      new Error('broker unreachable'),
    ];
    let reads = 0;
    ingest.observeQueues(async () => {
      const answer = answers[Math.min(reads++, answers.length - 1)];
      if (answer instanceof Error) throw answer;
      return answer;
    }, 30);
    const until = async (count: number) => {
      while (reads < count) await new Promise((resolve) => setTimeout(resolve, 5));
      await new Promise((resolve) => setImmediate(resolve));
    };
    await until(2);
    expect(await depthLines(metrics)).toContain('product_ingest_queue_depth{queue="main"} 5');
    await until(3);
    expect(await depthLines(metrics)).toEqual([]);
    ingest.onModuleDestroy();
  });
});
