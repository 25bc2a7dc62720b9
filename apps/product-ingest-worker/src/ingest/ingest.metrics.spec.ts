import { MetricsService } from '@delivery/platform';
import { IngestMetrics, type QueueDepths } from './ingest.metrics';

/**
 * The queue-depth gauges are refreshed on a timer; a scrape only reads the last values (no channel opened). The
 * timer is Jest's: time moves only when a test moves it.
 */
describe('IngestMetrics queue depths', () => {
  const INTERVAL = 60_000;
  const depthLines = async (metrics: MetricsService) =>
    (await metrics.registry.metrics())
      .split('\n')
      .filter((line) => line.startsWith('product_ingest_queue_depth{'));

  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('reads the depths on its timer only: 20 scrapes open no channel and read nothing', async () => {
    const metrics = new MetricsService({ service: 'test', version: '1' });
    const ingest = new IngestMetrics(metrics);
    let reads = 0;
    const depths: QueueDepths = { main: 3, retry: 1, dead_letter: 2 };
    ingest.observeQueues(async () => {
      reads++;
      return { ...depths };
    }, INTERVAL);
    await jest.advanceTimersByTimeAsync(0);
    expect(reads).toBe(1);
    for (let i = 0; i < 20; i++)
      expect(await depthLines(metrics)).toEqual([
        'product_ingest_queue_depth{queue="main"} 3',
        'product_ingest_queue_depth{queue="retry"} 1',
        'product_ingest_queue_depth{queue="dead_letter"} 2',
      ]);
    expect(reads).toBe(1);
    await jest.advanceTimersByTimeAsync(INTERVAL - 1);
    expect(reads).toBe(1);
    await jest.advanceTimersByTimeAsync(1);
    expect(reads).toBe(2);
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
      const answer = answers[reads++];
      if (answer instanceof Error) throw answer;
      return answer;
    }, INTERVAL);
    await jest.advanceTimersByTimeAsync(0);
    expect(await depthLines(metrics)).toContain('product_ingest_queue_depth{queue="main"} 0');
    await jest.advanceTimersByTimeAsync(INTERVAL);
    expect(await depthLines(metrics)).toEqual([
      'product_ingest_queue_depth{queue="main"} 5',
      'product_ingest_queue_depth{queue="retry"} 0',
      'product_ingest_queue_depth{queue="dead_letter"} 1',
    ]);
    await jest.advanceTimersByTimeAsync(INTERVAL);
    expect(await depthLines(metrics)).toEqual([]);
    expect(reads).toBe(3);
    ingest.onModuleDestroy();
  });
});
