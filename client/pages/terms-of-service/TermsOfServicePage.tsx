import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { useLocalePath, useT, type MessageId } from '../../app/i18n.js';
import { LegalList, LegalPage, type LegalSection } from '../../components/LegalPage.js';

const SUPPORT_EMAIL = 'support@okaybike.com';

export default function TermsOfServicePage() {
  const t = useT();
  const lp = useLocalePath();
  const rich = {
    contact: (chunks: ReactNode[]) => (
      <Link key="contact" to={lp('/contact')}>
        {chunks}
      </Link>
    ),
    privacy: (chunks: ReactNode[]) => (
      <Link key="privacy" to={lp('/privacy-policy')}>
        {chunks}
      </Link>
    ),
    mail: () => (
      <a key="mail" href={`mailto:${SUPPORT_EMAIL}`}>
        {SUPPORT_EMAIL}
      </a>
    ),
  };
  const sections: LegalSection[] = [
    {
      id: 'eligibility',
      title: t('pub.terms.eligibility.title'),
      body: <LegalList ids={['pub.terms.eligibility.age', 'pub.terms.eligibility.id', 'pub.terms.eligibility.rider']} />,
    },
    { id: 'booking', title: t('pub.terms.booking.title'), body: <p>{t('pub.terms.booking.text')}</p> },
    {
      id: 'pricing',
      title: t('pub.terms.pricing.title'),
      body: <LegalList ids={['pub.terms.pricing.hourly', 'pub.terms.pricing.billing', 'pub.terms.pricing.after']} />,
    },
    {
      id: 'cancellation',
      title: t('pub.terms.cancellation.title'),
      body: (
        <p>
          <FormattedMessage id={'pub.terms.cancellation.text' satisfies MessageId} values={rich} />
        </p>
      ),
    },
    {
      id: 'care',
      title: t('pub.terms.care.title'),
      body: <LegalList ids={['pub.terms.care.condition', 'pub.terms.care.report', 'pub.terms.care.pay']} />,
    },
    { id: 'late-returns', title: t('pub.terms.late.title'), body: <p>{t('pub.terms.late.text')}</p> },
    { id: 'liability', title: t('pub.terms.liability.title'), body: <p>{t('pub.terms.liability.text')}</p> },
    {
      id: 'contact',
      title: t('pub.terms.contact.title'),
      body: (
        <p>
          <FormattedMessage id={'pub.terms.contact.text' satisfies MessageId} values={rich} />
        </p>
      ),
    },
  ];
  return <LegalPage title={t('pub.terms.title')} updated="2026-01-01" intro={<p>{t('pub.terms.intro')}</p>} sections={sections} />;
}
