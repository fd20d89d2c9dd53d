import { ArrowLeftOutlined } from '@ant-design/icons';
import { StatusTag } from '../../components/StatusTag.js';
import { Alert, Button, Card, Empty, Skeleton, Tabs, Tag } from 'antd';
import { useSearchParams } from 'react-router-dom';
import { useState } from 'react';
import { useCounterUnit, type CounterRental } from '../../api/counter.js';
import { useT } from '../../app/i18n.js';
import { DateTime } from '../../components/DateTime.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { PageHeading } from '../../components/PageHeading.js';
import CounterSalePage from './CounterSalePage.js';
import { ConditionView, DamageReportView } from '../../components/DamageReportView.js';
import { RentalCounterCard } from './RentalCounterCard.js';
import { ScanPanel } from './ScanPanel.js';
import { unitStatusName } from './fleet-words.js';
import './counter.css';

function UnitPanel({ unitId, onBack }: { unitId: string; onBack(): void }) {
  const t = useT();
  const unit = useCounterUnit(unitId);
  // A rental checked in here leaves the unit's current rentals at once; its card stays for the deposit screen.
  const [returned, setReturned] = useState<CounterRental | null>(null);
  if (unit.isPending) return <Card><Skeleton active paragraph={{ rows: 6 }} /></Card>;
  if (unit.isError) {
    return <Alert type="error" showIcon title={t('fleet.counter.unitError')} description={unit.error.message} action={<Button onClick={onBack}>{t('fleet.counter.scanAnother')}</Button>} />;
  }
  const { unit: u, rentals, conditions, damageReports, maintenance } = unit.data;
  const isEbike = u.electric;
  return (
    <div className="counter-unit">
      <Card>
        <Button type="link" icon={<ArrowLeftOutlined {...decorativeIcon} />} onClick={onBack} style={{ paddingInline: 0 }}>
          {t('fleet.counter.scanAnotherBike')}
        </Button>
        <h2 className="counter-unit-title">
          {u.label} {u.status === 'active' ? <StatusTag tone="success">{unitStatusName(u.status, t)}</StatusTag> : u.status === 'maintenance' ? <StatusTag tone="warning">{unitStatusName(u.status, t)}</StatusTag> : <Tag>{unitStatusName(u.status, t)}</Tag>}
        </h2>
        <p className="counter-unit-bike">{u.bikeName}</p>
        {u.notes ? <p>{u.notes}</p> : null}
      </Card>
      <h2 className="counter-section">{t('fleet.counter.rentals')}</h2>
      {returned && !rentals.some((r) => r.rental._id === returned.rental._id) ? (
        <RentalCounterCard key={`returned-${returned.rental._id}`} entry={returned} scannedUnitId={u._id} isEbike={isEbike} onChange={setReturned} />
      ) : null}
      {rentals.length ? (
        rentals.map((r) => <RentalCounterCard key={r.rental._id} entry={r} scannedUnitId={u._id} isEbike={isEbike} onChange={(e) => e.handover.checkedInAt && setReturned(e)} />)
      ) : returned ? null : (
        <Card>
          <Empty description={t('fleet.counter.noRentals')} />
        </Card>
      )}
      <h2 className="counter-section">{t('fleet.maintenance')}</h2>
      <Card>
        {maintenance.length ? (
          <ul>
            {maintenance.map((m) => (
              <li key={m._id}>
                <DateTime value={m.start} /> – {m.end ? <DateTime value={m.end} /> : t('fleet.counter.untilFurther')}: {m.reason || t('fleet.counter.maintenanceReason')}
              </li>
            ))}
          </ul>
        ) : (
          <p>{u.status === 'maintenance' ? t('fleet.counter.inMaintenance') : t('fleet.counter.noMaintenance')}</p>
        )}
      </Card>
      <h2 className="counter-section">{t('fleet.counter.history')}</h2>
      <Card>
        {damageReports.length || conditions.length ? (
          <>
            {damageReports.map((r) => <DamageReportView key={r._id} report={r} />)}
            {conditions.map((c) => <ConditionView key={c._id} condition={c} />)}
          </>
        ) : (
          <Empty description={t('fleet.counter.noHistory')} />
        )}
      </Card>
    </div>
  );
}

/** /dashboard/counter (admin): 'Scan a bike' (check-out, check-in, the deposit) and the counter sale. Phones first. */
export default function CounterPage() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const unitId = params.get('unit');
  const tab = params.get('tab') === 'sale' || params.has('bike') ? 'sale' : 'scan';
  const set = (next: Record<string, string | null>) => {
    const p = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) if (v === null) p.delete(k); else p.set(k, v);
    setParams(p);
  };
  return (
    <>
      <PageHeading title={t('fleet.counter.title')} lead={t('fleet.counter.lead')} />
      <Tabs
        activeKey={tab}
        onChange={(k) => set({ tab: k === 'sale' ? 'sale' : null, bike: null })}
        items={[
          {
            key: 'scan',
            label: t('fleet.scanBike'),
            children: unitId ? <UnitPanel unitId={unitId} onBack={() => set({ unit: null })} /> : <ScanPanel onUnit={(id) => set({ unit: id })} />,
          },
          { key: 'sale', label: t('fleet.counterSale'), children: <CounterSalePage embedded /> },
        ]}
      />
    </>
  );
}
