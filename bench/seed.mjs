import pg from 'pg';

/**
 * 64 AI results the size and shape the extractor leaves on a task (3 to 40 values, each with its
 * location, source text, confidence and anchor: about 0.3 KB a value, so 1 to 12 KB a task, which
 * Postgres stores compressed, as a real year's are), for the tasks to draw from.
 */
export async function seedAiResults(client) {
  await client.query(`create temporary table if not exists seed_results as
    select i, jsonb_build_object(
      'result', (select jsonb_object_agg(
          (array['total_revenue','net_income','operating_income','total_assets','total_liabilities',
            'cash_and_equivalents','shareholders_equity','earnings_per_share','gross_margin',
            'operating_expenses','capital_expenditure','free_cash_flow'])[1 + k % 12]
            || case when k >= 12 then '_' || (2023 - k / 12) else '' end,
          jsonb_build_object(
            'value', round((random() * 1e7)::numeric, 1),
            'location', 'page ' || (1 + k % 9) || ', table ' || (1 + k % 3) || ', row ' || (k + 1),
            'source_text', 'Line item ' || (k + 1) || '   ' || to_char(random() * 1e7, 'FM99,999,990.0')
              || '   ' || to_char(random() * 1e7, 'FM99,999,990.0'),
            'source_url', null,
            'confidence', round((0.5 + random() * 0.5)::numeric, 3),
            'anchor', jsonb_build_object('page', 1 + k % 9,
              'box', jsonb_build_array(round((50 + random() * 400)::numeric, 1), round((60 + random() * 650)::numeric, 1),
                round((80 + random() * 450)::numeric, 1), round((70 + random() * 660)::numeric, 1)),
              'row_label', 'Line item ' || (k + 1), 'column_label', (2024 - k % 3)::text)))
        from generate_series(0, 2 + (i * 37) % 38) k),
      'confidence_score', round(ln(0.5 + random() * 0.5)::numeric, 4),
      'provider', 'default') as ai_result
    from generate_series(0, 63) i`);
}

/** Review tasks straight into the database, as the extraction job would leave them. */
export async function seedTasks(url, requesterId, count, requiredReviews = 1) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await seedAiResults(client);
    const batch = 500;
    for (let start = 0; start < count; start += batch) {
      const n = Math.min(batch, count - start);
      await client.query(
        `with r as (
           insert into requests (requester_id, document_type, status, metadata)
           select $1, 'pdf', 'processing', jsonb_build_object('url', 'https://acme-corp.io/r' || g || '.pdf')
           from generate_series(1, $2) g returning id, metadata
         )
         insert into tasks (request_id, document_type, priority, metadata, ai_result, required_reviews)
         select r.id, 'pdf', 2, jsonb_build_object('name', 'Report ' || (r.metadata->>'url')), s.ai_result, $3
         from r join seed_results s on s.i = abs(hashtext(r.id::text)) % 64`,
        [requesterId, n, requiredReviews],
      );
    }
  } finally {
    await client.end();
  }
}
