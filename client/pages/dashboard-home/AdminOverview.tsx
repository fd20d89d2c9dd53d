import { InfoCircleOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Row, Skeleton, Statistic, Table, Tooltip, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useDashboardSummary, type NewUser } from '../../api/dashboard.js';
import { CARD_TABLE_CLASS, cardTableColumns } from '../../components/card-table.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { DateTime } from '../../components/DateTime.js';
import { formatMoney } from '../../lib/money.js';
import { costBars, signupPoints, type SignupRange } from './chart-data.js';
import { earnLabel, RentalCostChart, SignupsChart } from './DashboardCharts.js';
import { LoadError } from '../../components/LoadError.js';

function SummaryCard({ title, value, definition, footnote }: { title: string; value: string; definition: string; footnote?: ReactNode }) {
  return (
    <Card className="dashboard-stat-card">
      <Statistic
        title={
          <span className="dashboard-stat-title">
            {title}
            <Tooltip title={definition}>
              <Button type="text" size="small" shape="circle" icon={<InfoCircleOutlined {...decorativeIcon} />} aria-label={`What ${title} counts`} />
            </Tooltip>
          </span>
        }
        value={value}
      />
      {footnote ? <p className="dashboard-stat-footnote">{footnote}</p> : null}
    </Card>
  );
}

/** Charts draw on a canvas: screen readers get the same numbers as a table. */
function ChartDataTable({ caption, headers, rows }: { caption: string; headers: [string, string, ...string[]]; rows: ReactNode[][] }) {
  return (
    // Tables ignore the 1px width of the hiding class, so a wrapper carries it.
    <div className="visually-hidden">
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            {headers.map((h) => (
              <th key={h} scope="col">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((cells, i) => (
            <tr key={i}>
              {cells.map((cell, j) => (
                <td key={j}>{cell}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const cardTitle = (text: string) => <h2 className="dashboard-card-title">{text}</h2>;

const newUserColumns: TableColumnsType<NewUser> = cardTableColumns<NewUser>([
  { title: 'Name', dataIndex: 'name', render: (name: string) => <strong>{name}</strong> },
  { title: 'Email', dataIndex: 'email' },
  { title: 'Joined On', dataIndex: 'createdAt', render: (createdAt: string) => <DateTime value={createdAt} dateOnly /> },
]);

function OverviewSkeleton() {
  return (
    <div role="status" aria-busy="true" aria-label="Loading the rental summary">
      <Row gutter={[16, 16]}>
        {[0, 1, 2].map((i) => (
          <Col key={i} xs={24} md={8}>
            <Card className="dashboard-stat-card">
              <Skeleton active title={false} paragraph={{ rows: 2, width: ['50%', '35%'] }} />
            </Card>
          </Col>
        ))}
      </Row>
    </div>
  );
}

/** Admin: rental totals, cost per rental, signups and the newest accounts (spec section 2). */
export function AdminOverview() {
  const summary = useDashboardSummary();
  const [range, setRange] = useState<SignupRange>('all');

  // A failed background refresh keeps the figures on screen; the error state is for having none.
  if (!summary.data && !summary.isError) {
    return (
      <section aria-labelledby="rental-summary-title" className="dashboard-section">
        <h2 id="rental-summary-title" className="dashboard-section-title">
          Bike Rental Summary
        </h2>
        <OverviewSkeleton />
      </section>
    );
  }
  if (!summary.data) {
    return (
      <LoadError title="Error loading data." onRetry={() => summary.refetch()} variant="dashboard" />
    );
  }

  const { totals, rentals, signupsByMonth, signupsLast7Days, newUsers } = summary.data;
  const bars = costBars(rentals, undefined, totals.currency);
  const signups = signupPoints(range, signupsByMonth, signupsLast7Days);
  const money = (amount: number) => formatMoney(amount, totals.currency);

  return (
    <>
      <section aria-labelledby="rental-summary-title" className="dashboard-section">
        <h2 id="rental-summary-title" className="dashboard-section-title">
          Bike Rental Summary
        </h2>
        <Row gutter={[16, 16]}>
          {[
            {
              title: 'Total Rented',
              value: totals.totalRented.toLocaleString('en-US'),
              definition: 'Units rented: the bikes of every rental whose booking fee was paid, counted per unit.',
            },
            {
              title: 'Total Earn',
              value: money(totals.totalEarn),
              definition: 'Money actually paid for returned rentals. Booking fees are counted apart.',
              footnote: `Booking fees: ${formatMoney(totals.bookingFees.amount, totals.bookingFees.currency)}`,
            },
            {
              title: 'Total Bikes',
              value: totals.totalBikes.toLocaleString('en-US'),
              definition: 'Units in the fleet: the units in stock plus the units out on rentals.',
            },
          ].map((card) => (
            <Col key={card.title} xs={24} md={8}>
              <SummaryCard {...card} />
            </Col>
          ))}
        </Row>
      </section>

      <Row gutter={[16, 16]} className="dashboard-section">
        <Col xs={24} xl={12}>
          <Card title={cardTitle('Cost per Rental')} className="dashboard-chart-card">
            {rentals.length === 0 ? (
              <Empty className="dashboard-chart-empty" description="No returned rentals yet." />
            ) : (
              <figure className="dashboard-figure">
                <div aria-hidden="true">
                  <RentalCostChart bars={bars} currency={totals.currency} />
                </div>
                <ChartDataTable
                  caption="Cost per rental, largest first"
                  headers={['Bike', 'Earn', 'User']}
                  rows={[...rentals].sort((a, b) => b.cost - a.cost).map((c) => [c.bikeName, earnLabel(c.cost, totals.currency), c.userEmail])}
                />
                <figcaption className="dashboard-figure-caption">
                  {rentals.length > bars.length
                    ? `The ${bars.length - 1} largest of the ${rentals.length} most recently returned rentals; the rest together in the last bar.`
                    : `The ${rentals.length} most recently returned rental${rentals.length === 1 ? '' : 's'}, largest first.`}
                </figcaption>
              </figure>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={cardTitle('New User Signups')} className="dashboard-chart-card dashboard-signups-card">
            <div className="dashboard-chart-toolbar">
              <span className="dashboard-figure-caption" aria-live="polite">
                {range === 'all' ? 'All time, new users per month.' : 'Past week, new users per day.'}
              </span>
              <Button size="small" onClick={() => setRange((r) => (r === 'all' ? 'week' : 'all'))}>
                {range === 'all' ? 'Show Past Week' : 'Show All Time'}
              </Button>
            </div>
            <figure className="dashboard-figure">
              <div aria-hidden="true">
                <SignupsChart data={signups} />
              </div>
              <ChartDataTable
                caption={range === 'all' ? 'New users per month' : 'New users per day, past week'}
                headers={[range === 'all' ? 'Month' : 'Day', 'New users']}
                rows={signups.map((s) => [s.label, s.count])}
              />
            </figure>
          </Card>
        </Col>
      </Row>

      <Card title={cardTitle('New Users List')} className="dashboard-section">
        <Table<NewUser>
          className={CARD_TABLE_CLASS}
          rowKey="_id"
          columns={newUserColumns}
          dataSource={newUsers}
          pagination={false}
          size="middle"
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description="No users yet." /> }}
        />
      </Card>
    </>
  );
}
