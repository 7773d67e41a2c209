import { foldLabel } from './invoice-labels';

/**
 * Which language a page is printed in, from words that give it away (DESIGN §11): the OCR reads
 * every page in English first, and a page that is clearly German, French or Spanish is read again
 * with that language's model too, so that "Rückgeld", "Straße", "reçu" and "número" come out as
 * printed. Only words English does not share count; accents are folded, so an English reading of
 * "Rückgeld" ("Ruckgeld") counts as well.
 */
export type PageLanguage = 'deu' | 'fra' | 'spa';

const CUES: Record<PageLanguage, ReadonlySet<string>> = {
  deu: new Set([
    'summe',
    'zwischensumme',
    'gesamt',
    'gesamtbetrag',
    'endbetrag',
    'mwst',
    'ust',
    'netto',
    'brutto',
    'betrag',
    'rechnung',
    'rechnungsnummer',
    'rechnungsdatum',
    'datum',
    'uhrzeit',
    'gegeben',
    'ruckgeld',
    'steuer',
    'gmbh',
    'kasse',
    'quittung',
    'beleg',
    'vielen',
    'dank',
    'ihren',
    'einkauf',
    'strasse',
    'strabe',
    'strase',
    'menge',
    'preis',
    'zahlung',
    'bezahlt',
    'kunde',
    'kundennummer',
    'zahlbar',
    'und',
    'der',
    'mit',
    'fur',
    'bitte',
    'lieferung',
    'leistung',
    'stuck',
    'einzelpreis',
    'bankverbindung',
  ]),
  fra: new Set([
    'facture',
    'tva',
    'ttc',
    'montant',
    'especes',
    'rendu',
    'merci',
    'sarl',
    'rue',
    'prix',
    'quantite',
    'remise',
    'paye',
    'recu',
    'caisse',
    'articles',
    'les',
    'des',
    'pour',
    'avec',
    'echeance',
    'reglement',
    'numero',
    'qte',
    'taux',
    'hors',
    'taxes',
    'votre',
    'visite',
    'siret',
    'sous',
  ]),
  spa: new Set([
    'factura',
    'iva',
    'importe',
    'efectivo',
    'cambio',
    'gracias',
    'cantidad',
    'precio',
    'calle',
    'fecha',
    'numero',
    'cliente',
    'imponible',
    'pago',
    'vencimiento',
    'del',
    'los',
    'las',
    'para',
    'con',
    'por',
    'nif',
    'cif',
    'unidades',
    'descripcion',
    'su',
    'compra',
    'ticket',
    'entregado',
  ]),
};

/** Distinct give-away words a page needs before it is read again in their language. */
const MIN_CUES = 3;

/** The page's language when its words clearly say it is German, French or Spanish; else none. */
export function pageLanguage(words: readonly string[]): PageLanguage | undefined {
  const seen = new Map<PageLanguage, Set<string>>();
  for (const raw of words) {
    const word = foldLabel(raw).replace(/[^a-z]/g, '');
    if (word.length < 2) continue;
    for (const [lang, cues] of Object.entries(CUES) as [PageLanguage, ReadonlySet<string>][]) {
      if (!cues.has(word)) continue;
      const found = seen.get(lang) ?? new Set<string>();
      found.add(word);
      seen.set(lang, found);
    }
  }
  const ranked = [...seen].map(([lang, found]) => ({ lang, n: found.size })).sort((a, b) => b.n - a.n);
  const [first, second] = ranked;
  if (!first || first.n < MIN_CUES || (second && first.n < second.n * 1.5)) return undefined;
  return first.lang;
}
