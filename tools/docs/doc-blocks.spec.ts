import { commandBlocks, jsonAnswerMismatches, missingFields, shownAnswers, shownFields } from './doc-blocks';

const MARKDOWN = [
  'Text.',
  '',
  '```bash',
  'curl -s $BASE/whoami',
  '# {"subject":"dev","scopes":[…],',
  '#   "scheme":"jwt"}',
  '# 2. the next step',
  '```',
  '',
  '```json',
  '{ "total": { "promises": 336 } }',
  '```',
  '',
  '```bash cluster',
  'kubectl get pods',
  '```',
  '',
  '```sh example',
  'curl -s $BASE/delivery/accuracy',
  '```',
  '',
  '```ts',
  'const a = 1;',
  '```',
  '',
  '```bash setup',
  'npm start',
  '```',
].join('\n');

describe('the command blocks of a Markdown file', () => {
  it('are its bash and sh blocks, run unless their info string says cluster or setup', () => {
    expect(
      commandBlocks(MARKDOWN).map(({ line, words, run, answer }) => ({ line, words, run, answer })),
    ).toEqual([
      { line: 3, words: [], run: true, answer: '{ "total": { "promises": 336 } }' },
      { line: 14, words: ['cluster'], run: false, answer: undefined },
      { line: 18, words: ['example'], run: true, answer: undefined },
      { line: 26, words: ['setup'], run: false, answer: undefined },
    ]);
  });

  it('show their answers in comment lines starting with { or [, continued by more indented ones', () => {
    expect(shownAnswers(commandBlocks(MARKDOWN)[0].code)).toEqual([
      '{"subject":"dev","scopes":[…],"scheme":"jwt"}',
    ]);
  });

  it('name fields, and show in full the values without …, a message only by its name', () => {
    expect(
      shownFields(
        '{"message":"version 3","total":91,"rate":0.035,"date":"…","ok":true,"items":[…],"x":null}',
      ),
    ).toEqual([
      { key: 'message' },
      { key: 'total', value: '91' },
      { key: 'rate', value: '0.035' },
      { key: 'date' },
      { key: 'ok', value: 'true' },
      { key: 'items' },
      { key: 'x', value: 'null' },
    ]);
  });

  it('find in an output, compact or pretty, what it lacks of what they show', () => {
    const shown = ['{"total":1,"page":…,"status":"HELD","message":"anything"}'];
    expect(
      missingFields('{"total": 1, "page": 2, "status": "HELD", "message": "other words"}', shown),
    ).toEqual([]);
    expect(missingFields('{"total":12,"status":"RELEASED","message":"x"}', shown)).toEqual([
      '"total":1',
      '"page":',
      '"status":"HELD"',
    ]);
  });

  it('hold a json answer against the last document printed, each value at its place', () => {
    const answer = JSON.stringify({
      today: '…',
      total: { onTime: 0, rate: 0.5 },
      groups: [{ key: 'R-A', onTime: 1 }, { key: 'R-B' }],
      message: 'anything',
    });
    const printed = (groups: object[], total = { onTime: 0, rate: 0.5, extra: 3 }) =>
      `{"received":1}\n${JSON.stringify({ today: '2026-11-22', total, groups, message: 'x' }, null, 2)}\n`;
    expect(
      jsonAnswerMismatches(
        printed([
          { key: 'R-A', onTime: 1 },
          { key: 'R-B', onTime: 0 },
        ]),
        answer,
      ),
    ).toEqual([]);
    // a figure shown for one group but printed for another is at the wrong place
    expect(
      jsonAnswerMismatches(
        printed(
          [
            { key: 'R-A', onTime: 0 },
            { key: 'R-B', onTime: 1 },
          ],
          { onTime: 1, rate: 0.5, extra: 3 },
        ),
        answer,
      ),
    ).toEqual(['$.total.onTime', '$.groups[0].onTime']);
    expect(jsonAnswerMismatches(printed([{ key: 'R-A', onTime: 1 }]), answer)).toEqual(['$.groups']);
    expect(jsonAnswerMismatches('not json', answer)).toEqual(['$']);
    // an answer that elides with a bare … is not JSON: missingFields holds it
    expect(jsonAnswerMismatches('{}', '{ "settings": { … } }')).toEqual([]);
  });
});
