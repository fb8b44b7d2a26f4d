-- A job of the size the planner makes of a real query (tens of operators): orders and clicks
-- of customers, each windowed (tumbling, hopping) and aggregated, joined with three
-- dimension tables and with each other (an interval join), aggregated again and deduplicated,
-- four branches into one black hole. 20,000 orders and 20,000 clicks.
CREATE TEMPORARY TABLE orders (
  id BIGINT, customer INT, product INT, amount INT,
  ts AS TO_TIMESTAMP_LTZ(id * 10, 3),
  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND
) WITH (
  'connector' = 'datagen', 'number-of-rows' = '20000', 'rows-per-second' = '10000',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '20000',
  'fields.customer.min' = '0', 'fields.customer.max' = '99',
  'fields.product.min' = '0', 'fields.product.max' = '19',
  'fields.amount.min' = '1', 'fields.amount.max' = '100'
);

CREATE TEMPORARY TABLE clicks (
  id BIGINT, customer INT, page INT,
  ts AS TO_TIMESTAMP_LTZ(id * 10, 3),
  WATERMARK FOR ts AS ts - INTERVAL '1' SECOND
) WITH (
  'connector' = 'datagen', 'number-of-rows' = '20000', 'rows-per-second' = '10000',
  'fields.id.kind' = 'sequence', 'fields.id.start' = '1', 'fields.id.end' = '20000',
  'fields.customer.min' = '0', 'fields.customer.max' = '99',
  'fields.page.min' = '0', 'fields.page.max' = '49'
);

CREATE TEMPORARY TABLE customers (customer INT, region INT) WITH (
  'connector' = 'datagen', 'number-of-rows' = '100',
  'fields.customer.kind' = 'sequence', 'fields.customer.start' = '0',
  'fields.customer.end' = '99', 'fields.region.min' = '0', 'fields.region.max' = '4'
);

CREATE TEMPORARY TABLE products (product INT, category INT) WITH (
  'connector' = 'datagen', 'number-of-rows' = '20',
  'fields.product.kind' = 'sequence', 'fields.product.start' = '0',
  'fields.product.end' = '19', 'fields.category.min' = '0', 'fields.category.max' = '3'
);

CREATE TEMPORARY TABLE pages (page INT, section INT) WITH (
  'connector' = 'datagen', 'number-of-rows' = '50',
  'fields.page.kind' = 'sequence', 'fields.page.start' = '0',
  'fields.page.end' = '49', 'fields.section.min' = '0', 'fields.section.max' = '5'
);

CREATE TEMPORARY TABLE metrics (kind STRING, k INT, v BIGINT)
WITH ('connector' = 'blackhole');

INSERT INTO metrics
SELECT 'region-revenue', c.region, SUM(w.revenue)
FROM (
  SELECT customer, window_start, SUM(CAST(amount AS BIGINT)) AS revenue
  FROM TABLE(TUMBLE(TABLE orders, DESCRIPTOR(ts), INTERVAL '1' SECOND))
  GROUP BY customer, window_start, window_end
) AS w
JOIN customers AS c ON w.customer = c.customer
GROUP BY c.region
UNION ALL
SELECT 'section-clicks', g.section, SUM(h.clicks)
FROM (
  SELECT page, window_start, COUNT(*) AS clicks
  FROM TABLE(HOP(TABLE clicks, DESCRIPTOR(ts), INTERVAL '1' SECOND, INTERVAL '2' SECOND))
  GROUP BY page, window_start, window_end
) AS h
JOIN pages AS g ON h.page = g.page
GROUP BY g.section
UNION ALL
SELECT 'category-conversions', p.category, COUNT(*)
FROM orders AS o
JOIN clicks AS k ON o.customer = k.customer
  AND o.ts BETWEEN k.ts - INTERVAL '1' SECOND AND k.ts
JOIN products AS p ON o.product = p.product
GROUP BY p.category
UNION ALL
SELECT 'top-customer-orders', customer, orders
FROM (
  SELECT customer, orders,
    ROW_NUMBER() OVER (PARTITION BY MOD(customer, 10) ORDER BY orders DESC) AS row_num
  FROM (SELECT customer, COUNT(*) AS orders FROM orders GROUP BY customer)
)
WHERE row_num <= 3;
