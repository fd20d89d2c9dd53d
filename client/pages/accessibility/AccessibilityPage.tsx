import { Tag } from 'antd';
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

export const REPORT_BARRIER_LINK = `/contact?${new URLSearchParams({ subject: 'Accessibility barrier' })}`;

function CriteriaTable({ level, id }: { level: 'A' | 'AA'; id: string }) {
  const rows = CRITERIA.filter((c) => c.level === level);
  return (
    <table className="conformance-table" aria-labelledby={id}>
      <thead>
        <tr>
          <th scope="col">Criterion</th>
          <th scope="col">Conformance level</th>
          <th scope="col">Remarks and explanations</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((c: Criterion) => (
          <tr key={c.id}>
            <th scope="row">
              {c.id} {c.name}
            </th>
            <td>
              {TAG_TONE[c.conformance] ? (
                <StatusTag tone={TAG_TONE[c.conformance]!} className="conformance-tag">
                  {c.conformance}
                </StatusTag>
              ) : (
                <Tag className="conformance-tag">{c.conformance}</Tag>
              )}
            </td>
            <td>
              <p className="conformance-remarks">{c.remarks}</p>
              {c.tests.length ? (
                <p className="conformance-tests">
                  Backed by:{' '}
                  {c.tests.map((t, i) => (
                    <span key={`${t.file}-${t.title}`}>
                      {i > 0 ? '; ' : ''}
                      <code>{t.file}</code> “{t.title}”
                    </span>
                  ))}
                </p>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * /accessibility (issue 26): the conformance report, rendered on the server from the same source as
 * docs/accessibility-conformance-report.md (client/lib/conformance-report.ts), with the way to report a barrier.
 */
export default function AccessibilityPage() {
  const count = (conformance: Conformance) => CRITERIA.filter((c) => c.conformance === conformance).length;
  return (
    <div className="page-container page-section accessibility-page">
      <PageHeading
        title="Accessibility conformance report"
        lead={`WCAG 2.2 levels A and AA, in the form of the VPAT® 2.5 (WCAG edition). ${REPORT.date}.`}
        extra={
          <ButtonLink to={REPORT_BARRIER_LINK} type="primary" size="large">
            Report a barrier
          </ButtonLink>
        }
      />
      <section aria-labelledby="a11y-summary" className="accessibility-intro">
        <h2 id="a11y-summary">Summary</h2>
        <p>
          We want everyone to be able to find, book and pay for a bike, with a keyboard, a screen reader, a phone or at any zoom. This report lists
          every WCAG 2.2 A and AA success criterion and says how far {REPORT.product.split(' (')[0]} meets it. We only claim “Supports” where an
          automated test backs the claim; where tests do not yet, we say “Partially supports”, even when we know of no failure.
        </p>
        <ul className="accessibility-counts">
          <li>
            <strong>{count('Supports')}</strong> supported
          </li>
          <li>
            <strong>{count('Partially supports')}</strong> partially supported
          </li>
          <li>
            <strong>{count('Does not support')}</strong> not supported
          </li>
          <li>
            <strong>{count('Not applicable')}</strong> not applicable
          </li>
        </ul>
        <dl className="accessibility-facts">
          <dt>Product</dt>
          <dd>{REPORT.product}</dd>
          <dt>Standard</dt>
          <dd>{REPORT.standards}</dd>
          <dt>How we evaluated</dt>
          <dd>{REPORT.evaluation}</dd>
        </dl>
      </section>
      <section aria-labelledby="a11y-level-a">
        <h2 id="a11y-level-a">Table 1: Success criteria, level A</h2>
        <CriteriaTable level="A" id="a11y-level-a" />
      </section>
      <section aria-labelledby="a11y-level-aa">
        <h2 id="a11y-level-aa">Table 2: Success criteria, level AA</h2>
        <CriteriaTable level="AA" id="a11y-level-aa" />
      </section>
      <section aria-labelledby="a11y-report" className="accessibility-report">
        <h2 id="a11y-report">Report a barrier</h2>
        <p>
          Something on the site hard or impossible to use? Tell us what you tried, on which page, and with which browser or assistive technology. We
          answer within 2 business days and can take your booking by phone or email meanwhile.
        </p>
        <ButtonLink to={REPORT_BARRIER_LINK} type="primary">
          Report a barrier
        </ButtonLink>
      </section>
    </div>
  );
}
