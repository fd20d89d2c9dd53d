import { InfoCircleOutlined } from '@ant-design/icons';
import { Button, Card, Col, Empty, Row, Skeleton, Statistic, Table, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useDashboardSummary, type NewUser } from '../../api/dashboard.js';
import { useLocale, useNumberFormat, useT } from '../../app/i18n.js';
import { CARD_TABLE_CLASS, cardTableColumns } from '../../components/card-table.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { DateTime } from '../../components/DateTime.js';
import { HoverTooltip } from '../../components/HoverTooltip.js';
import { formatMoney } from '../../lib/money.js';
import { costBars, signupPoints, type SignupRange } from './chart-data.js';
import { RentalCostChart, SignupsChart, useEarnLabel } from './DashboardCharts.js';
import { LoadError } from '../../components/LoadError.js';

function SummaryCard({ title, value, definition, footnote }: { title: string; value: string; definition: string; footnote?: ReactNode }) {
  const t = useT();
  return (
    <Card className="dashboard-stat-card">
      <Statistic
        title={
          <span className="dashboard-stat-title">
            {title}
            <HoverTooltip title={definition}>
              <Button type="text" size="small" shape="circle" icon={<InfoCircleOutlined {...decorativeIcon} />} aria-label={t('admin.home.whatCounts', { title })} />
            </HoverTooltip>
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

function OverviewSkeleton() {
  const t = useT();
  return (
    <div role="status" aria-busy="true" aria-label={t('admin.home.loadingSummary')}>
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
  const t = useT();
  const locale = useLocale();
  const number = useNumberFormat();
  const count = useNumberFormat({ useGrouping: false });
  const earnLabel = useEarnLabel();

  // A failed background refresh keeps the figures on screen; the error state is for having none.
  if (!summary.data && !summary.isError) {
    return (
      <section aria-labelledby="rental-summary-title" className="dashboard-section">
        <h2 id="rental-summary-title" className="dashboard-section-title">
          {t('admin.home.summaryTitle')}
        </h2>
        <OverviewSkeleton />
      </section>
    );
  }
  if (!summary.data) {
    return (
      <LoadError title={t('admin.home.loadError')} onRetry={() => summary.refetch()} variant="dashboard" />
    );
  }

  const { totals, rentals, signupsByMonth, signupsLast7Days, newUsers } = summary.data;
  const bars = costBars(rentals, undefined, totals.currency, t);
  const signups = signupPoints(range, signupsByMonth, signupsLast7Days, locale);
  const money = (amount: number, currency = totals.currency) => formatMoney(amount, currency, locale);
  const newUserColumns: TableColumnsType<NewUser> = cardTableColumns<NewUser>([
    { title: t('admin.common.name'), dataIndex: 'name', render: (name: string) => <strong>{name}</strong> },
    { title: t('admin.common.email'), dataIndex: 'email' },
    { title: t('admin.home.colJoined'), dataIndex: 'createdAt', render: (createdAt: string) => <DateTime value={createdAt} dateOnly /> },
  ]);

  return (
    <>
      <section aria-labelledby="rental-summary-title" className="dashboard-section">
        <h2 id="rental-summary-title" className="dashboard-section-title">
          {t('admin.home.summaryTitle')}
        </h2>
        <Row gutter={[16, 16]}>
          {[
            {
              key: 'rented',
              title: t('admin.home.totalRented'),
              value: number(totals.totalRented),
              definition: t('admin.home.totalRentedHelp'),
            },
            {
              key: 'earn',
              title: t('admin.home.totalEarn'),
              value: money(totals.totalEarn),
              definition: t('admin.home.totalEarnHelp'),
              footnote: t('admin.home.bookingFees', { amount: money(totals.bookingFees.amount, totals.bookingFees.currency) }),
            },
            {
              key: 'bikes',
              title: t('admin.home.totalBikes'),
              value: number(totals.totalBikes),
              definition: t('admin.home.totalBikesHelp'),
            },
          ].map(({ key, ...card }) => (
            <Col key={key} xs={24} md={8}>
              <SummaryCard {...card} />
            </Col>
          ))}
        </Row>
      </section>

      <Row gutter={[16, 16]} className="dashboard-section">
        <Col xs={24} xl={12}>
          <Card title={cardTitle(t('admin.home.costPerRental'))} className="dashboard-chart-card">
            {rentals.length === 0 ? (
              <Empty className="dashboard-chart-empty" description={t('admin.home.noReturned')} />
            ) : (
              <figure className="dashboard-figure">
                <div aria-hidden="true">
                  <RentalCostChart bars={bars} currency={totals.currency} />
                </div>
                <ChartDataTable
                  caption={t('admin.home.costCaption')}
                  headers={[t('admin.home.colBike'), t('admin.home.colEarn'), t('admin.home.colUser')]}
                  rows={[...rentals].sort((a, b) => b.cost - a.cost).map((c) => [c.bikeName, earnLabel(c.cost, totals.currency), c.userEmail])}
                />
                <figcaption className="dashboard-figure-caption">
                  {rentals.length > bars.length
                    ? t('admin.home.costGrouped', { n: bars.length - 1, total: rentals.length })
                    : t('admin.home.costRecent', { count: rentals.length })}
                </figcaption>
              </figure>
            )}
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title={cardTitle(t('admin.home.signups'))} className="dashboard-chart-card dashboard-signups-card">
            <div className="dashboard-chart-toolbar">
              <span className="dashboard-figure-caption" aria-live="polite">
                {range === 'all' ? t('admin.home.allTimeCaption') : t('admin.home.weekCaption')}
              </span>
              <Button size="small" onClick={() => setRange((r) => (r === 'all' ? 'week' : 'all'))}>
                {range === 'all' ? t('admin.home.showWeek') : t('admin.home.showAll')}
              </Button>
            </div>
            <figure className="dashboard-figure">
              <div aria-hidden="true">
                <SignupsChart data={signups} />
              </div>
              <ChartDataTable
                caption={range === 'all' ? t('admin.home.perMonth') : t('admin.home.perDay')}
                headers={[range === 'all' ? t('admin.home.colMonth') : t('admin.home.colDay'), t('admin.home.colNewUsers')]}
                rows={signups.map((s) => [s.label, count(s.count)])}
              />
            </figure>
          </Card>
        </Col>
      </Row>

      <Card title={cardTitle(t('admin.home.newUsersList'))} className="dashboard-section">
        <Table<NewUser>
          className={CARD_TABLE_CLASS}
          rowKey="_id"
          columns={newUserColumns}
          dataSource={newUsers}
          pagination={false}
          size="middle"
          scroll={{ x: 'max-content' }}
          locale={{ emptyText: <Empty description={t('admin.home.noUsers')} /> }}
        />
      </Card>
    </>
  );
}
