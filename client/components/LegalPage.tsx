import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useLocale, useNumberFormat, useT, type Locale, type MessageId } from '../app/i18n.js';
import { PageHeading } from './PageHeading.js';
import './legal.css';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** '2026-01-01' as the page's language writes a date: '1 January 2026', '1. Januar 2026', '১ জানুয়ারি, ২০২৬'. */
function legalDate(isoDate: string, locale: Locale): string {
  // English as the pages always printed it (day first), the other languages as Intl writes them.
  return new Intl.DateTimeFormat(locale === 'en' ? 'en-GB' : locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${isoDate}T00:00:00Z`),
  );
}

/** A section's list: one item per catalogue message, with the rich-text tags they use (<code>, <contact>). */
export function LegalList({ ids, values }: { ids: MessageId[]; values?: Record<string, (chunks: ReactNode[]) => ReactNode> }) {
  return (
    <ul>
      {ids.map((id) => (
        <li key={id}>
          <FormattedMessage id={id} values={values} />
        </li>
      ))}
    </ul>
  );
}

/** A legal document: heading, effective date (ISO, 'YYYY-MM-DD'), contents and numbered sections. */
export function LegalPage({ title, updated, intro, sections }: { title: string; updated: string; intro: ReactNode; sections: LegalSection[] }) {
  const t = useT();
  const locale = useLocale();
  const number = useNumberFormat();
  return (
    <div className="page-container page-section legal-page">
      <PageHeading title={title} lead={t('pub.legal.updated', { date: legalDate(updated, locale) })} />
      <div className="legal-layout">
        <nav aria-label={t('pub.legal.contents')} className="legal-toc">
          <h2 className="legal-toc-title">{t('pub.legal.contents')}</h2>
          <ol>
            {sections.map((s) => (
              <li key={s.id}>
                <a href={`#${s.id}`}>{s.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <article className="legal-body">
          <div className="legal-intro">{intro}</div>
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`}>
              <h2 id={`${s.id}-title`}>
                {number(i + 1)}. {s.title}
              </h2>
              {s.body}
            </section>
          ))}
        </article>
      </div>
    </div>
  );
}
