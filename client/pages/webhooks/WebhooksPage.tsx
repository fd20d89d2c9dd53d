import './webhooks.css';
import { ApiOutlined, DeleteOutlined, PlusOutlined, RedoOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Empty, Flex, Form, Input, Popconfirm, Switch, Table, Typography, type TableColumnsType } from 'antd';
import type { CheckboxGroupProps } from 'antd/es/checkbox/index.js';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { useT, useNumberFormat, type MessageId } from '../../app/i18n.js';
import {
  useCreateWebhook,
  useDeleteWebhook,
  useDeliveries,
  useDelivery,
  useResendDelivery,
  useTestWebhook,
  useUpdateWebhook,
  useWebhooks,
  WEBHOOK_EVENTS,
  type WebhookDelivery,
  type WebhookEndpoint,
} from '../../api/notifications.js';
import { notify, notifyError } from '../../app/notify.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { CARD_TABLE_CLASS, cardTableColumns } from '../../components/card-table.js';
import { PageHeading } from '../../components/PageHeading.js';
import { breakAfter } from '../../components/break-after.js';
import { DateTime } from '../../components/DateTime.js';
import { StatusTag, type StatusTone } from '../../components/StatusTag.js';

const DELIVERY_TONE: Record<WebhookDelivery['status'], StatusTone> = { succeeded: 'success', pending: 'warning', failed: 'danger' };

/** An example endpoint (a URL, not translated). */
const EXAMPLE_URL = 'https://partner.example/okaybike/webhooks';

/**
 * The events to send, a group of checkboxes. The form marks its field required; aria-required is not allowed on a
 * group (axe: aria-allowed-attr), so it is left off here and the group's name says that one is needed.
 */
function EventChoices({ 'aria-required': _required, ...props }: CheckboxGroupProps<string> & { 'aria-required'?: boolean | 'true' | 'false' }) {
  const t = useT();
  return <Checkbox.Group {...props} role="group" aria-label={t('admin.webhooks.eventsGroup')} options={WEBHOOK_EVENTS.map((e) => ({ label: e, value: e }))} />;
}

function AttemptLog({ deliveryId }: { deliveryId: string }) {
  const delivery = useDelivery(deliveryId);
  const log = delivery.data?.attemptLog ?? [];
  const t = useT();
  // Milliseconds without grouping ('1234 ms'), in the page's digits.
  const ms = useNumberFormat({ useGrouping: false });
  return (
    <Table
      size="small"
      rowKey={(a) => a.attemptedAt}
      loading={delivery.isPending}
      pagination={false}
      dataSource={log}
      columns={[
        { title: t('admin.webhooks.attemptAt'), dataIndex: 'attemptedAt', render: (v: string) => <DateTime value={v} fallback="-" /> },
        { title: t('admin.webhooks.httpStatus'), dataIndex: 'statusCode', render: (v: number | null) => v ?? t('admin.webhooks.noAnswer') },
        { title: t('admin.webhooks.latency'), dataIndex: 'latencyMs', render: (v: number) => t('admin.webhooks.ms', { n: ms(v) }) },
        { title: t('admin.webhooks.answer'), key: 'answer', render: (_, a) => <code style={{ whiteSpace: 'pre-wrap' }}>{a.error ?? a.responseExcerpt.slice(0, 200)}</code> },
      ]}
    />
  );
}

function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useDeliveries(endpoint._id);
  const resend = useResendDelivery();
  const t = useT();
  // 'Deliveries' opens this card below the endpoints: bring it into view and move focus to its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    heading.current?.focus({ preventScroll: true });
  }, [endpoint._id]);
  const columns: TableColumnsType<WebhookDelivery> = [
    { title: t('admin.common.created'), dataIndex: 'createdAt', render: (v: string) => <DateTime value={v} fallback="-" /> },
    { title: t('admin.webhooks.event'), dataIndex: 'eventType', render: (v: string, d) => <span title={t('admin.webhooks.eventId', { id: d.eventId })}>{v}</span> },
    {
      title: t('admin.common.status'),
      dataIndex: 'status',
      render: (s: WebhookDelivery['status']) => <StatusTag tone={DELIVERY_TONE[s]}>{t('admin.webhooks.deliveryStatus', { status: s })}</StatusTag>,
    },
    { title: t('admin.webhooks.attempts'), dataIndex: 'attempts' },
    { title: t('admin.webhooks.lastAnswer'), key: 'last', render: (_, d) => d.lastStatusCode ?? d.lastError ?? '-' },
    { title: t('admin.webhooks.nextTry'), dataIndex: 'nextAttemptAt', render: (v: string | null) => <DateTime value={v} fallback="-" /> },
    {
      title: t('admin.common.actions'),
      key: 'actions',
      render: (_, d) => (
        <Button
          size="small"
          icon={<RedoOutlined {...decorativeIcon} />}
          loading={resend.isPending && resend.variables === d._id}
          onClick={() =>
            resend.mutate(d._id, {
              onSuccess: (r) => {
                notify.success(r.status === 'succeeded' ? t('admin.webhooks.delivered') : t('admin.webhooks.notDelivered', { reason: String(r.lastError ?? r.lastStatusCode) }));
                void deliveries.refetch();
              },
              onError: (e) => notifyError(e),
            })
          }
          aria-label={t('admin.webhooks.resendOf', { event: d.eventType, id: d.eventId })}
        >
          {t('admin.webhooks.resend')}
        </Button>
      ),
    },
  ];
  return (
    <Card
      title={
        <h2 ref={heading} tabIndex={-1} className="webhook-deliveries-title">
          <FormattedMessage id={'admin.webhooks.deliveriesHeading' satisfies MessageId} values={{ url: () => <span key="url">{breakAfter(endpoint.url, '/')}</span> }} />
        </h2>
      }
      style={{ marginTop: 16, scrollMarginTop: 'calc(var(--okb-header-h) + 16px)' }}
    >
      <Table<WebhookDelivery>
        rowKey="_id"
        size="small"
        columns={columns}
        dataSource={deliveries.data?.deliveries ?? []}
        loading={deliveries.isPending}
        pagination={false}
        // At least 760 px wide (a phone scrolls it sideways); wider screens fit every column, long answers wrap.
        scroll={{ x: 760 }}
        expandable={{ expandedRowRender: (d) => <AttemptLog deliveryId={d._id} /> }}
        locale={{ emptyText: <Empty description={t('admin.webhooks.noDeliveries')} /> }}
      />
    </Card>
  );
}

/** Admin: partner webhook endpoints (register, pause, test, delete), their deliveries and attempts. */
export default function WebhooksPage() {
  const webhooks = useWebhooks();
  const create = useCreateWebhook();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const test = useTestWebhook();
  const [secret, setSecret] = useState<{ url: string; secret: string } | null>(null);
  const [selected, setSelected] = useState<string | null>(null);
  const [form] = Form.useForm<{ url: string; events: string[]; description?: string }>();
  const endpoints = webhooks.data ?? [];
  const current = endpoints.find((e) => e._id === selected) ?? null;
  const t = useT();

  // A card per endpoint on phones; on desktop the actions wrap inside their cell instead of running off the table.
  const columns: TableColumnsType<WebhookEndpoint> = cardTableColumns<WebhookEndpoint>([
    {
      title: t('admin.webhooks.url'),
      dataIndex: 'url',
      // One block, so the phone card's heading keeps the description under the URL.
      render: (url: string, e) => (
        <div>
          <code style={{ overflowWrap: 'break-word' }}>{breakAfter(url, '/')}</code>
          {e.description ? <div style={{ fontSize: 13, color: 'var(--okb-muted)' }}>{e.description}</div> : null}
        </div>
      ),
    },
    { title: t('admin.webhooks.events'), dataIndex: 'events', render: (events: string[]) => events.join(', ') },
    {
      title: t('admin.webhooks.enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean, e) => (
        <Switch checked={enabled} aria-label={t('admin.webhooks.enabledOf', { url: e.url })} onChange={(v) => update.mutate({ id: e._id, enabled: v }, { onError: (err) => notifyError(err) })} />
      ),
    },
    {
      title: t('admin.common.actions'),
      key: 'actions',
      render: (_, e) => (
        <Flex gap={8} wrap>
          <Button icon={<ApiOutlined {...decorativeIcon} />} onClick={() => setSelected(e._id)} aria-label={t('admin.webhooks.deliveriesTo', { url: e.url })}>
            {t('admin.webhooks.deliveries')}
          </Button>
          <Button
            icon={<SendOutlined {...decorativeIcon} />}
            loading={test.isPending && test.variables === e._id}
            onClick={() =>
              test.mutate(e._id, {
                onSuccess: (d) => {
                  setSelected(e._id);
                  if (d.status === 'succeeded') notify.success(t('admin.webhooks.testDelivered'));
                  else notify.error(t('admin.webhooks.testNotDelivered', { reason: d.lastError ?? `HTTP ${d.lastStatusCode}` }));
                },
                onError: (err) => notifyError(err),
              })
            }
            aria-label={t('admin.webhooks.sendTestTo', { url: e.url })}
          >
            {t('admin.webhooks.sendTest')}
          </Button>
          <Popconfirm
            title={t('admin.webhooks.deleteQuestion')}
            description={t('admin.webhooks.deleteHelp')}
            okText={t('admin.common.delete')}
            okButtonProps={{ danger: true }} onConfirm={() => remove.mutate(e._id, { onError: (err) => notifyError(err) })}>
            <Button danger icon={<DeleteOutlined {...decorativeIcon} />} aria-label={t('admin.common.deleteOf', { name: e.url })}>
              {t('admin.common.delete')}
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ]);

  return (
    <>
      <PageHeading title={t('admin.webhooks.title')} lead={t('admin.webhooks.lead')} />
      <Card title={t('admin.webhooks.addTitle')} style={{ marginBottom: 16 }}>
        <Form
          form={form}
          layout="vertical"
          initialValues={{ events: ['rental.booked', 'rental.cancelled'] }}
          onFinish={(values) =>
            create.mutate(values, {
              onSuccess: (ep) => {
                setSecret({ url: ep.url, secret: ep.secret ?? '' });
                form.resetFields();
              },
              onError: (err) => notifyError(err),
            })
          }
        >
          <Form.Item
            name="url"
            label={t('admin.webhooks.url')}
            rules={[
              { required: true, message: t('admin.webhooks.urlRequired') },
              { type: 'url', message: t('admin.webhooks.urlInvalid') },
            ]}
          >
            <Input placeholder={EXAMPLE_URL} inputMode="url" />
          </Form.Item>
          <Form.Item name="events" label={t('admin.webhooks.events')} rules={[{ required: true, type: 'array', min: 1, message: t('admin.webhooks.eventsRequired') }]}>
            <EventChoices />
          </Form.Item>
          <Form.Item name="description" label={t('admin.common.description')}>
            <Input maxLength={200} placeholder={t('admin.webhooks.descriptionPlaceholder')} />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<PlusOutlined {...decorativeIcon} />} loading={create.isPending}>
            {t('admin.webhooks.add')}
          </Button>
        </Form>
      </Card>
      {secret ? (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setSecret(null) }}
          style={{ marginBottom: 16 }}
          title={t('admin.webhooks.added', { url: secret.url })}
          description={
            <>
              {t('admin.webhooks.secretNote')}{' '}
              <Typography.Text code copyable>
                {secret.secret}
              </Typography.Text>
            </>
          }
        />
      ) : null}
      <Card title={t('admin.webhooks.endpoints')}>
        <Table<WebhookEndpoint>
          rowKey="_id"
          columns={columns}
          dataSource={endpoints}
          loading={webhooks.isPending}
          pagination={false}
          className={CARD_TABLE_CLASS}
          locale={{ emptyText: <Empty description={t('admin.webhooks.noEndpoints')} /> }}
        />
      </Card>
      {current ? <Deliveries endpoint={current} /> : null}
    </>
  );
}
