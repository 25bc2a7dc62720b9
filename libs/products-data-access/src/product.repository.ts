/**
 * The product master and the uploads' records in Postgres, as the ingest use case needs them (its `ProductStore`
 * port). The use case owns the order (de-duplicate, set unchanged products aside, then in one transaction claim the
 * message, upsert, record); this class and the transaction it opens only run the statements of each step.
 */
import type { Product } from '@delivery/contracts/messages';
import type { Database } from '@delivery/persistence';
import type { PreparedProducts, StoredState } from '@delivery/products-domain';
import { ProductIngestTransaction } from './product-ingest.transaction';
import { contentHashOf, ProductUpsertRepository } from './product-upsert.repository';

const productTables = new ProductUpsertRepository();

export class ProductRepository {
  constructor(private readonly database: Database) {}

  contentHash(product: Product): string {
    return contentHashOf(product);
  }

  /** Per productCode: absent, stored and identical to `hashes` (`true`), stored and different (`false`). */
  storedState(codes: readonly string[], hashes: readonly string[]): Promise<StoredState> {
    return productTables.storedState(this.database, codes, hashes);
  }

  /** The column arrays the statements send: the product objects are not needed after this. */
  prepare(batch: readonly Product[], hashes: readonly string[], state: StoredState): PreparedProducts {
    return productTables.prepare(batch, hashes, state);
  }

  /** Runs `work` in one transaction: committed when it resolves, rolled back (nothing written) otherwise. */
  transaction<T>(work: (steps: ProductIngestTransaction) => Promise<T>): Promise<T> {
    return this.database.transaction((sql) => work(new ProductIngestTransaction(sql)));
  }
}
