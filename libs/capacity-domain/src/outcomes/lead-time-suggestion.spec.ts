import { suggestLeadTimeChange } from './lead-time-suggestion';

describe('suggestLeadTimeChange', () => {
  // the worked example's route R-A: one early, one on the day, one a day late, one two days late
  const routeA = [
    { delayDays: -1, count: 1 },
    { delayDays: 0, count: 1 },
    { delayDays: 1, count: 1 },
    { delayDays: 2, count: 1 },
  ];

  it('adds the fewest days that meet the target: 2 of 4 on time, +1 day gives 3 of 4, +2 days all 4', () => {
    expect(suggestLeadTimeChange(routeA, 0.95, 1)).toEqual({
      deliveries: 4,
      onTimeRate: 0.5,
      changeDays: 2,
      onTimeRateWithChange: 1,
    });
    expect(suggestLeadTimeChange(routeA, 0.75, 1)).toMatchObject({
      changeDays: 1,
      onTimeRateWithChange: 0.75,
    });
  });

  it('takes days off while the target still holds, never below a lead time of 0', () => {
    const early = [
      { delayDays: -2, count: 19 },
      { delayDays: 0, count: 1 },
    ];
    // −1 day: 19 of 20 still on time (0.95); −2 days: 19 of 20 too; the lead time of 1 allows only −1
    expect(suggestLeadTimeChange(early, 0.95, 1)).toEqual({
      deliveries: 20,
      onTimeRate: 1,
      changeDays: -1,
      onTimeRateWithChange: 0.95,
    });
    expect(suggestLeadTimeChange(early, 0.95, 3)).toMatchObject({
      changeDays: -2,
      onTimeRateWithChange: 0.95,
    });
    expect(suggestLeadTimeChange(early, 1, 3)).toMatchObject({ changeDays: 0, onTimeRateWithChange: 1 });
  });

  it('has no suggestion without deliveries, or when a week more would not meet the target', () => {
    expect(suggestLeadTimeChange([], 0.95, 1)).toBeNull();
    expect(suggestLeadTimeChange([{ delayDays: 9, count: 1 }], 0.95, 1)).toBeNull();
  });
});
