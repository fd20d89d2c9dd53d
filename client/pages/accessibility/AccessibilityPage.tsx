import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { CRITERION_TEXTS } from '../../../locales/pub/conformance.js';
import { useLocale, useT, type Locale, type MessageId } from '../../app/i18n.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { PageHeading } from '../../components/PageHeading.js';
import { StatusTag, type StatusTone } from '../../components/StatusTag.js';
import { CRITERIA, REPORT, type Conformance, type Criterion } from '../../lib/conformance-report.js';
import './accessibility.css';

// The app's status badges (AA contrast in both themes); antd's preset success/warning tags are under 4.5:1.
const TAG_TONE: Record<Conformance, StatusTone | null> = {
  Supports: 'success',
  'Partially supports': 'warning',
  'Does not support': 'danger',
  'Not applicable': null,
};

/** Each conformance level's name in the catalogue. */
const CONFORMANCE: Record<Conformance, MessageId> = {
  Supports: 'pub.a11y.supports',
  'Partially supports': 'pub.a11y.partiallySupports',
  'Does not support': 'pub.a11y.doesNotSupport',
  'Not applicable': 'pub.a11y.notApplicable',
};

/** A criterion's name and remarks in `locale`: the report's own English, or the translation of locales/pub/conformance.ts. */
function criterionText(c: Criterion, locale: Locale): { name: string; remarks: string } {
  return locale === 'en' ? { name: c.name, remarks: c.remarks } : (CRITERION_TEXTS[locale][c.id] ?? { name: c.name, remarks: c.remarks });
}

/** The report's date ('November 2026') as the language writes a month. */
function reportDate(locale: Locale): string {
  const date = new Date(`1 ${REPORT.date} UTC`);
  if (locale === 'en' || Number.isNaN(date.getTime())) return REPORT.date;
  return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
}

function CriteriaTable({ level, id }: { level: 'A' | 'AA'; id: string }) {
  const t = useT();
  const locale = useLocale();
  const rows = CRITERIA.filter((c) => c.level === level);
  return (
    <table className="conformance-table" aria-labelledby={id}>
      <thead>
        <tr>
          <th scope="col">{t('pub.a11y.criterion')}</th>
          <th scope="col">{t('pub.a11y.level')}</th>
          <th scope="col">{t('pub.a11y.remarks')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((c: Criterion) => {
          const text = criterionText(c, locale);
          const tone = TAG_TONE[c.conformance];
          return (
            <tr key={c.id}>
              <th scope="row">
                {c.id} {text.name}
              </th>
              <td>
                {tone ? (
                  <StatusTag tone={tone} className="conformance-tag">
                    {t(CONFORMANCE[c.conformance])}
                  </StatusTag>
                ) : (
                  <Tag className="conformance-tag">{t(CONFORMANCE[c.conformance])}</Tag>
                )}
              </td>
              <td>
                <p className="conformance-remarks">{text.remarks}</p>
                {c.tests.length ? (
                  <p className="conformance-tests">
                    {t('pub.a11y.backedBy')}{' '}
                    {c.tests.map((test, i) => (
                      // The tests' titles are the code's own, in English.
                      <span key={`${test.file}-${test.title}`} lang={locale === 'en' ? undefined : 'en'}>
                        {i > 0 ? '; ' : ''}
                        <code>{test.file}</code> “{test.title}”
                      </span>
                    ))}
                  </p>
                ) : null}
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

const strong = (chunks: ReactNode[]) => <strong key="strong">{chunks}</strong>;

/**
 * /accessibility (issue 26): the conformance report, rendered on the server from the same source as
 * docs/accessibility-conformance-report.md (client/lib/conformance-report.ts), with the way to report a barrier.
 * Other languages take the criteria's names and remarks from locales/pub/conformance.ts.
 */
export default function AccessibilityPage() {
  const t = useT();
  const locale = useLocale();
  const count = (conformance: Conformance) => CRITERIA.filter((c) => c.conformance === conformance).length;
  // The contact form with the subject filled in, in the page's language ('Accessibility barrier').
  const barrierLink = `/contact?${new URLSearchParams({ subject: t('pub.a11y.barrierSubject') })}`;
  return (
    <div className="page-container page-section accessibility-page">
      <PageHeading
        title={t('pub.a11y.title')}
        lead={t('pub.a11y.lead', { date: reportDate(locale) })}
        extra={
          <ButtonLink to={barrierLink} type="primary" size="large">
            {t('pub.a11y.reportBarrier')}
          </ButtonLink>
        }
      />
      <section aria-labelledby="a11y-summary" className="accessibility-intro">
        <h2 id="a11y-summary">{t('pub.a11y.summary')}</h2>
        <p>{t('pub.a11y.summaryText', { product: REPORT.product.split(' (')[0] })}</p>
        <ul className="accessibility-counts">
          <li>
            <FormattedMessage id={'pub.a11y.count.supports' satisfies MessageId} values={{ count: count('Supports'), strong }} />
          </li>
          <li>
            <FormattedMessage id={'pub.a11y.count.partial' satisfies MessageId} values={{ count: count('Partially supports'), strong }} />
          </li>
          <li>
            <FormattedMessage id={'pub.a11y.count.none' satisfies MessageId} values={{ count: count('Does not support'), strong }} />
          </li>
          <li>
            <FormattedMessage id={'pub.a11y.count.na' satisfies MessageId} values={{ count: count('Not applicable'), strong }} />
          </li>
        </ul>
        <dl className="accessibility-facts">
          <dt>{t('pub.a11y.product')}</dt>
          <dd>{t('pub.a11y.productText')}</dd>
          <dt>{t('pub.a11y.standard')}</dt>
          <dd>{t('pub.a11y.standardText')}</dd>
          <dt>{t('pub.a11y.evaluated')}</dt>
          <dd>{t('pub.a11y.evaluatedText')}</dd>
        </dl>
      </section>
      <section aria-labelledby="a11y-level-a">
        <h2 id="a11y-level-a">{t('pub.a11y.tableA')}</h2>
        <CriteriaTable level="A" id="a11y-level-a" />
      </section>
      <section aria-labelledby="a11y-level-aa">
        <h2 id="a11y-level-aa">{t('pub.a11y.tableAA')}</h2>
        <CriteriaTable level="AA" id="a11y-level-aa" />
      </section>
      <section aria-labelledby="a11y-report" className="accessibility-report">
        <h2 id="a11y-report">{t('pub.a11y.reportBarrier')}</h2>
        <p>{t('pub.a11y.reportText')}</p>
        <ButtonLink to={barrierLink} type="primary">
          {t('pub.a11y.reportBarrier')}
        </ButtonLink>
      </section>
    </div>
  );
}
