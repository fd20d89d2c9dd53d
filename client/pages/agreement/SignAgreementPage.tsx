import './agreement.css';
import { CheckCircleFilled, FilePdfOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Input, Radio, Skeleton, Tag } from 'antd';
import { useId, useState } from 'react';
import { useIntl } from 'react-intl';
import { useParams } from 'react-router-dom';
import { useRentalAgreement, useSignRiders, type RentalAgreement, type RiderInput } from '../../api/agreements.js';
import { isApiError } from '../../api/http.js';
import { useShopTimeZone } from '../../app/app-settings.js';
import { InLocale, useLocale, useT, type Locale } from '../../app/i18n.js';
import { notify } from '../../app/notify.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { DateTime } from '../../components/DateTime.js';
import { DateTimeInput } from '../../components/DateTimeInput.js';
import { LoadError } from '../../components/LoadError.js';
import { Markdown } from '../../components/Markdown.js';
import { PageHeading } from '../../components/PageHeading.js';
import { SignaturePad } from '../../components/SignaturePad.js';
import { ageOn, dateInZone } from './age.js';

type Method = 'drawn' | 'typed';

/** A birth date (YYYY-MM-DD) as the page's language writes dates; English keeps it as entered. */
function birthDateText(date: string, locale: Locale): string {
  if (locale === 'en' || !/^\d{4}-\d{2}-\d{2}$/.test(date)) return date;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`));
}

/** The API's field errors of one rider (riders.0.*) by the field's name under the rider. */
function fieldErrors(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const out: Record<string, string> = {};
  for (const e of error.errors) {
    const field = e.path.replace(/^riders\.\d+\./, '');
    out[field] ??= e.message;
  }
  return out;
}

/** One rider still to sign: name and birth date, a guardian for a minor, then a drawn or typed signature with consent. */
function RiderForm({ agreement, position }: { agreement: RentalAgreement; position: number }) {
  const zone = useShopTimeZone();
  const sign = useSignRiders(agreement.rentalId);
  const [name, setName] = useState('');
  const [birthDate, setBirthDate] = useState('');
  const [guardianName, setGuardianName] = useState('');
  const [method, setMethod] = useState<Method>('drawn');
  const [typedName, setTypedName] = useState('');
  const [image, setImage] = useState<string | null>(null);
  const [consent, setConsent] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const ids = { name: useId(), birth: useId(), guardian: useId(), typed: useId(), method: useId() };
  const minor = /^\d{4}-\d{2}-\d{2}$/.test(birthDate) && ageOn(birthDate, dateInZone(new Date(agreement.startTime), zone)) < 18;
  const signer = minor ? guardianName : name;
  const errors = fieldErrors(sign.error);
  const known = agreement.knownRiders;
  const t = useT();
  const locale = useLocale();

  const submit = (rider: RiderInput) =>
    sign.mutate([rider], {
      onSuccess: () => notify.success(t('cust.sign.signedToast', { name: rider.name })),
    });

  const onSubmit = () => {
    setProblem(null);
    if (!name.trim() || !birthDate) return setProblem(t('cust.sign.needNameBirth'));
    if (minor && !guardianName.trim()) return setProblem(t('cust.sign.needGuardian'));
    if (!typedName.trim()) return setProblem(minor ? t('cust.sign.needTypedGuardian') : t('cust.sign.needTypedRider'));
    if (method === 'drawn' && !image) return setProblem(t('cust.sign.needDrawing'));
    if (!consent) return setProblem(t('cust.sign.needConsent'));
    submit({
      position,
      name: name.trim(),
      birthDate,
      ...(minor ? { guardianName: guardianName.trim() } : {}),
      signature: { method, typedName: typedName.trim(), consent: true, ...(method === 'drawn' && image ? { image } : {}) },
    });
  };

  const counts = { n: position + 1, total: agreement.ridersNeeded };
  const heading = t('cust.sign.riderOf', counts);
  return (
    <Card className="agreement-rider-card" title={<h3 className="okb-card-heading agreement-rider-title">{heading}</h3>}>
      {known.length ? (
        <div className="agreement-known" role="group" aria-label={t('cust.sign.knownLabel', { heading })}>
          <p className="agreement-muted">{t('cust.sign.reuse')}</p>
          <div className="agreement-known-list">
            {known.map((k) => (
              <Button key={`${k.name}-${k.birthDate}`} onClick={() => submit({ position, name: k.name, birthDate: k.birthDate })} loading={sign.isPending}>
                {k.name} ({birthDateText(k.birthDate, locale)})
              </Button>
            ))}
          </div>
        </div>
      ) : null}
      <form
        className="agreement-form"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          onSubmit();
        }}
      >
        <div className="agreement-field">
          <label htmlFor={ids.name}>{t('cust.sign.riderName')}</label>
          <Input id={ids.name} value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" status={errors.name ? 'error' : undefined} aria-describedby={errors.name ? `${ids.name}-err` : undefined} />
          {errors.name ? <div id={`${ids.name}-err`} className="agreement-error">{errors.name}</div> : null}
        </div>
        <div className="agreement-field">
          <label htmlFor={ids.birth}>{t('cust.sign.birthDate')}</label>
          <DateTimeInput id={ids.birth} type="date" value={birthDate} onChange={(e) => setBirthDate(e.target.value)} status={errors.birthDate ? 'error' : undefined} aria-describedby={errors.birthDate ? `${ids.birth}-err` : undefined} />
          {errors.birthDate ? <div id={`${ids.birth}-err`} className="agreement-error">{errors.birthDate}</div> : null}
        </div>
        {minor ? (
          <div className="agreement-field">
            <Alert type="info" showIcon title={t('cust.sign.minorTitle')} description={t('cust.sign.minorText')} className="agreement-minor-note" />
            <label htmlFor={ids.guardian}>{t('cust.sign.guardianName')}</label>
            <Input id={ids.guardian} value={guardianName} onChange={(e) => setGuardianName(e.target.value)} status={errors.guardianName ? 'error' : undefined} aria-describedby={errors.guardianName ? `${ids.guardian}-err` : undefined} />
            {errors.guardianName ? <div id={`${ids.guardian}-err`} className="agreement-error">{errors.guardianName}</div> : null}
          </div>
        ) : null}
        <fieldset className="agreement-field agreement-signature">
          <legend>{minor ? t('cust.sign.guardianSignature') : t('cust.sign.signature')}</legend>
          <Radio.Group id={ids.method} value={method} onChange={(e) => setMethod(e.target.value as Method)} optionType="button" buttonStyle="solid" aria-label={t('cust.sign.how')}
            options={[
              { value: 'drawn', label: t('cust.sign.draw') },
              { value: 'typed', label: t('cust.sign.typeName') },
            ]}
          />
          {method === 'drawn' ? (
            <SignaturePad label={t('cust.sign.padLabel', { heading })} onChange={setImage} />
          ) : (
            <p className="agreement-muted">{t('cust.sign.typedNote')}</p>
          )}
          {errors['signature.image'] ? <div className="agreement-error">{errors['signature.image']}</div> : null}
          <label htmlFor={ids.typed}>{minor ? t('cust.sign.typedGuardian') : t('cust.sign.typedRider')}</label>
          <Input id={ids.typed} value={typedName} onChange={(e) => setTypedName(e.target.value)} placeholder={signer || undefined} status={errors['signature.typedName'] ? 'error' : undefined} aria-describedby={errors['signature.typedName'] ? `${ids.typed}-err` : undefined} />
          {typedName.trim() && method === 'typed' ? <p className="agreement-typed-mark" aria-hidden="true">{typedName}</p> : null}
          {errors['signature.typedName'] ? <div id={`${ids.typed}-err`} className="agreement-error">{errors['signature.typedName']}</div> : null}
          <Checkbox checked={consent} onChange={(e) => setConsent(e.target.checked)} className="agreement-consent">
            {minor ? t('cust.sign.consentGuardian') : t('cust.sign.consentRider')}
          </Checkbox>
          {errors['signature.consent'] ? <div className="agreement-error">{errors['signature.consent']}</div> : null}
        </fieldset>
        {problem ? (
          <p className="agreement-error" role="alert">
            {problem}
          </p>
        ) : null}
        {sign.isError && !Object.keys(errors).length ? <Alert type="error" showIcon role="alert" title={t('cust.sign.saveFailed')} description={sign.error.message} /> : null}
        <Button type="primary" htmlType="submit" loading={sign.isPending} block>
          {t('cust.sign.signFor', counts)}
        </Button>
      </form>
    </Card>
  );
}

function SignedRiders({ agreement }: { agreement: RentalAgreement }) {
  const t = useT();
  const intl = useIntl();
  const locale = useLocale();
  if (!agreement.riders.length) return null;
  const SIGNED_AT = { reused: 'cust.sign.reusedAt', drawn: 'cust.sign.drawnAt', typed: 'cust.sign.typedAt' } as const;
  return (
    <Card title={<h2 className="okb-card-heading agreement-card-title">{t('cust.sign.signedTitle')}</h2>} className="agreement-signed-card">
      <ul className="agreement-signed-list">
        {agreement.riders.map((r) => (
          <li key={r.position}>
            <CheckCircleFilled className="agreement-ok-icon" aria-hidden="true" />
            <div>
              <strong>{r.name}</strong>{' '}
              <span className="agreement-muted">{t('cust.sign.riderBorn', { n: r.position + 1, born: birthDateText(r.birthDate, locale) })}</span>
              {r.minor ? <Tag className="agreement-tag">{t('cust.sign.guardianTag', { name: r.guardianName ?? '' })}</Tag> : null}
              <div className="agreement-muted">
                {intl.formatMessage(
                  { id: SIGNED_AT[r.signature.reused ? 'reused' : r.signature.method === 'drawn' ? 'drawn' : 'typed'] },
                  { version: r.signature.version, date: () => <DateTime key="signed" value={r.signature.signedAt} /> },
                )}
              </div>
            </div>
            <a className="agreement-pdf-link" href={r.signature.pdfUrl} aria-label={t('cust.sign.pdfOf', { name: r.name })}>
              <FilePdfOutlined aria-hidden="true" /> {t('cust.agreement.pdf')}
            </a>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/**
 * /dashboard/rentals/:id/agreement: every rider signs before pick-up (the customer online, or on the shop's tablet).
 * The page speaks the rental's customer's language, as the signed PDFs do: on the counter's tablet too, whatever
 * language the staff member chose.
 */
export default function SignAgreementPage() {
  const { id = '' } = useParams();
  const agreement = useRentalAgreement(id);
  const pageLocale = useLocale();
  const customer = agreement.data?.language;
  if (customer && customer !== pageLocale) {
    return (
      <InLocale locale={customer}>
        <SigningScreen agreement={agreement} lang={customer} />
      </InLocale>
    );
  }
  return <SigningScreen agreement={agreement} />;
}

function SigningScreen({ agreement, lang }: { agreement: ReturnType<typeof useRentalAgreement>; lang?: Locale }) {
  const t = useT();
  const intl = useIntl();

  if (agreement.isError) {
    const missing = isApiError(agreement.error) && agreement.error.status === 404;
    return (
      <div className="agreement-page">
        <PageHeading title={t('cust.agreement.title')} />
        <LoadError title={missing ? t('cust.sign.notFound') : t('cust.agreement.loadError')} onRetry={() => agreement.refetch()} retrying={agreement.isFetching} variant="dashboard" />
      </div>
    );
  }
  if (!agreement.data) {
    return (
      <div className="agreement-page" aria-busy="true">
        <PageHeading title={t('cust.agreement.title')} />
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </div>
    );
  }
  const a = agreement.data;
  const signedCount = a.riders.length;
  return (
    <div className="agreement-page" lang={lang}>
      <PageHeading
        title={t('cust.agreement.title')}
        lead={
          <>
            {intl.formatMessage(
              { id: 'cust.sign.lead' },
              { bike: a.bikeName, n: a.ridersNeeded, booking: a.paymentId, date: () => <DateTime key="start" value={a.startTime} /> },
            )}
          </>
        }
      />
      {!a.required ? (
        <Alert type="success" showIcon title={t('cust.sign.nothingTitle')} description={t('cust.sign.nothingText')} />
      ) : a.complete ? (
        <Alert type="success" showIcon role="status" title={t('cust.sign.completeTitle')} description={t('cust.sign.completeText')} />
      ) : (
        <Alert
          type="info"
          showIcon
          role="status"
          title={t('cust.sign.progress', { n: signedCount, total: a.ridersNeeded })}
          description={a.canSign ? t('cust.sign.progressText') : t('cust.sign.closed')}
        />
      )}
      {a.agreement ? (
        <Card
          className="agreement-text-card"
          title={<h2 className="okb-card-heading agreement-card-title">{a.agreement.title}</h2>}
          extra={<span className="agreement-muted">{t('cust.agreement.version', { version: a.agreement.version })}</span>}
        >
          <section className="agreement-text" tabIndex={0} aria-label={t('cust.sign.textLabel')}>
            <Markdown text={a.agreement.text} headingOffset={2} />
          </section>
        </Card>
      ) : null}
      <SignedRiders agreement={a} />
      {a.canSign && a.missing.length ? (
        <div className="agreement-riders">
          {a.missing.map((position) => (
            <RiderForm key={position} agreement={a} position={position} />
          ))}
        </div>
      ) : null}
      <div className="agreement-back">
        <ButtonLink to="/dashboard/rentals">{t('cust.sign.back')}</ButtonLink>
      </div>
    </div>
  );
}
