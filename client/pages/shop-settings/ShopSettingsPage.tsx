import './shop-settings.css';
import { CalendarOutlined, ClockCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Input, Popconfirm, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useCalendarFeeds, useOpeningHours, useRotateFeeds, useUpdateOpeningHours, type DayInput, type OpeningHours } from '../../api/shop.js';
import { notify, notifyError } from '../../app/notify.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { LoadError } from '../../components/LoadError.js';
import { PageHeading } from '../../components/PageHeading.js';

interface Day {
  day: DayInput['day'];
  closed: boolean;
  open: string;
  close: string;
}

const DAYS: DayInput['day'][] = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
const label = (day: string) => day[0].toUpperCase() + day.slice(1);

const defaultWeek = (): Day[] => DAYS.map((day) => ({ day, closed: day === 'sunday', open: '09:00', close: '18:00' }));

function fromServer(hours: OpeningHours): { enabled: boolean; week: Day[]; closedDates: string } {
  const week = hours.openingHours
    ? hours.openingHours.map((d) => ({ day: d.day, closed: d.open === null, open: d.open ?? '09:00', close: d.close ?? '18:00' }))
    : defaultWeek();
  return { enabled: hours.openingHours !== null, week, closedDates: hours.closedDates.join(', ') };
}

/** Opening hours per weekday and closed dates: pick-ups and returns outside them are refused, the calendar shows them closed. */
function OpeningHoursCard() {
  const hours = useOpeningHours();
  const save = useUpdateOpeningHours();
  const [state, setState] = useState<ReturnType<typeof fromServer> | null>(null);
  useEffect(() => {
    if (hours.data) setState(fromServer(hours.data));
  }, [hours.data]);

  if (hours.isError) return <LoadError title="The opening hours could not be loaded" onRetry={() => hours.refetch()} retrying={hours.isFetching} variant="dashboard" />;
  if (!state || !hours.data) return <Card title="Opening hours"><Skeleton active paragraph={{ rows: 7 }} /></Card>;

  const setDay = (i: number, change: Partial<Day>) => setState({ ...state, week: state.week.map((d, j) => (j === i ? { ...d, ...change } : d)) });
  const submit = () => {
    const dates = state.closedDates
      .split(/[\s,]+/)
      .map((d) => d.trim())
      .filter(Boolean);
    save.mutate(
      {
        openingHours: state.enabled ? state.week.map((d): DayInput => (d.closed ? { day: d.day, closed: true } : { day: d.day, closed: false, open: d.open, close: d.close })) : null,
        closedDates: dates,
      },
      { onSuccess: () => notify.success('Opening hours saved'), onError: (e) => notifyError(e) },
    );
  };

  return (
    <Card
      title={
        <Space>
          <ClockCircleOutlined {...decorativeIcon} />
          <h2 className="okb-card-heading" style={{ margin: 0, fontSize: 'inherit' }}>Opening hours</h2>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        Customers pick bikes up and bring them back while the shop is open. Times are in the shop&apos;s time zone ({hours.data.timeZone}).
      </Typography.Paragraph>
      <Flex align="center" gap={12} style={{ marginBottom: 12 }}>
        <Switch id="hours-enabled" checked={state.enabled} onChange={(enabled) => setState({ ...state, enabled })} />
        <label htmlFor="hours-enabled">{state.enabled ? 'Pick-ups and returns only in these hours' : 'No opening hours: any time is fine'}</label>
      </Flex>
      {state.enabled ? (
        <div role="group" aria-label="Hours per weekday">
          {state.week.map((d, i) => (
            <div className="shop-hours-row" key={d.day}>
              <strong id={`day-${d.day}`}>{label(d.day)}</strong>
              <Switch
                checked={!d.closed}
                aria-label={`${label(d.day)} open`}
                onChange={(open) => setDay(i, { closed: !open })}
              />
              {d.closed ? (
                <Tag>Closed all day</Tag>
              ) : (
                <div className="shop-hours-times">
                  <Input type="time" aria-label={`${label(d.day)} opens at`} value={d.open} onChange={(e) => setDay(i, { open: e.target.value })} />
                  <span aria-hidden="true">to</span>
                  <Input type="time" aria-label={`${label(d.day)} closes at`} value={d.close} onChange={(e) => setDay(i, { close: e.target.value })} />
                </div>
              )}
            </div>
          ))}
        </div>
      ) : null}
      <div style={{ marginTop: 16 }}>
        <label htmlFor="closed-dates" style={{ display: 'block', fontWeight: 600, marginBottom: 4 }}>
          Closed dates
        </label>
        <Input.TextArea
          id="closed-dates"
          autoSize={{ minRows: 1, maxRows: 4 }}
          placeholder="2026-12-25, 2026-12-26"
          aria-describedby="closed-dates-help"
          value={state.closedDates}
          onChange={(e) => setState({ ...state, closedDates: e.target.value })}
        />
        <Typography.Text id="closed-dates-help" type="secondary" style={{ fontSize: 13 }}>
          Holidays and other days off, as YYYY-MM-DD separated by commas.
        </Typography.Text>
      </div>
      <Button type="primary" style={{ marginTop: 16 }} loading={save.isPending} onClick={submit}>
        Save opening hours
      </Button>
    </Card>
  );
}

/** The staff's calendar subscriptions: secret iCal URLs, and a way to replace them when one leaks. */
function FeedsCard() {
  const feeds = useCalendarFeeds();
  const rotate = useRotateFeeds();
  if (feeds.isError) return <LoadError title="The calendar feeds could not be loaded" onRetry={() => feeds.refetch()} retrying={feeds.isFetching} variant="dashboard" />;
  const rows: { label: string; url: string | undefined; help: string }[] = [
    { label: 'Whole shop', url: feeds.data?.shop, help: 'Every pick-up and return.' },
    { label: 'One bike', url: feeds.data?.bike, help: "Put a bike's id in place of {bikeId}." },
    { label: 'One unit', url: feeds.data?.unit, help: "Put a unit's id in place of {unitId} (the Fleet page lists them)." },
  ];
  return (
    <Card
      title={
        <Space>
          <CalendarOutlined {...decorativeIcon} />
          <h2 style={{ margin: 0, fontSize: 'inherit' }}>Calendar feeds</h2>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        Subscribe in Google Calendar, Outlook or Apple Calendar. The feeds show first names and booking numbers only; anyone with a URL can read it.
      </Typography.Paragraph>
      {!feeds.data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <dl style={{ margin: 0 }}>
          {rows.map((r) => (
            <div key={r.label} style={{ marginBottom: 12 }}>
              <dt style={{ fontWeight: 600 }}>{r.label}</dt>
              <dd style={{ margin: 0 }}>
                <Typography.Text className="shop-feed-url" code copyable={{ text: r.url, tooltips: ['Copy URL', 'Copied'] }}>
                  {r.url}
                </Typography.Text>
                <div style={{ fontSize: 13, color: 'var(--okb-muted)' }}>{r.help}</div>
              </dd>
            </div>
          ))}
        </dl>
      )}
      <Popconfirm
        title="Replace the feed URLs?"
        description="Every calendar subscribed to the old URLs stops updating."
        okText="Replace"
        onConfirm={() => rotate.mutate(undefined, { onSuccess: () => notify.success('New feed URLs made'), onError: (e) => notifyError(e) })}
      >
        <Button icon={<ReloadOutlined {...decorativeIcon} />} loading={rotate.isPending}>
          Replace feed URLs
        </Button>
      </Popconfirm>
    </Card>
  );
}

/** Admin: the shop's opening hours, closed dates and calendar feeds. */
export default function ShopSettingsPage() {
  return (
    <>
      <PageHeading title="Shop Settings" lead="When customers can pick bikes up and bring them back, and the calendars staff subscribe to." />
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title="Bookings already made keep their times when the hours change." />
      <Flex vertical gap={16}>
        <OpeningHoursCard />
        <FeedsCard />
      </Flex>
    </>
  );
}
