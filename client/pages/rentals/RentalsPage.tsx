import { Button, Card, Empty, Tabs } from 'antd';
import { useState } from 'react';
import { useMyRentals, type Rental } from '../../api/rentals.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { PageHeading } from '../../components/PageHeading.js';
import { RentalCard } from './RentalCard.js';
import { amountDue, isSettledCancellation } from '../../lib/rental-state.js';
import { RentalsLoadState } from '../../components/rental-display.js';
import { useT } from '../../app/i18n.js';

type TabKey = 'unpaid' | 'paid';

/** Spec section 3: totalPaid truthy means paid (a late fee still due after payment keeps it in Unpaid). */
export const isPaid = (rental: Rental): boolean => Boolean(rental.totalPaid) && amountDue(rental) <= 0;

function RentalList({ rentals, tab }: { rentals: Rental[]; tab: TabKey }) {
  const t = useT();
  if (rentals.length === 0) {
    return (
      <Card className="rentals-empty">
        <Empty
          className="okb-empty"
          description={tab === 'unpaid' ? t('rentals.noUnpaid') : t('rentals.noPaid')}
        >
          {tab === 'unpaid' ? (
            <ButtonLink to="/allbikes" type="primary">
              {t('rentals.browseBikes')}
            </ButtonLink>
          ) : null}
        </Empty>
      </Card>
    );
  }
  return <RentalCards rentals={rentals} />;
}

/** Rental cards as a list (a tab's rentals: headings under the h1; the cancelled ones: under their h2). */
function RentalCards({ rentals, level = 2 }: { rentals: Rental[]; level?: 2 | 3 }) {
  return (
    <ul className="rental-list">
      {rentals.map((rental) => (
        <li key={rental._id}>
          <RentalCard rental={rental} level={level} />
        </li>
      ))}
    </ul>
  );
}

/** Cancelled bookings (nothing owed), folded away under the tabs. */
function CancelledRentals({ rentals }: { rentals: Rental[] }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  return (
    <section className="rentals-cancelled" aria-labelledby="rentals-cancelled-title">
      <h2 id="rentals-cancelled-title" className="rentals-cancelled-title">
        {t('rentals.cancelledCount', { count: rentals.length })}
      </h2>
      <Button onClick={() => setOpen((o) => !o)} aria-expanded={open} aria-controls="rentals-cancelled-list">
        {open ? t('rentals.hideCancelled') : t('rentals.showCancelled')}
      </Button>
      <div id="rentals-cancelled-list" hidden={!open} style={{ marginTop: 12 }}>
        {open ? <RentalCards rentals={rentals} level={3} /> : null}
      </div>
    </section>
  );
}

export default function RentalsPage() {
  const rentals = useMyRentals();
  const [tab, setTab] = useState<TabKey>('unpaid');
  const t = useT();

  let content;
  if (rentals.isPending || rentals.isError) {
    content = <RentalsLoadState rentals={rentals} className="rental-list" label={t('rentals.loading')} cards={2} rows={3} />;
  } else {
    // Cancelled bookings that owe nothing are neither unpaid nor paid: they are listed apart, under the spec's two tabs.
    const cancelled = rentals.data.filter(isSettledCancellation);
    const unpaid = rentals.data.filter((r) => !isPaid(r) && !isSettledCancellation(r));
    const paid = rentals.data.filter(isPaid);
    content = (
      <>
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        className="rentals-tabs"
        items={[
          { key: 'unpaid', label: t('rentals.unpaid'), children: <RentalList rentals={unpaid} tab="unpaid" /> },
          { key: 'paid', label: t('rentals.paid'), children: <RentalList rentals={paid} tab="paid" /> },
        ]}
      />
      {cancelled.length > 0 ? <CancelledRentals rentals={cancelled} /> : null}
      </>
    );
  }

  return (
    <div className="rentals-page">
      <PageHeading title={t('rentals.title')} lead={t('rentals.lead')} />
      {content}
    </div>
  );
}
