import type { Definition } from './definition';

/**
 * `product_weights (sku, weight_kg)`: the seam through which the capacity calculation reads product-master weights
 * (E1.5, E11.7): one weight per SKU in kg per unit of quantity, from the product with the newest `date_update` (ties:
 * the smallest productCode).
 */
export const productWeights: Definition = {
  name: 'product_weights',
  sql: `
CREATE OR REPLACE VIEW product_weights AS
  SELECT DISTINCT ON (sku_code) sku_code::text AS sku, weight::numeric AS weight_kg
  FROM products
  ORDER BY sku_code, date_update DESC, product_code;
COMMENT ON VIEW product_weights IS
  'Product-master weight per SKU in kg per unit of quantity (E1.5, E11.7), read by the capacity calculation: the '
  'weight of the product with the newest date_update (ties: the smallest product_code).';`,
};
