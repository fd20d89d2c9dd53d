import { CameraOutlined, DeleteOutlined, LoginOutlined, LogoutOutlined, PlusOutlined } from '@ant-design/icons';
import { StatusTag } from '../../components/StatusTag.js';
import { Alert, Button, Card, Checkbox, Descriptions, Form, Input, InputNumber, Radio, Select, Space, Tag } from 'antd';
import { useIntl } from 'react-intl';
import { useId, useState } from 'react';
import { isApiError } from '../../api/http.js';
import { uploadPhoto, useCheckIn, useCheckOut, useSettleDeposit, type CheckInResult, type CounterRental, type Photo } from '../../api/counter.js';
import { useLocale, useT, type MessageId } from '../../app/i18n.js';
import { notify } from '../../app/notify.js';
import { DateTime } from '../../components/DateTime.js';
import { DepositState } from '../../components/DepositState.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { formatMoney, moneyPrecision } from '../../lib/money.js';
import { checkStateName, ConditionView, DamageReportView, partName, PhotoStrip, severityName } from '../../components/DamageReportView.js';

const PARTS = ['frame', 'wheels', 'brakes', 'lights', 'lock', 'battery'] as const;
const BLOCKER_TEXT: Record<string, MessageId> = {
  DEPOSIT_NOT_HELD: 'fleet.rental.blocker.deposit',
  AGREEMENT_NOT_SIGNED: 'fleet.rental.blocker.agreement',
};
type Translate = ReturnType<typeof useT>;
const errorText = (e: unknown, t: Translate) => (isApiError(e) && e.kind === 'http' ? e.message : t('fleet.somethingWrong'));

interface DamageLine {
  part: string;
  severity: 'minor' | 'moderate' | 'severe';
  cost: number;
  description: string;
}

/** One rental of the scanned unit at the counter: hand it over, take it back, settle its deposit. */
export function RentalCounterCard({ entry, scannedUnitId, isEbike, onChange }: { entry: CounterRental; scannedUnitId: string; isEbike: boolean; onChange?(entry: CounterRental): void }) {
  const t = useT();
  const locale = useLocale();
  const { rental, handover } = entry;
  const [result, setResult] = useState<CheckInResult | null>(null);
  // Bikes that left without a scan (booked online, handed over by hand) are checked in all the same.
  const [unscanned, setUnscanned] = useState(false);
  const out = Boolean(handover.checkedOutAt);
  const back = Boolean(handover.checkedInAt);
  const current = result ?? entry;
  return (
    <Card
      className="counter-rental"
      title={
        <span>
          {rental.userId.name} · {new Intl.NumberFormat(locale).format(rental.quantity)} × {rental.bikeId.name}
        </span>
      }
      extra={back ? <Tag>{t('fleet.rental.returned')}</Tag> : <StatusTag tone={out ? 'info' : 'success'}>{out ? t('fleet.rental.out') : t('fleet.rental.booked')}</StatusTag>}
    >
      <Descriptions size="small" column={1} items={[
        { key: 'when', label: t('fleet.rental.window'), children: <><DateTime value={rental.startTime} /> – {rental.endTime ? <DateTime value={rental.endTime} /> : t('fleet.openEnded')}</> },
        { key: 'units', label: t('fleet.rental.units'), children: rental.units.map((u) => u.label).join(', ') || '–' },
        { key: 'dep', label: t('fleet.rental.deposit'), children: <DepositState deposit={current.rental.deposit} /> },
        ...(handover.checkedOutAt
          ? [{ key: 'out', label: t('fleet.rental.handedOver'), children: <span><DateTime value={handover.checkedOutAt} />{handover.recordedAtCheckIn ? ` ${t('fleet.rental.notScannedOut')}` : ''}</span> }]
          : []),
        ...(handover.overrideReason ? [{ key: 'ovr', label: t('fleet.rental.override'), children: <span className="override-reason">{t('fleet.rental.overrideText', { codes: handover.overridden.join(', '), reason: handover.overrideReason })}</span> }] : []),
      ]} />
      {!out && rental.status === 'booked' && !unscanned && !result ? <CheckOutForm entry={entry} scannedUnitId={scannedUnitId} /> : null}
      {!out && entry.canCheckIn && !unscanned && !result ? (
        <Button block className="counter-unscanned" icon={<LoginOutlined {...decorativeIcon} />} onClick={() => setUnscanned(true)} style={{ marginTop: 8 }}>
          {t('fleet.rental.unscanned')}
        </Button>
      ) : null}
      {entry.canCheckIn && (out || unscanned) && !result ? (
        <>
          {unscanned ? <Alert type="info" showIcon title={t('fleet.rental.unscannedNote')} style={{ marginTop: 12 }} /> : null}
          <CheckInForm entry={entry} isEbike={isEbike} onDone={(r) => { setResult(r); onChange?.(r); }} />
        </>
      ) : null}
      {(back || result) ? <DepositScreen entry={current} onSettled={onChange} /> : null}
      {result?.maintenance?.map((m) => <Alert key={m.unitId} type={m.done ? 'info' : 'warning'} showIcon title={m.message} style={{ marginTop: 12 }} />)}
      {current.conditions.filter((c) => c.stage === 'check_in').map((c) => <ConditionView key={c._id} condition={c} />)}
      {current.damageReports.map((r) => <DamageReportView key={r._id} report={r} />)}
    </Card>
  );
}

function CheckOutForm({ entry, scannedUnitId }: { entry: CounterRental; scannedUnitId: string }) {
  const t = useT();
  const intl = useIntl();
  const locale = useLocale();
  const { rental, blockers, windowMove } = entry;
  const ids = { reason: useId() };
  const [move, setMove] = useState(Boolean(windowMove));
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const checkOut = useCheckOut();
  // The scanned unit goes out; when the booking holds another one, the scanned one replaces it.
  const held = rental.units.map((u) => u._id);
  const unitIds = held.includes(scannedUnitId) ? held : [scannedUnitId, ...held.slice(1)];
  const submit = () => {
    if (blockers.length && reason.trim().length < 3) return setProblem(t('fleet.checkOut.reasonNeeded'));
    setProblem(null);
    checkOut.mutate(
      { id: rental._id, unitIds, moveReturn: Boolean(windowMove) && move, ...(blockers.length ? { overrideReason: reason.trim() } : {}) },
      { onSuccess: () => notify.success(t('fleet.checkOut.done')), onError: (e) => setProblem(errorText(e, t)) },
    );
  };
  return (
    <Form layout="vertical" onFinish={submit} className="counter-step">
      {!held.includes(scannedUnitId) ? <Alert type="info" showIcon title={t('fleet.checkOut.replaces')} style={{ marginBottom: 12 }} /> : null}
      {blockers.length ? (
        <Alert
          type="warning"
          showIcon
          title={t('fleet.checkOut.blocked')}
          description={<ul className="blocker-list">{blockers.map((b) => <li key={b}>{Object.hasOwn(BLOCKER_TEXT, b) ? t(BLOCKER_TEXT[b]) : b}</li>)}</ul>}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      {windowMove ? (
        <Form.Item>
          <Checkbox checked={move} onChange={(e) => setMove(e.target.checked)}>
            {intl.formatMessage(
              { id: windowMove.minutesOff > 0 ? 'fleet.checkOut.moveLate' : 'fleet.checkOut.moveEarly' },
              {
                minutes: Math.abs(windowMove.minutesOff),
                amount: formatMoney(windowMove.total, windowMove.currency, locale),
                date: () => (windowMove.endTime ? <DateTime key="date" value={windowMove.endTime} /> : t('fleet.openEnded')),
              },
            )}
          </Checkbox>
        </Form.Item>
      ) : null}
      {blockers.length ? (
        <Form.Item label={t('fleet.checkOut.overrideLabel')} htmlFor={ids.reason}>
          <Input.TextArea id={ids.reason} rows={2} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
        </Form.Item>
      ) : null}
      {problem ? <Alert type="error" showIcon role="alert" title={problem} style={{ marginBottom: 12 }} /> : null}
      <Button type="primary" size="large" block htmlType="submit" icon={<LogoutOutlined {...decorativeIcon} />} loading={checkOut.isPending}>
        {blockers.length ? t('fleet.checkOut.override') : t('fleet.checkOut.submit')}
      </Button>
    </Form>
  );
}

type CheckState = 'ok' | 'worn' | 'damaged' | 'missing' | 'na';

interface UnitForm {
  checklist: Record<string, CheckState>;
  notes: string;
  photos: Photo[];
  damage: DamageLine[];
}

function CheckInForm({ entry, isEbike, onDone }: { entry: CounterRental; isEbike: boolean; onDone(r: CheckInResult): void }) {
  const t = useT();
  const { rental } = entry;
  // The battery is checked on electric bikes only; the others have none.
  const parts = PARTS.filter((p) => p !== 'battery' || isEbike);
  const base = useId();
  const [forms, setForms] = useState<Record<string, UnitForm>>(() =>
    Object.fromEntries(rental.units.map((u) => [u._id, { checklist: Object.fromEntries(parts.map((p) => [p, 'ok' as CheckState])), notes: '', photos: [], damage: [] }])),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const checkIn = useCheckIn();
  const patch = (unitId: string, change: Partial<UnitForm>) => setForms((f) => ({ ...f, [unitId]: { ...f[unitId], ...change } }));

  const addPhoto = async (unitId: string, file: File | undefined) => {
    if (!file) return;
    setUploading(true);
    setProblem(null);
    try {
      const photo = await uploadPhoto(rental._id, unitId, file, file.name || 'photo.jpg');
      patch(unitId, { photos: [...forms[unitId].photos, photo] });
    } catch (e) {
      setProblem(errorText(e, t));
    } finally {
      setUploading(false);
    }
  };

  const submit = () => {
    setProblem(null);
    checkIn.mutate(
      {
        id: rental._id,
        units: rental.units.map((u) => {
          const f = forms[u._id];
          return {
            unitId: u._id,
            checklist: f.checklist,
            notes: f.notes,
            photoIds: f.photos.map((p) => p._id),
            damage: f.damage.filter((d) => d.part.trim()).map((d) => ({ ...d, cost: d.cost || 0 })),
          };
        }),
      },
      { onSuccess: (r) => { notify.success(t('fleet.checkIn.done')); onDone(r); }, onError: (e) => setProblem(errorText(e, t)) },
    );
  };

  return (
    <Form layout="vertical" onFinish={submit} className="counter-step">
      <h3 className="counter-step-title">{t('fleet.checkIn.title')}</h3>
      {rental.units.map((u) => {
        const f = forms[u._id];
        return (
          <fieldset key={u._id} className="unit-checkin">
            <legend>{u.label}</legend>
            {parts.map((part) => (
              <div key={part} className="checklist-row">
                <span id={`${base}-${u._id}-${part}`} className="checklist-part">{partName(part, t)}</span>
                <Radio.Group
                  aria-labelledby={`${base}-${u._id}-${part}`}
                  size="small"
                  optionType="button"
                  value={f.checklist[part]}
                  onChange={(e) => patch(u._id, { checklist: { ...f.checklist, [part]: e.target.value as CheckState } })}
                  options={[
                    { value: 'ok', label: checkStateName('ok', t) },
                    { value: 'worn', label: checkStateName('worn', t) },
                    { value: 'damaged', label: checkStateName('damaged', t) },
                    { value: 'missing', label: checkStateName('missing', t) },
                    // An electric bike always has its battery.
                    ...(part === 'battery' ? [] : [{ value: 'na', label: checkStateName('na', t) }]),
                  ]}
                />
              </div>
            ))}
            <Form.Item label={t('fleet.notes')} htmlFor={`${base}-${u._id}-notes`}>
              <Input.TextArea id={`${base}-${u._id}-notes`} rows={2} maxLength={2000} value={f.notes} onChange={(e) => patch(u._id, { notes: e.target.value })} />
            </Form.Item>
            <PhotoStrip photos={f.photos} />
            <label className="ant-btn ant-btn-default scan-photo" htmlFor={`${base}-${u._id}-photo`}>
              <CameraOutlined {...decorativeIcon} /> {uploading ? t('fleet.checkIn.uploading') : t('fleet.checkIn.addPhoto')}
            </label>
            <input id={`${base}-${u._id}-photo`} className="visually-hidden" type="file" accept="image/*" capture="environment" data-testid="condition-photo" onChange={(e) => void addPhoto(u._id, e.target.files?.[0])} />
            {f.damage.map((d, i) => (
              <div key={i} className="damage-line">
                <Input aria-label={t('fleet.checkIn.damagedPart')} placeholder={t('fleet.checkIn.partPlaceholder')} value={d.part} onChange={(e) => patch(u._id, { damage: f.damage.map((x, j) => (j === i ? { ...x, part: e.target.value } : x)) })} />
                <Select
                  aria-label={t('fleet.checkIn.severity')}
                  value={d.severity}
                  onChange={(v) => patch(u._id, { damage: f.damage.map((x, j) => (j === i ? { ...x, severity: v } : x)) })}
                  options={[
                    { value: 'minor', label: t('fleet.checkIn.minor') },
                    { value: 'moderate', label: t('fleet.checkIn.moderate') },
                    { value: 'severe', label: t('fleet.checkIn.severe') },
                  ]}
                />
                <InputNumber aria-label={t('fleet.checkIn.cost')} min={0} precision={moneyPrecision(rental.currency)} value={d.cost} prefix={rental.currency} onChange={(v) => patch(u._id, { damage: f.damage.map((x, j) => (j === i ? { ...x, cost: typeof v === 'number' ? v : 0 } : x)) })} />
                <Input aria-label={t('fleet.checkIn.what')} placeholder={t('fleet.checkIn.whatPlaceholder')} value={d.description} onChange={(e) => patch(u._id, { damage: f.damage.map((x, j) => (j === i ? { ...x, description: e.target.value } : x)) })} />
                <Button aria-label={t('fleet.checkIn.removeDamage')} icon={<DeleteOutlined {...decorativeIcon} />} onClick={() => patch(u._id, { damage: f.damage.filter((_, j) => j !== i) })} />
              </div>
            ))}
            <Button icon={<PlusOutlined {...decorativeIcon} />} onClick={() => patch(u._id, { damage: [...f.damage, { part: '', severity: 'minor', cost: 0, description: '' }] })}>
              {t('fleet.checkIn.reportDamage')}
            </Button>
          </fieldset>
        );
      })}
      {problem ? <Alert type="error" showIcon role="alert" title={problem} style={{ marginBottom: 12 }} /> : null}
      <Button type="primary" size="large" block htmlType="submit" icon={<LoginOutlined {...decorativeIcon} />} loading={checkIn.isPending} disabled={uploading}>
        {t('fleet.checkIn.submit')}
      </Button>
    </Form>
  );
}

function DepositScreen({ entry, onSettled }: { entry: CounterRental; onSettled?(entry: CounterRental): void }) {
  const t = useT();
  const locale = useLocale();
  const money = (amount: number, currency: string) => formatMoney(amount, currency, locale);
  const { rental, damageReports } = entry;
  const dep = rental.deposit;
  const ids = { amount: useId(), reason: useId(), report: useId() };
  const [amount, setAmount] = useState<number | null>(damageReports[0] ? Math.min(damageReports[0].cost, dep.heldAmount) : null);
  const [reportId, setReportId] = useState<string | undefined>(damageReports[0]?._id);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const settle = useSettleDeposit();
  if (dep.status !== 'held') return null;
  const run = (action: 'release' | 'capture') => {
    if (action === 'capture' && !amount) return setProblem(t('fleet.settle.amountNeeded'));
    if (action === 'capture' && !reportId && !reason.trim()) return setProblem(t('fleet.settle.reasonNeeded'));
    setProblem(null);
    settle.mutate(
      { id: rental._id, action, ...(action === 'capture' ? { amount: amount ?? 0, ...(reportId ? { damageReportId: reportId } : {}), ...(reason.trim() ? { reason: reason.trim() } : {}) } : {}) },
      {
        onSuccess: (settled) => {
          notify.success(action === 'release' ? t('fleet.settle.released') : t('fleet.settle.captured'));
          onSettled?.(settled);
        },
        onError: (e) => setProblem(errorText(e, t)),
      },
    );
  };
  return (
    <div className="counter-step deposit-screen">
      <h3 className="counter-step-title">{t('fleet.settle.title', { amount: money(dep.heldAmount, dep.currency) })}</h3>
      <Space direction="vertical" style={{ width: '100%' }}>
        <Button size="large" block onClick={() => run('release')} loading={settle.isPending && settle.variables?.action === 'release'}>
          {t('fleet.settle.release')}
        </Button>
        <Form layout="vertical" onFinish={() => run('capture')}>
          {damageReports.length ? (
            <Form.Item label={t('fleet.settle.report')} htmlFor={ids.report}>
              <Select
                id={ids.report}
                value={reportId}
                allowClear
                onChange={(v) => setReportId(v)}
                options={damageReports.map((r) => ({ value: r._id, label: `${r.unitLabel}: ${r.items.map((i) => `${partName(i.part, t)} (${severityName(i.severity, t)})`).join(', ')} · ${money(r.cost, r.currency)}` }))}
              />
            </Form.Item>
          ) : null}
          <Form.Item label={t('fleet.settle.amount', { amount: money(dep.heldAmount, dep.currency) })} htmlFor={ids.amount}>
            <InputNumber id={ids.amount} min={10 ** -moneyPrecision(dep.currency)} max={dep.heldAmount} precision={moneyPrecision(dep.currency)} value={amount} onChange={(v) => setAmount(typeof v === 'number' ? v : null)} style={{ width: '100%' }} />
          </Form.Item>
          {!reportId ? (
            <Form.Item label={t('fleet.settle.reason')} htmlFor={ids.reason}>
              <Input id={ids.reason} maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} />
            </Form.Item>
          ) : null}
          <Button danger type="primary" size="large" block htmlType="submit" loading={settle.isPending && settle.variables?.action === 'capture'}>
            {t('fleet.settle.keep')}
          </Button>
        </Form>
        {problem ? <Alert type="error" showIcon role="alert" title={problem} /> : null}
      </Space>
    </div>
  );
}
