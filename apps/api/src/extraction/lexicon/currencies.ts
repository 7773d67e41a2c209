/**
 * Currency signs, codes and words as tables print them. Other lists still live beside their one
 * parser and differ on purpose or by history (value-tokens.ts reads a figure's leading sign,
 * scale.ts the currency before a scale such as "$m", receipts and invoices their own): see
 * docs/extraction/README.md, "Adding a vocabulary entry".
 */

/** A currency printed alone in a cell or segment, its figure in the next ("$", "US$", "RMB", "EUR"). */
export const CURRENCY_ALONE = /^(?:US\$|A\$|C\$|HK\$|S\$|R\$|RM|Rs\.?|RMB|USD|EUR|GBP|\$|€|£|¥|₹)$/i;

/** A currency a data point names for its answer ("Net income (USD millions)", "Revenue in $m", "in euros"). */
export const CURRENCY_WORD = String.raw`(?:USD|EUR|GBP|JPY|CNY|RMB|CHF|CAD|AUD|INR|US\$|Rs\.?|\$|€|£|¥|₹|dollars?|euros?|pounds?|rupees?)`;
