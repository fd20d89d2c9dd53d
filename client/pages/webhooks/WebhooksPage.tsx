import './webhooks.css';
import { ApiOutlined, DeleteOutlined, PlusOutlined, RedoOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Empty, Flex, Form, Input, Popconfirm, Switch, Table, Typography, type TableColumnsType } from 'antd';
import type { CheckboxGroupProps } from 'antd/es/checkbox/index.js';
import { useEffect, useRef, useState } from 'react';
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

/**
 * The events to send, a group of checkboxes. The form marks its field required; aria-required is not allowed on a
 * group (axe: aria-allowed-attr), so it is left off here and the group's name says that one is needed.
 */
function EventChoices({ 'aria-required': _required, ...props }: CheckboxGroupProps<string> & { 'aria-required'?: boolean | 'true' | 'false' }) {
  return <Checkbox.Group {...props} role="group" aria-label="Events (choose at least one)" options={WEBHOOK_EVENTS.map((e) => ({ label: e, value: e }))} />;
}

function AttemptLog({ deliveryId }: { deliveryId: string }) {
  const delivery = useDelivery(deliveryId);
  const log = delivery.data?.attemptLog ?? [];
  return (
    <Table
      size="small"
      rowKey={(a) => a.attemptedAt}
      loading={delivery.isPending}
      pagination={false}
      dataSource={log}
      columns={[
        { title: 'Attempt at', dataIndex: 'attemptedAt', render: (v: string) => <DateTime value={v} fallback="-" /> },
        { title: 'HTTP status', dataIndex: 'statusCode', render: (v: number | null) => v ?? 'no answer' },
        { title: 'Latency', dataIndex: 'latencyMs', render: (v: number) => `${v} ms` },
        { title: 'Answer', key: 'answer', render: (_, a) => <code style={{ whiteSpace: 'pre-wrap' }}>{a.error ?? a.responseExcerpt.slice(0, 200)}</code> },
      ]}
    />
  );
}

function Deliveries({ endpoint }: { endpoint: WebhookEndpoint }) {
  const deliveries = useDeliveries(endpoint._id);
  const resend = useResendDelivery();
  // 'Deliveries' opens this card below the endpoints: bring it into view and move focus to its heading.
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.scrollIntoView({ block: 'start', behavior: 'smooth' });
    heading.current?.focus({ preventScroll: true });
  }, [endpoint._id]);
  const columns: TableColumnsType<WebhookDelivery> = [
    { title: 'Created', dataIndex: 'createdAt', render: (v: string) => <DateTime value={v} fallback="-" /> },
    { title: 'Event', dataIndex: 'eventType', render: (v: string, d) => <span title={`Event id ${d.eventId}`}>{v}</span> },
    { title: 'Status', dataIndex: 'status', render: (s: WebhookDelivery['status']) => <StatusTag tone={DELIVERY_TONE[s]}>{s}</StatusTag> },
    { title: 'Attempts', dataIndex: 'attempts' },
    { title: 'Last answer', key: 'last', render: (_, d) => d.lastStatusCode ?? d.lastError ?? '-' },
    { title: 'Next try', dataIndex: 'nextAttemptAt', render: (v: string | null) => <DateTime value={v} fallback="-" /> },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, d) => (
        <Button
          size="small"
          icon={<RedoOutlined {...decorativeIcon} />}
          loading={resend.isPending && resend.variables === d._id}
          onClick={() =>
            resend.mutate(d._id, {
              onSuccess: (r) => {
                notify.success(r.status === 'succeeded' ? 'Delivered' : `Not delivered: ${r.lastError ?? r.lastStatusCode}`);
                void deliveries.refetch();
              },
              onError: (e) => notifyError(e),
            })
          }
          aria-label={`Resend ${d.eventType} ${d.eventId}`}
        >
          Resend
        </Button>
      ),
    },
  ];
  return (
    <Card
      title={
        <h2 ref={heading} tabIndex={-1} className="webhook-deliveries-title">
          Deliveries to {breakAfter(endpoint.url, '/')}
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
        locale={{ emptyText: <Empty description="No deliveries yet" /> }}
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

  // A card per endpoint on phones; on desktop the actions wrap inside their cell instead of running off the table.
  const columns: TableColumnsType<WebhookEndpoint> = cardTableColumns<WebhookEndpoint>([
    {
      title: 'URL',
      dataIndex: 'url',
      // One block, so the phone card's heading keeps the description under the URL.
      render: (url: string, e) => (
        <div>
          <code style={{ overflowWrap: 'break-word' }}>{breakAfter(url, '/')}</code>
          {e.description ? <div style={{ fontSize: 13, color: 'var(--okb-muted)' }}>{e.description}</div> : null}
        </div>
      ),
    },
    { title: 'Events', dataIndex: 'events', render: (events: string[]) => events.join(', ') },
    {
      title: 'Enabled',
      dataIndex: 'enabled',
      render: (enabled: boolean, e) => (
        <Switch checked={enabled} aria-label={`Enabled: ${e.url}`} onChange={(v) => update.mutate({ id: e._id, enabled: v }, { onError: (err) => notifyError(err) })} />
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, e) => (
        <Flex gap={8} wrap>
          <Button icon={<ApiOutlined {...decorativeIcon} />} onClick={() => setSelected(e._id)} aria-label={`Deliveries to ${e.url}`}>
            Deliveries
          </Button>
          <Button
            icon={<SendOutlined {...decorativeIcon} />}
            loading={test.isPending && test.variables === e._id}
            onClick={() =>
              test.mutate(e._id, {
                onSuccess: (d) => {
                  setSelected(e._id);
                  if (d.status === 'succeeded') notify.success('Test event delivered');
                  else notify.error(`Test event not delivered: ${d.lastError ?? `HTTP ${d.lastStatusCode}`}`);
                },
                onError: (err) => notifyError(err),
              })
            }
            aria-label={`Send test event to ${e.url}`}
          >
            Send test
          </Button>
          <Popconfirm title="Delete this endpoint?" description="Its deliveries are deleted too." okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => remove.mutate(e._id, { onError: (err) => notifyError(err) })}>
            <Button danger icon={<DeleteOutlined {...decorativeIcon} />} aria-label={`Delete ${e.url}`}>
              Delete
            </Button>
          </Popconfirm>
        </Flex>
      ),
    },
  ]);

  return (
    <>
      <PageHeading title="Webhooks" lead="Partners get signed events (X-OkayBike-Signature) at their URL, retried for 3 days." />
      <Card title="Add an endpoint" style={{ marginBottom: 16 }}>
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
          <Form.Item name="url" label="URL" rules={[{ required: true, message: 'Enter the URL' }, { type: 'url', message: 'Enter an http or https URL' }]}>
            <Input placeholder="https://partner.example/okaybike/webhooks" inputMode="url" />
          </Form.Item>
          <Form.Item name="events" label="Events" rules={[{ required: true, type: 'array', min: 1, message: 'Choose at least one event' }]}>
            <EventChoices />
          </Form.Item>
          <Form.Item name="description" label="Description">
            <Input maxLength={200} placeholder="Insurance partner" />
          </Form.Item>
          <Button type="primary" htmlType="submit" icon={<PlusOutlined {...decorativeIcon} />} loading={create.isPending}>
            Add endpoint
          </Button>
        </Form>
      </Card>
      {secret ? (
        <Alert
          type="success"
          showIcon
          closable={{ onClose: () => setSecret(null) }}
          style={{ marginBottom: 16 }}
          title={`Endpoint added: ${secret.url}`}
          description={
            <>
              Its signing secret is shown only now. Keep it with the receiver:{' '}
              <Typography.Text code copyable>
                {secret.secret}
              </Typography.Text>
            </>
          }
        />
      ) : null}
      <Card title="Endpoints">
        <Table<WebhookEndpoint>
          rowKey="_id"
          columns={columns}
          dataSource={endpoints}
          loading={webhooks.isPending}
          pagination={false}
          className={CARD_TABLE_CLASS}
          locale={{ emptyText: <Empty description="No endpoints yet" /> }}
        />
      </Card>
      {current ? <Deliveries endpoint={current} /> : null}
    </>
  );
}
