import './agreement.css';
import { CheckCircleFilled, FilePdfOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Input, Radio, Skeleton, Tag } from 'antd';
import { useId, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useRentalAgreement, useSignRiders, type RentalAgreement, type RiderInput } from '../../api/agreements.js';
import { isApiError } from '../../api/http.js';
import { useShopTimeZone } from '../../app/app-settings.js';
import { notify } from '../../app/notify.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { DateTime } from '../../components/DateTime.js';
import { LoadError } from '../../components/LoadError.js';
import { Markdown } from '../../components/Markdown.js';
import { PageHeading } from '../../components/PageHeading.js';
import { SignaturePad } from '../../components/SignaturePad.js';
import { ageOn, dateInZone } from './age.js';

type Method = 'drawn' | 'typed';

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

  const submit = (rider: RiderInput) =>
    sign.mutate([rider], {
      onSuccess: () => notify.success(`${rider.name} has signed the agreement.`),
    });

  const onSubmit = () => {
    setProblem(null);
    if (!name.trim() || !birthDate) return setProblem("Enter the rider's name and birth date.");
    if (minor && !guardianName.trim()) return setProblem('A parent or guardian signs for a rider under 18: enter their name.');
    if (!typedName.trim()) return setProblem(`Type ${minor ? "the guardian's" : "the rider's"} full name to sign.`);
    if (method === 'drawn' && !image) return setProblem('Draw the signature, or choose "Type my name" to sign with the keyboard.');
    if (!consent) return setProblem('Tick the box to agree and sign.');
    submit({
      position,
      name: name.trim(),
      birthDate,
      ...(minor ? { guardianName: guardianName.trim() } : {}),
      signature: { method, typedName: typedName.trim(), consent: true, ...(method === 'drawn' && image ? { image } : {}) },
    });
  };

  const heading = `Rider ${position + 1} of ${agreement.ridersNeeded}`;
  return (
    <Card className="agreement-rider-card" title={<h3 className="okb-card-heading agreement-rider-title">{heading}</h3>}>
      {known.length ? (
        <div className="agreement-known" role="group" aria-label={`Riders who signed before (${heading})`}>
          <p className="agreement-muted">Signed this agreement recently? Reuse that signature:</p>
          <div className="agreement-known-list">
            {known.map((k) => (
              <Button key={`${k.name}-${k.birthDate}`} onClick={() => submit({ position, name: k.name, birthDate: k.birthDate })} loading={sign.isPending}>
                {k.name} ({k.birthDate})
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
          <label htmlFor={ids.name}>Rider&apos;s full name</label>
          <Input id={ids.name} value={name} onChange={(e) => setName(e.target.value)} autoComplete="name" status={errors.name ? 'error' : undefined} aria-describedby={errors.name ? `${ids.name}-err` : undefined} />
          {errors.name ? <div id={`${ids.name}-err`} className="agreement-error">{errors.name}</div> : null}
        </div>
        <div className="agreement-field">
          <label htmlFor={ids.birth}>Birth date</label>
          <Input id={ids.birth} type="date" value={birthDate} onChange={(e) => setBirthDate(e.target.value)} status={errors.birthDate ? 'error' : undefined} aria-describedby={errors.birthDate ? `${ids.birth}-err` : undefined} />
          {errors.birthDate ? <div id={`${ids.birth}-err`} className="agreement-error">{errors.birthDate}</div> : null}
        </div>
        {minor ? (
          <div className="agreement-field">
            <Alert type="info" showIcon title="This rider is under 18 at pick-up" description="A parent or guardian signs for them." className="agreement-minor-note" />
            <label htmlFor={ids.guardian}>Parent or guardian&apos;s full name</label>
            <Input id={ids.guardian} value={guardianName} onChange={(e) => setGuardianName(e.target.value)} status={errors.guardianName ? 'error' : undefined} aria-describedby={errors.guardianName ? `${ids.guardian}-err` : undefined} />
            {errors.guardianName ? <div id={`${ids.guardian}-err`} className="agreement-error">{errors.guardianName}</div> : null}
          </div>
        ) : null}
        <fieldset className="agreement-field agreement-signature">
          <legend>{minor ? "Guardian's signature" : 'Signature'}</legend>
          <Radio.Group id={ids.method} value={method} onChange={(e) => setMethod(e.target.value as Method)} optionType="button" buttonStyle="solid" aria-label="How to sign"
            options={[
              { value: 'drawn', label: 'Draw' },
              { value: 'typed', label: 'Type my name' },
            ]}
          />
          {method === 'drawn' ? (
            <SignaturePad label={`${heading} signature`} onChange={setImage} />
          ) : (
            <p className="agreement-muted">Your typed name below and the tick box are your signature: just as valid as a drawn one.</p>
          )}
          {errors['signature.image'] ? <div className="agreement-error">{errors['signature.image']}</div> : null}
          <label htmlFor={ids.typed}>{minor ? "Guardian's" : "Rider's"} full name, typed as a signature</label>
          <Input id={ids.typed} value={typedName} onChange={(e) => setTypedName(e.target.value)} placeholder={signer || undefined} status={errors['signature.typedName'] ? 'error' : undefined} aria-describedby={errors['signature.typedName'] ? `${ids.typed}-err` : undefined} />
          {typedName.trim() && method === 'typed' ? <p className="agreement-typed-mark" aria-hidden="true">{typedName}</p> : null}
          {errors['signature.typedName'] ? <div id={`${ids.typed}-err`} className="agreement-error">{errors['signature.typedName']}</div> : null}
          <Checkbox checked={consent} onChange={(e) => setConsent(e.target.checked)} className="agreement-consent">
            I have read the agreement above{minor ? ' as the parent or guardian of this rider' : ''} and sign it electronically.
          </Checkbox>
          {errors['signature.consent'] ? <div className="agreement-error">{errors['signature.consent']}</div> : null}
        </fieldset>
        {problem ? (
          <p className="agreement-error" role="alert">
            {problem}
          </p>
        ) : null}
        {sign.isError && !Object.keys(errors).length ? <Alert type="error" showIcon role="alert" title="The signature could not be saved." description={sign.error.message} /> : null}
        <Button type="primary" htmlType="submit" loading={sign.isPending} block>
          Sign for {heading.toLowerCase()}
        </Button>
      </form>
    </Card>
  );
}

function SignedRiders({ agreement }: { agreement: RentalAgreement }) {
  if (!agreement.riders.length) return null;
  return (
    <Card title={<h2 className="okb-card-heading agreement-card-title">Signed</h2>} className="agreement-signed-card">
      <ul className="agreement-signed-list">
        {agreement.riders.map((r) => (
          <li key={r.position}>
            <CheckCircleFilled className="agreement-ok-icon" aria-hidden="true" />
            <div>
              <strong>{r.name}</strong> <span className="agreement-muted">(rider {r.position + 1}, born {r.birthDate})</span>
              {r.minor ? <Tag className="agreement-tag">guardian: {r.guardianName}</Tag> : null}
              <div className="agreement-muted">
                {r.signature.reused ? 'Signature reused from ' : r.signature.method === 'drawn' ? 'Drawn signature, ' : 'Typed signature, '}
                <DateTime value={r.signature.signedAt} /> (version {r.signature.version})
              </div>
            </div>
            <a className="agreement-pdf-link" href={r.signature.pdfUrl} aria-label={`PDF of ${r.name}'s signed agreement`}>
              <FilePdfOutlined aria-hidden="true" /> PDF
            </a>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** /dashboard/rentals/:id/agreement: every rider signs before pick-up (the customer online, or on the shop's tablet). */
export default function SignAgreementPage() {
  const { id = '' } = useParams();
  const agreement = useRentalAgreement(id);

  if (agreement.isError) {
    const missing = isApiError(agreement.error) && agreement.error.status === 404;
    return (
      <div className="agreement-page">
        <PageHeading title="Rental agreement" />
        <LoadError title={missing ? 'Rental not found' : 'The agreement could not be loaded'} onRetry={() => agreement.refetch()} retrying={agreement.isFetching} variant="dashboard" />
      </div>
    );
  }
  if (!agreement.data) {
    return (
      <div className="agreement-page" aria-busy="true">
        <PageHeading title="Rental agreement" />
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      </div>
    );
  }
  const a = agreement.data;
  const signedCount = a.riders.length;
  return (
    <div className="agreement-page">
      <PageHeading
        title="Rental agreement"
        lead={
          <>
            {a.bikeName} x {a.ridersNeeded}, pick-up <DateTime value={a.startTime} /> (booking {a.paymentId})
          </>
        }
      />
      {!a.required ? (
        <Alert type="success" showIcon title="Nothing to sign" description="The shop asks for no rental agreement. See you at pick-up." />
      ) : a.complete ? (
        <Alert type="success" showIcon role="status" title="Every rider has signed" description="You are ready for pick-up. The signed PDFs are below." />
      ) : (
        <Alert
          type="info"
          showIcon
          role="status"
          title={`${signedCount} of ${a.ridersNeeded} rider${a.ridersNeeded === 1 ? '' : 's'} signed`}
          description={a.canSign ? 'Each rider (one per bike) signs before pick-up; a parent or guardian signs for a rider under 18.' : 'This booking is closed: nothing more can be signed.'}
        />
      )}
      {a.agreement ? (
        <Card className="agreement-text-card" title={<h2 className="okb-card-heading agreement-card-title">{a.agreement.title}</h2>} extra={<span className="agreement-muted">Version {a.agreement.version}</span>}>
          <section className="agreement-text" tabIndex={0} aria-label="Text of the agreement">
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
        <ButtonLink to="/dashboard/rentals">Back to my rentals</ButtonLink>
      </div>
    </div>
  );
}
