-- Orders summed per product in one-second event-time windows, joined with the products'
-- categories, into a black hole: 20,000 generated orders, about 8 operators.
CREATE TEMPORARY TABLE orders (
  id BIGINT, product INT, amount INT,
  ts AS TO_TIMESTAMP_LTZ(id * 10, 3),
  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND
) WITH (
  'connector' = 'datagen', 'number-of-rows' = '20000', 'rows-per-second' = '10000',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '20000',
  'fields.product.min' = '0', 'fields.product.max' = '9',
  'fields.amount.min' = '1', 'fields.amount.max' = '100'
);

CREATE TEMPORARY TABLE products (product INT, category INT) WITH (
  'connector' = 'datagen', 'number-of-rows' = '10',
  'fields.product.kind' = 'sequence', 'fields.product.start' = '0',
  'fields.product.end' = '9', 'fields.category.min' = '0', 'fields.category.max' = '2'
);

CREATE TEMPORARY TABLE category_revenue (
  category INT, product INT, window_start TIMESTAMP(3), revenue BIGINT
) WITH ('connector' = 'blackhole');

INSERT INTO category_revenue
SELECT p.category, w.product, w.window_start, w.revenue
FROM (
  SELECT product, window_start, SUM(CAST(amount AS BIGINT)) AS revenue
  FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(ts), INTERVAL '1' SECOND))
  GROUP BY product, window_start, window_end
) AS w
JOIN products AS p ON w.product = p.product;
