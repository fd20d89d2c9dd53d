import { CalculatorOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Table, theme, type TableColumnsType } from 'antd';
import { useMemo, useState } from 'react';
import { useAllRentals, type Rental } from '../../api/rentals.js';
import { usePageMeta } from '../../app/head.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { PageHeading } from '../../components/PageHeading.js';
import { DateTime } from '../rentals/rental-display.js';
import { ReturnModal, toLocalInputValue } from './ReturnModal.js';

/** Out on the road: the booking fee is paid and the bike has not come back yet. */
const isOut = (rental: Rental) => rental.status === 'booked';

export default function ReturnBikesPage() {
  usePageMeta({ title: 'Return Bikes', description: 'Confirm returned bikes and calculate the rental cost.' });
  const rentals = useAllRentals();
  const { token } = theme.useToken();
  const [returning, setReturning] = useState<{ rental: Rental; initialValue: string } | null>(null);
  const rows = useMemo(() => (rentals.data ?? []).filter(isOut), [rentals.data]);

  const open = (rental: Rental) => {
    const now = new Date();
    const initialValue = now.getTime() > new Date(rental.startTime).getTime() ? toLocalInputValue(now) : '';
    setReturning({ rental, initialValue });
  };

  const columns: TableColumnsType<Rental> = [
    { title: 'Bike Name', key: 'bike', render: (_, rental) => <strong>{rental.bikeId?.name || 'N/A'}</strong> },
    {
      title: 'Rented By',
      key: 'user',
      render: (_, rental) => (
        <>
          <div>{rental.userId?.name || 'N/A'}</div>
          {rental.userId?.email ? <div style={{ color: token.colorTextSecondary, fontSize: token.fontSizeSM }}>{rental.userId.email}</div> : null}
        </>
      ),
    },
    { title: 'Start Time', key: 'start', render: (_, rental) => <DateTime value={rental.startTime} /> },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, rental) => (
        <Button
          type="primary"
          icon={<CalculatorOutlined {...decorativeIcon} />}
          aria-label={`Calculate & Return ${rental.bikeId?.name ?? ''}`.trim()}
          onClick={() => open(rental)}
        >
          Calculate &amp; Return
        </Button>
      ),
    },
  ];

  return (
    <>
      <PageHeading title="Return Bikes" lead="Rentals out on the road. Enter when a bike came back to calculate its cost." />
      <Card>
        {rentals.isError && !rentals.data ? (
          <Alert
            type="error"
            showIcon
            title="The rentals could not be loaded."
            action={
              <Button icon={<ReloadOutlined {...decorativeIcon} />} onClick={() => rentals.refetch()}>
                Retry
              </Button>
            }
          />
        ) : (
          <Table<Rental>
            rowKey="_id"
            columns={columns}
            dataSource={rows}
            loading={rentals.isPending}
            pagination={rows.length > 10 ? { pageSize: 10, hideOnSinglePage: true, showSizeChanger: false } : false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty description="No Rentals Found" styles={{ description: { color: token.colorTextSecondary } }} /> }}
          />
        )}
      </Card>
      {returning ? <ReturnModal key={returning.rental._id} {...returning} onClose={() => setReturning(null)} /> : null}
    </>
  );
}
