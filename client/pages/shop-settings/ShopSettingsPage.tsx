import './shop-settings.css';
import { CalendarOutlined, ClockCircleOutlined, ReloadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Flex, Input, Popconfirm, Skeleton, Space, Switch, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useCalendarFeeds, useOpeningHours, useRotateFeeds, useUpdateOpeningHours, type DayInput, type OpeningHours } from '../../api/shop.js';
import { useT } from '../../app/i18n.js';
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
  const t = useT();
  useEffect(() => {
    if (hours.data) setState(fromServer(hours.data));
  }, [hours.data]);

  if (hours.isError) return <LoadError title={t('admin.settings.hoursLoadError')} onRetry={() => hours.refetch()} retrying={hours.isFetching} variant="dashboard" />;
  if (!state || !hours.data) return <Card title={t('admin.settings.hours')}><Skeleton active paragraph={{ rows: 7 }} /></Card>;
  const label = (day: string) => t('admin.settings.day', { day });

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
      { onSuccess: () => notify.success(t('admin.settings.saved')), onError: (e) => notifyError(e) },
    );
  };

  return (
    <Card
      title={
        <Space>
          <ClockCircleOutlined {...decorativeIcon} />
          <h2 className="okb-card-heading" style={{ margin: 0, fontSize: 'inherit' }}>{t('admin.settings.hours')}</h2>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('admin.settings.hoursLead', { zone: hours.data.timeZone })}
      </Typography.Paragraph>
      <Flex align="center" gap={12} style={{ marginBottom: 12 }}>
        <Switch id="hours-enabled" checked={state.enabled} onChange={(enabled) => setState({ ...state, enabled })} />
        <label htmlFor="hours-enabled">{state.enabled ? t('admin.settings.enabled') : t('admin.settings.disabled')}</label>
      </Flex>
      {state.enabled ? (
        <div role="group" aria-label={t('admin.settings.perWeekday')}>
          {state.week.map((d, i) => (
            <div className="shop-hours-row" key={d.day}>
              <strong id={`day-${d.day}`}>{label(d.day)}</strong>
              <Switch
                checked={!d.closed}
                aria-label={t('admin.settings.dayOpen', { day: label(d.day) })}
                onChange={(open) => setDay(i, { closed: !open })}
              />
              {d.closed ? (
                <Tag>{t('admin.settings.closedAllDay')}</Tag>
              ) : (
                <div className="shop-hours-times">
                  <Input type="time" aria-label={t('admin.settings.opensAt', { day: label(d.day) })} value={d.open} onChange={(e) => setDay(i, { open: e.target.value })} />
                  <span aria-hidden="true">{t('admin.settings.to')}</span>
                  <Input type="time" aria-label={t('admin.settings.closesAt', { day: label(d.day) })} value={d.close} onChange={(e) => setDay(i, { close: e.target.value })} />
                </div>
              )}
            </div>
          ))}
        </div>
      ) : null}
      <div style={{ marginTop: 16 }}>
        <label htmlFor="closed-dates" style={{ display: 'block', fontWeight: 600, marginBottom: 4 }}>
          {t('admin.settings.closedDates')}
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
          {t('admin.settings.closedDatesHelp')}
        </Typography.Text>
      </div>
      <Button type="primary" style={{ marginTop: 16 }} loading={save.isPending} onClick={submit}>
        {t('admin.settings.save')}
      </Button>
    </Card>
  );
}

/** The staff's calendar subscriptions: secret iCal URLs, and a way to replace them when one leaks. */
function FeedsCard() {
  const feeds = useCalendarFeeds();
  const rotate = useRotateFeeds();
  const t = useT();
  if (feeds.isError) return <LoadError title={t('admin.settings.feedsLoadError')} onRetry={() => feeds.refetch()} retrying={feeds.isFetching} variant="dashboard" />;
  const rows: { key: string; label: string; url: string | undefined; help: string }[] = [
    { key: 'shop', label: t('admin.settings.wholeShop'), url: feeds.data?.shop, help: t('admin.settings.wholeShopHelp') },
    // The URLs' placeholders, as the feed URLs spell them.
    { key: 'bike', label: t('admin.settings.oneBike'), url: feeds.data?.bike, help: t('admin.settings.oneBikeHelp', { token: '{bikeId}' }) },
    { key: 'unit', label: t('admin.settings.oneUnit'), url: feeds.data?.unit, help: t('admin.settings.oneUnitHelp', { token: '{unitId}' }) },
  ];
  return (
    <Card
      title={
        <Space>
          <CalendarOutlined {...decorativeIcon} />
          <h2 style={{ margin: 0, fontSize: 'inherit' }}>{t('admin.settings.feeds')}</h2>
        </Space>
      }
    >
      <Typography.Paragraph type="secondary" style={{ marginTop: 0 }}>
        {t('admin.settings.feedsLead')}
      </Typography.Paragraph>
      {!feeds.data ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <dl style={{ margin: 0 }}>
          {rows.map((r) => (
            <div key={r.key} style={{ marginBottom: 12 }}>
              <dt style={{ fontWeight: 600 }}>{r.label}</dt>
              <dd style={{ margin: 0 }}>
                <Typography.Text className="shop-feed-url" code copyable={{ text: r.url, tooltips: [t('admin.settings.copyUrl'), t('admin.settings.copied')] }}>
                  {r.url}
                </Typography.Text>
                <div style={{ fontSize: 13, color: 'var(--okb-muted)' }}>{r.help}</div>
              </dd>
            </div>
          ))}
        </dl>
      )}
      <Popconfirm
        title={t('admin.settings.replaceQuestion')}
        description={t('admin.settings.replaceHelp')}
        okText={t('admin.settings.replace')}
        onConfirm={() => rotate.mutate(undefined, { onSuccess: () => notify.success(t('admin.settings.replaced')), onError: (e) => notifyError(e) })}
      >
        <Button icon={<ReloadOutlined {...decorativeIcon} />} loading={rotate.isPending}>
          {t('admin.settings.replaceButton')}
        </Button>
      </Popconfirm>
    </Card>
  );
}

/** Admin: the shop's opening hours, closed dates and calendar feeds. */
export default function ShopSettingsPage() {
  const t = useT();
  return (
    <>
      <PageHeading title={t('admin.settings.title')} lead={t('admin.settings.lead')} />
      <Alert type="info" showIcon style={{ marginBottom: 16 }} title={t('admin.settings.keepTimes')} />
      <Flex vertical gap={16}>
        <OpeningHoursCard />
        <FeedsCard />
      </Flex>
    </>
  );
}
