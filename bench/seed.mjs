import pg from 'pg';

/** Review tasks straight into the database, as the extraction job would leave them. */
export async function seedTasks(url, requesterId, count, requiredReviews = 1) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
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
         select id, 'pdf', 2, jsonb_build_object('name', 'Report ' || (metadata->>'url')),
           '{"result": {"total_revenue": {"value": 1234500000, "source_text": "Total revenue: $1,234.5 million", "location": "page 2, line 3", "confidence": 0.9}}, "confidence_score": -0.1}'::jsonb,
           $3
         from r`,
        [requesterId, n, requiredReviews],
      );
    }
  } finally {
    await client.end();
  }
}
