import { Card, Empty, Tabs } from 'antd';
import { useState } from 'react';
import { useMyRentals, type Rental } from '../../api/rentals.js';
import { usePageMeta } from '../../app/head.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { PageHeading } from '../../components/PageHeading.js';
import { RentalCard } from './RentalCard.js';
import { RentalsLoadState } from './rental-display.js';

type TabKey = 'unpaid' | 'paid';

/** Spec section 3: totalPaid truthy means paid. */
export const isPaid = (rental: Rental): boolean => Boolean(rental.totalPaid);

function RentalList({ rentals, tab }: { rentals: Rental[]; tab: TabKey }) {
  if (rentals.length === 0) {
    return (
      <Card className="rentals-empty">
        <Empty
          className="okb-empty"
          description={tab === 'unpaid' ? 'No unpaid rentals. Everything is settled.' : 'No paid rentals yet. Paid rentals appear here once their cost is paid.'}
        >
          {tab === 'unpaid' ? (
            <ButtonLink to="/allbikes" type="primary">
              Browse bikes
            </ButtonLink>
          ) : null}
        </Empty>
      </Card>
    );
  }
  return (
    <ul className="rental-list">
      {rentals.map((rental) => (
        <li key={rental._id}>
          <RentalCard rental={rental} />
        </li>
      ))}
    </ul>
  );
}

export default function RentalsPage() {
  usePageMeta({ title: 'My Rentals', description: 'Your Okay Bike rentals: what is still to pay and what is paid.' });
  const rentals = useMyRentals();
  const [tab, setTab] = useState<TabKey>('unpaid');

  let content;
  if (rentals.isPending || rentals.isError) {
    content = <RentalsLoadState rentals={rentals} className="rental-list" label="Loading rentals" cards={2} rows={3} />;
  } else {
    const unpaid = rentals.data.filter((r) => !isPaid(r));
    const paid = rentals.data.filter(isPaid);
    content = (
      <Tabs
        activeKey={tab}
        onChange={(key) => setTab(key as TabKey)}
        className="rentals-tabs"
        items={[
          { key: 'unpaid', label: 'Unpaid', children: <RentalList rentals={unpaid} tab="unpaid" /> },
          { key: 'paid', label: 'Paid', children: <RentalList rentals={paid} tab="paid" /> },
        ]}
      />
    );
  }

  return (
    <div className="rentals-page">
      <PageHeading title="My Rentals" lead="Pay for returned bikes and keep track of every booking." />
      {content}
    </div>
  );
}
