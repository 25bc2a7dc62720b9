/**
 * The reads of several calculations as one statement: their plans' counter ranges, stock pairs and SKUs are
 * gathered, each distinct one asked once, and the answer is handed back to every plan that named it. The rows of
 * one counter range are unpacked once and shared (the engine only reads them).
 */
import {
  formatDate,
  parseDate,
  type CalculationData,
  type CounterScope,
  type CounterUsageRow,
  type ProductWeightRow,
  type ReadPlan,
  type StockLevelRow,
} from '@delivery/capacity-domain';
import { FIRST_STORABLE_DATE, isStorableText } from '@delivery/persistence';
import { ReadPart, ReadRow, readStatement } from './calculation-data.sql';

/**
 * A plan's range within the dates Postgres stores (persistence's storable.ts): plan ranges may reach past 9999 (the
 * domain pads years to 4+ digits, which no longer compare as text), and no stored row is after 9999-12-31.
 */
const LAST_DATE = '9999-12-31';
const storableDate = (date: string): string =>
  date.length > 10 ? LAST_DATE : date < FIRST_STORABLE_DATE ? FIRST_STORABLE_DATE : date;

interface CounterRange {
  scope: CounterScope;
  ref: string;
  first: string;
  last: string;
  rows: readonly CounterUsageRow[];
}

interface Wanted {
  counters: number[];
  stock: number[];
  skus: string[];
}

export class CalculationReadBatch {
  private readonly ranges: CounterRange[] = [];
  private readonly rangeIndex = new Map<string, number>();
  private readonly pairs: { sku: string; node: string; row: StockLevelRow | null }[] = [];
  private readonly pairIndex = new Map<string, number>();
  private readonly weights = new Map<string, ProductWeightRow | null>();
  private readonly wanted: Wanted[];

  constructor(plans: readonly ReadPlan[]) {
    this.wanted = plans.map((plan) => this.gather(plan));
  }

  /** The statement and its parameters; null when no plan names anything Postgres could hold. */
  statement(): { name: string; text: string; values: unknown[] } | null {
    const parts: ReadPart[] = [];
    const values: unknown[] = [];
    if (this.ranges.length > 0) {
      parts.push('C');
      values.push(
        this.ranges.map((range) => range.scope),
        this.ranges.map((range) => range.ref),
        this.ranges.map((range) => range.first),
        this.ranges.map((range) => range.last),
      );
    }
    if (this.pairs.length > 0) {
      parts.push('S');
      values.push(
        this.pairs.map((pair) => pair.sku),
        this.pairs.map((pair) => pair.node),
      );
    }
    if (this.weights.size > 0) {
      parts.push('W');
      values.push([...this.weights.keys()]);
    }
    return parts.length === 0 ? null : { ...readStatement(parts), values };
  }

  /** Each plan's data, in the order of the plans, from the statement's rows (none when there was no statement). */
  results(rows: readonly ReadRow[]): CalculationData[] {
    for (const row of rows) {
      if (row.kind === 'C') {
        const range = this.ranges[(row.i as number) - 1];
        if (row.v !== null) range.rows = unpacked(range, row.v);
      } else if (row.kind === 'S') {
        const pair = this.pairs[(row.i as number) - 1];
        pair.row = { sku: pair.sku, node: pair.node, available: Number(row.v) };
      } else {
        this.weights.set(row.a as string, { sku: row.a as string, weightKg: Number(row.v) });
      }
    }
    return this.wanted.map((wanted) => {
      const counters: CounterUsageRow[] = [];
      for (const index of wanted.counters) for (const usage of this.ranges[index].rows) counters.push(usage);
      const stock: StockLevelRow[] = [];
      for (const index of wanted.stock) {
        const row = this.pairs[index].row;
        if (row !== null) stock.push(row);
      }
      const productWeights: ProductWeightRow[] = [];
      for (const sku of wanted.skus) {
        const row = this.weights.get(sku);
        if (row != null) productWeights.push(row);
      }
      return { counters, stock, productWeights };
    });
  }

  private gather(plan: ReadPlan): Wanted {
    const wanted: Wanted = { counters: [], stock: [], skus: [] };
    for (const read of plan.counters) {
      const first = storableDate(read.from);
      const last = storableDate(read.to);
      if (first > last) continue;
      const key = `${read.scope} ${read.ref} ${first} ${last}`;
      let index = this.rangeIndex.get(key);
      if (index === undefined) {
        index = this.ranges.push({ scope: read.scope, ref: read.ref, first, last, rows: [] }) - 1;
        this.rangeIndex.set(key, index);
      }
      wanted.counters.push(index);
    }
    for (const { sku, node } of plan.stock) {
      if (!isStorableText(sku) || !isStorableText(node)) continue; // no row holds them
      const key = JSON.stringify([sku, node]);
      let index = this.pairIndex.get(key);
      if (index === undefined) {
        index = this.pairs.push({ sku, node, row: null }) - 1;
        this.pairIndex.set(key, index);
      }
      wanted.stock.push(index);
    }
    for (const sku of plan.productWeights) {
      if (!isStorableText(sku)) continue;
      if (!this.weights.has(sku)) this.weights.set(sku, null);
      wanted.skus.push(sku);
    }
    return wanted;
  }
}

/**
 * The rows of the last answer per counter range, reused while the answer is the same text: counters change only
 * when something is reserved, so most reads of a busy range return what the previous one did, and re-parsing it
 * would only make garbage. (The answer is still read from Postgres every time; only its parsing is saved.)
 */
const lastAnswers = new Map<string, { packed: string; rows: readonly CounterUsageRow[] }>();
const LAST_ANSWERS_LIMIT = 5000;

function unpacked(range: CounterRange, packed: string): readonly CounterUsageRow[] {
  const key = `${range.scope} ${range.ref} ${range.first} ${range.last}`;
  const last = lastAnswers.get(key);
  if (last !== undefined && last.packed === packed) return last.rows;
  const rows = unpack(range, packed);
  if (lastAnswers.size >= LAST_ANSWERS_LIMIT) lastAnswers.delete(lastAnswers.keys().next().value as string);
  lastAnswers.set(key, { packed, rows });
  return rows;
}

/** `0 4,1 1` (day offsets from the range's first day, and used) → one row per day with a non-zero counter. */
function unpack(range: CounterRange, packed: string): CounterUsageRow[] {
  const { scope, ref } = range;
  const start = parseDate(range.first) as number;
  const rows: CounterUsageRow[] = [];
  for (const day of packed.split(',')) {
    const space = day.indexOf(' ');
    rows.push({
      scope,
      ref,
      date: formatDate(start + Number(day.slice(0, space))),
      used: Number(day.slice(space + 1)),
    });
  }
  return rows;
}
