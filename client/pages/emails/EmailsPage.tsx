import './emails.css';
import { EyeOutlined, PaperClipOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Modal, Skeleton, Table, Tabs, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useNavigation } from 'react-router-dom';
import { useT, type MessageId } from '../../app/i18n.js';
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
const KIND_LABEL: Record<string, MessageId> = {
  welcome: 'admin.emails.kind.welcome',
  booking_confirmed: 'admin.emails.kind.bookingConfirmed',
  payment_received: 'admin.emails.kind.paymentReceived',
  pickup_reminder: 'admin.emails.kind.pickupReminder',
  return_due_soon: 'admin.emails.kind.returnDueSoon',
  overdue: 'admin.emails.kind.overdue',
  cancelled: 'admin.emails.kind.cancelled',
  rescheduled: 'admin.emails.kind.rescheduled',
  refunded: 'admin.emails.kind.refunded',
  password_changed: 'admin.emails.kind.passwordChanged',
};

/** One message as the customer sees it: the HTML in a sandboxed frame (no scripts, no requests), and the text. */
function EmailPreview({ id, onClose }: { id: string | null; onClose: () => void }) {
  const email = useEmail(id);
  const data = email.data;
  const t = useT();
  const attachment = (a: string) => (a === 'calendar' ? t('admin.emails.calendarFile') : t('admin.emails.pdfFile', { file: a }));
  return (
    <Modal open={Boolean(id)} onCancel={onClose} footer={null} width={720} title={data?.subject ?? t('admin.emails.email')} destroyOnHidden>
      {!data ? (
        <Skeleton active />
      ) : (
        <>
          <p style={{ margin: '0 0 12px' }}>
            {t('admin.emails.to')} <strong>{data.to}</strong> · <StatusTag tone={TONE[data.status]}>{t('admin.emails.status', { status: data.status })}</StatusTag>
            {data.attachments.length ? ` · ${t('admin.emails.attached', { list: data.attachments.map(attachment).join(', ') })}` : null}
          </p>
          <Tabs
            items={[
              {
                key: 'html',
                label: t('admin.emails.html'),
                children: <iframe title={t('admin.emails.htmlBodyOf', { subject: data.subject })} sandbox="" srcDoc={data.html} style={{ width: '100%', height: 520, border: '1px solid var(--okb-border, #dfe7e5)', borderRadius: 8, background: '#fff' }} />,
              },
              { key: 'text', label: t('admin.emails.plainText'), children: <pre style={{ whiteSpace: 'pre-wrap', margin: 0, maxHeight: 520, overflow: 'auto' }}>{data.text}</pre> },
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
  const t = useT();

  // A card per message on phones (subject on top); on desktop every column fits without a scrollbar (long subjects wrap).
  const columns: TableColumnsType<OutboxEmail> = cardTableColumns<OutboxEmail>([
    {
      title: t('admin.emails.subject'),
      dataIndex: 'subject',
      render: (s: string, e) => (
        <span className="email-subject">
          <span>
            {s}
            {e.attachments.length ? (
              <>
                {' '}
                <PaperClipOutlined aria-label={t('admin.emails.withAttachments', { count: e.attachments.length })} />
              </>
            ) : null}
          </span>
          <span className="email-kind">{KIND_LABEL[e.kind] ? t(KIND_LABEL[e.kind]) : e.kind}</span>
        </span>
      ),
    },
    { title: t('admin.emails.to'), dataIndex: 'to', render: (to: string) => <span className="email-to">{breakAfter(to, '@')}</span> },
    { title: t('admin.common.created'), dataIndex: 'createdAt', render: (v: string) => <DateTime value={v} fallback="-" /> },
    {
      title: t('admin.common.status'),
      dataIndex: 'status',
      render: (s: OutboxEmail['status'], e) => (
        <span title={e.lastError ?? undefined}>
          <StatusTag tone={TONE[s]}>{t('admin.emails.status', { status: s })}</StatusTag>
          {e.attempts > 1 ? ` ${t('admin.emails.attempts', { count: e.attempts })}` : ''}
        </span>
      ),
    },
    {
      title: t('admin.common.actions'),
      key: 'actions',
      render: (_, e) => (
        <Button icon={<EyeOutlined {...decorativeIcon} />} onClick={() => setOpen(e._id)} aria-label={t('admin.emails.viewOf', { subject: e.subject, to: e.to })}>
          {t('admin.emails.view')}
        </Button>
      ),
    },
  ]);

  return (
    <>
      <PageHeading title={t('admin.emails.title')} lead={data ? t('admin.emails.lead', { total: data.total }) : t('admin.emails.leadLoading')} />
      {data && !data.smtpConfigured ? (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={t('admin.emails.noSmtp')}
        />
      ) : null}
      <Card>
        {emails.isError && !data ? (
          <LoadError title={t('admin.emails.loadError')} onRetry={() => emails.refetch()} variant="dashboard" />
        ) : (
          <Table<OutboxEmail>
            rowKey="_id"
            columns={columns}
            dataSource={data?.emails ?? []}
            pagination={false}
            loading={emails.isPending || navigation.state === 'loading'}
            className={`emails-table ${CARD_TABLE_CLASS}`}
            locale={{ emptyText: <Empty description={t('admin.emails.none')} /> }}
          />
        )}
        {data ? <Pager label={t('admin.emails.pages')} page={page} totalPages={data.totalPages} onChange={goTo} busy={navigation.state === 'loading'} /> : null}
      </Card>
      <EmailPreview id={open} onClose={() => setOpen(null)} />
    </>
  );
}
