import './emails.css';
import { EyeOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Modal, Skeleton, Table, Tabs, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigation } from 'react-router-dom';
import { useEmail, useEmails, type OutboxEmail } from '../../api/notifications.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { PageHeading } from '../../components/PageHeading.js';
import { Pager, usePageParam, useStayInRange } from '../../components/Pager.js';
import { StatusTag, type StatusTone } from '../../components/StatusTag.js';
import { CARD_TABLE_CLASS, cardTableColumns } from '../../components/card-table.js';
import { breakAfter } from '../../components/break-after.js';
import { DateTime } from '../../components/DateTime.js';
import { LoadError } from '../../components/LoadError.js';

const TONE: Record<OutboxEmail['status'], StatusTone> = { sent: 'success', kept: 'info', pending: 'warning', failed: 'danger' };
const KIND_LABEL: Record<string, string> = {
  welcome: 'Welcome',
  booking_confirmed: 'Booking confirmed',
  payment_received: 'Payment received',
  pickup_reminder: 'Pick-up reminder',
  return_due_soon: 'Return due soon',
  overdue: 'Overdue',
  cancelled: 'Cancelled',
  rescheduled: 'Booking changed',
  refunded: 'Refunded',
  password_changed: 'Password changed',
};

/** One message as the customer sees it: the HTML in a sandboxed frame (no scripts, no requests), and the text. */
function EmailPreview({ id, onClose }: { id: string | null; onClose: () => void }) {
  const email = useEmail(id);
  const data = email.data;
  return (
    <Modal open={Boolean(id)} onCancel={onClose} footer={null} width={720} title={data?.subject ?? 'Email'} destroyOnHidden>
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <p style={{ margin: '0 0 12px' }}>
            To <strong>{data.to}</strong> · <StatusTag tone={TONE[data.status]}>{data.status}</StatusTag>
            {data.attachments.length ? ` · attached: ${data.attachments.map((a) => (a === 'calendar' ? 'calendar (.ics)' : `${a} (PDF)`)).join(', ')}` : null}
          </p>
          <Tabs
            items={[
              {
                key: 'html',
                label: 'HTML',
                children: <iframe title={`HTML body of ${data.subject}`} sandbox="" srcDoc={data.html} style={{ width: '100%', height: 520, border: '1px solid var(--okb-border, #dfe7e5)', borderRadius: 8, background: '#fff' }} />,
              },
              { key: 'text', label: 'Plain text', children: <pre style={{ whiteSpace: 'pre-wrap', margin: 0, maxHeight: 520, overflow: 'auto' }}>{data.text}</pre> },
            ]}
          />
        </>
      )}
    </Modal>
  );
}

/** Admin: the customer emails of the outbox (sent, waiting, or kept when no SMTP server is configured). */
export default function EmailsPage() {
  const { page, goTo } = usePageParam();
  const navigation = useNavigation();
  const emails = useEmails(page);
  const [open, setOpen] = useState<string | null>(null);
  const data = emails.data;
  useStayInRange(page, data?.emails.length, data?.totalPages, goTo);

  // A card per message on phones (subject on top); on desktop every column fits without a scrollbar (long subjects wrap).
  const columns: TableColumnsType<OutboxEmail> = cardTableColumns<OutboxEmail>([
    {
      title: 'Subject',
      dataIndex: 'subject',
      render: (s: string, e) => (
        <span className="email-subject">
          <span>
            {s}
            {e.attachments.length ? (
              <>
                {' '}
                <PaperClipOutlined aria-label={e.attachments.length === 1 ? 'with 1 attachment' : `with ${e.attachments.length} attachments`} />
              </>
            ) : null}
          </span>
          <span className="email-kind">{KIND_LABEL[e.kind] ?? e.kind}</span>
        </span>
      ),
    },
    { title: 'To', dataIndex: 'to', render: (to: string) => <span className="email-to">{breakAfter(to, '@')}</span> },
    { title: 'Created', dataIndex: 'createdAt', render: (v: string) => <DateTime value={v} fallback="-" /> },
    {
      title: 'Status',
      dataIndex: 'status',
      render: (s: OutboxEmail['status'], e) => (
        <span title={e.lastError ?? undefined}>
          <StatusTag tone={TONE[s]}>{s}</StatusTag>
          {e.attempts > 1 ? ` ${e.attempts} attempts` : ''}
        </span>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      render: (_, e) => (
        <Button icon={<EyeOutlined {...decorativeIcon} />} onClick={() => setOpen(e._id)} aria-label={`View ${e.subject} to ${e.to}`}>
          View
        </Button>
      ),
    },
  ]);

  return (
    <>
      <PageHeading title="Emails" lead={data ? `${data.total} messages, newest first.` : 'Every message to customers, newest first.'} />
      {data && !data.smtpConfigured ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title="No mail server is configured (SMTP_URL), so messages are kept here instead of being sent."
        />
      ) : null}
      <Card>
        {emails.isError && !data ? (
          <LoadError title="The emails could not be loaded." onRetry={() => emails.refetch()} variant="dashboard" />
        ) : (
          <Table<OutboxEmail>
            rowKey="_id"
            columns={columns}
            dataSource={data?.emails ?? []}
            pagination={false}
            loading={emails.isPending || navigation.state === 'loading'}
            className={`emails-table ${CARD_TABLE_CLASS}`}
            locale={{ emptyText: <Empty description="No emails yet" /> }}
          />
        )}
        {data ? <Pager label="Email pages" page={page} totalPages={data.totalPages} onChange={goTo} busy={navigation.state === 'loading'} /> : null}
      </Card>
      <EmailPreview id={open} onClose={() => setOpen(null)} />
    </>
  );
}
