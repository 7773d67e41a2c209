import { describe, expect, it } from 'vitest';
import { pageLanguage } from './languages';

const words = (text: string) => text.split(/\s+/);

describe('the language a page is printed in', () => {
  it('knows German, French and Spanish receipts by their words, umlauts read or not', () => {
    expect(pageLanguage(words('Backerei Brotzeit GmbH Summe EUR 9,50 Ruckgeld 10,50 MwSt Netto'))).toBe(
      'deu',
    );
    expect(
      pageLanguage(words('Boulangerie SARL 12 rue Montmartre Total TTC 8,40 TVA 5,5% Espèces Rendu Merci')),
    ).toBe('fra');
    expect(
      pageLanguage(words('Panadería S.L. Calle Mayor 3 Fecha 14/03/2024 Importe IVA 10% Efectivo Cambio')),
    ).toBe('spa');
  });

  it('leaves English and Malay receipts in English, and a page of two words undecided', () => {
    expect(
      pageLanguage(
        words('KEDAI MAJU JAYA SDN BHD NO 12 JALAN MERDEKA TAMAN BUKIT TOTAL RM 24.50 CASH CHANGE GST'),
      ),
    ).toBeUndefined();
    expect(
      pageLanguage(words('Invoice Date Total Amount due Tax Subtotal Thank you for your business')),
    ).toBeUndefined();
    expect(pageLanguage(words('Summe 9,50'))).toBeUndefined();
  });
});
