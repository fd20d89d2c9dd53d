import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';
import { useLocalePath, useT, type MessageId } from '../../app/i18n.js';
import { LegalList, LegalPage, type LegalSection } from '../../components/LegalPage.js';

const PRIVACY_EMAIL = 'privacy@okaybike.com';

export default function PrivacyPolicyPage() {
  const t = useT();
  const lp = useLocalePath();
  const rich = {
    code: (chunks: ReactNode[]) => <code key="code">{chunks}</code>,
    contact: (chunks: ReactNode[]) => (
      <Link key="contact" to={lp('/contact')}>
        {chunks}
      </Link>
    ),
    mail: () => (
      <a key="mail" href={`mailto:${PRIVACY_EMAIL}`}>
        {PRIVACY_EMAIL}
      </a>
    ),
  };
  const sections: LegalSection[] = [
    {
      id: 'data-we-collect',
      title: t('pub.privacy.collect.title'),
      body: (
        <LegalList
          ids={['pub.privacy.collect.account', 'pub.privacy.collect.rentals', 'pub.privacy.collect.reviews', 'pub.privacy.collect.messages', 'pub.privacy.collect.technical']}
        />
      ),
    },
    {
      id: 'how-we-use-it',
      title: t('pub.privacy.use.title'),
      body: <LegalList ids={['pub.privacy.use.account', 'pub.privacy.use.payments', 'pub.privacy.use.questions', 'pub.privacy.use.security']} />,
    },
    { id: 'payments', title: t('pub.privacy.payments.title'), body: <p>{t('pub.privacy.payments.text')}</p> },
    {
      id: 'cookies',
      title: t('pub.privacy.cookies.title'),
      body: (
        <>
          <p>{t('pub.privacy.cookies.intro')}</p>
          <LegalList ids={['pub.privacy.cookies.token', 'pub.privacy.cookies.theme']} values={rich} />
          <p>
            <FormattedMessage id={'pub.privacy.cookies.storage' satisfies MessageId} values={rich} />
          </p>
        </>
      ),
    },
    { id: 'sharing', title: t('pub.privacy.sharing.title'), body: <p>{t('pub.privacy.sharing.text')}</p> },
    {
      id: 'retention',
      title: t('pub.privacy.retention.title'),
      body: <LegalList ids={['pub.privacy.retention.account', 'pub.privacy.retention.rentals', 'pub.privacy.retention.messages']} />,
    },
    {
      id: 'your-rights',
      title: t('pub.privacy.rights.title'),
      body: (
        <p>
          <FormattedMessage id={'pub.privacy.rights.text' satisfies MessageId} values={rich} />
        </p>
      ),
    },
    {
      id: 'contact',
      title: t('pub.privacy.contact.title'),
      body: (
        <p>
          <FormattedMessage id={'pub.privacy.contact.text' satisfies MessageId} values={rich} />
        </p>
      ),
    },
  ];
  return <LegalPage title={t('pub.privacy.title')} updated="2026-01-01" intro={<p>{t('pub.privacy.intro')}</p>} sections={sections} />;
}
