import { learningArguments } from './demo-learning.cli';

describe('npm run demo:learning: its options', () => {
  it('runs seed 2026, 40 orders a lane a day, through the service, with the recommended settings by default', () => {
    expect(learningArguments([])).toEqual({
      seed: 2026,
      inProcess: false,
      orders: 40,
      settings: {
        halfLifeDays: 14,
        priorDeliveries: 20,
        maxBufferStepDays: 1,
        maxBufferDays: 7,
        minBufferDays: 7,
      },
    });
  });

  it('takes another seed, volume and settings, and runs in-process when asked', () => {
    expect(
      learningArguments([
        '--seed',
        '7',
        '--in-process',
        '--orders=10',
        '--half-life',
        '28',
        '--prior',
        '5',
        '--step',
        '2',
      ]),
    ).toEqual({
      seed: 7,
      inProcess: true,
      orders: 10,
      settings: {
        halfLifeDays: 28,
        priorDeliveries: 5,
        maxBufferStepDays: 2,
        maxBufferDays: 7,
        minBufferDays: 7,
      },
    });
  });

  it('refuses what is not a whole number in range, and any other option', () => {
    expect(() => learningArguments(['--half-life', '0'])).toThrow(
      '--half-life must be a whole number from 1 to 365 (got "0")',
    );
    expect(() => learningArguments(['--step', '1.5'])).toThrow(
      '--step must be a whole number from 1 to 7 (got "1.5")',
    );
    expect(() => learningArguments(['--orders', 'many'])).toThrow(
      '--orders must be a whole number from 1 to 1000 (got "many")',
    );
    expect(() => learningArguments(['--today', '2026-11-26'])).toThrow("Unknown option '--today'");
  });
});
