import { CATALOGUES } from '../../../locales/index.js';
import { CRITERION_TEXTS } from '../../../locales/pub/conformance.js';
import { CRITERIA, REPORT } from '../../lib/conformance-report.js';
import { SHOP_ADDRESS } from '../../lib/shop.js';

/** Issue 27: the accessibility report and the contact page in every language, their English the sources' own. */
describe('the public pages in German and Bangla', () => {
  it.each(['de', 'bn'] as const)('%s names and explains every criterion of the report', (locale) => {
    const texts = CRITERION_TEXTS[locale];
    expect(Object.keys(texts).sort()).toEqual(CRITERIA.map((c) => c.id).sort());
    for (const [id, { name, remarks }] of Object.entries(texts)) {
      expect({ id, name: name.trim().length > 0, remarks: remarks.length > 10 }).toEqual({ id, name: true, remarks: true });
    }
  });

  it("the English catalogue says the report's and the shop's own texts", () => {
    expect(CATALOGUES.en['pub.a11y.productText']).toBe(REPORT.product);
    expect(CATALOGUES.en['pub.a11y.standardText']).toBe(REPORT.standards);
    expect(CATALOGUES.en['pub.a11y.evaluatedText']).toBe(REPORT.evaluation);
    expect(CATALOGUES.en['pub.contact.addressText']).toBe(SHOP_ADDRESS);
  });
});
