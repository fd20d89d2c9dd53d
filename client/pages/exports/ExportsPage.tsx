import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Progress } from 'antd';
import { useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { useT, type MessageId } from '../../app/i18n.js';
import { downloadExport, type ExportKind, type ExportProgress } from '../../api/notifications.js';
import { notifyError } from '../../app/notify.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { PageHeading } from '../../components/PageHeading.js';

/** Each export's name, description and failure message (catalogue ids). */
const EXPORTS: { kind: ExportKind; title: MessageId; text: MessageId; failed: MessageId }[] = [
  { kind: 'rentals', title: 'admin.exports.rentals', text: 'admin.exports.rentalsText', failed: 'admin.exports.rentalsFailed' },
  { kind: 'payments', title: 'admin.exports.payments', text: 'admin.exports.paymentsText', failed: 'admin.exports.paymentsFailed' },
  { kind: 'users', title: 'admin.exports.users', text: 'admin.exports.usersText', failed: 'admin.exports.usersFailed' },
  { kind: 'gift-cards', title: 'admin.exports.giftCards', text: 'admin.exports.giftCardsText', failed: 'admin.exports.giftCardsFailed' },
];

function ExportCard({ kind, title: titleId, text, failed }: (typeof EXPORTS)[number]) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const t = useT();
  const title = t(titleId);
  const running = progress !== null;
  const start = async () => {
    setProgress({ rows: 0, total: null });
    try {
      await downloadExport(kind, setProgress);
    } catch (e) {
      notifyError(e, t(failed));
    } finally {
      setProgress(null);
    }
  };
  const percent = progress?.total ? Math.min(100, Math.round((progress.rows / progress.total) * 100)) : 0;
  return (
    <Card title={title} style={{ flex: '1 1 260px' }}>
      <p style={{ marginTop: 0 }}>{t(text)}</p>
      {running ? (
        <div role="status" aria-live="polite">
          <Progress percent={percent} status="active" />
          <span style={{ fontSize: 13 }}>
            {progress.total === null
              ? t('admin.exports.progressUnknown', { n: progress.rows })
              : t('admin.exports.progress', { n: progress.rows, total: progress.total })}
          </span>
        </div>
      ) : (
        <Button type="primary" icon={<DownloadOutlined {...decorativeIcon} />} onClick={() => void start()}>
          {/* Named 'Download Rentals as CSV' from its own text (WCAG 2.5.3: the visible words are in the name). */}
          <FormattedMessage
            id={'admin.exports.download' satisfies MessageId}
            values={{ title, hidden: (chunks: ReactNode[]) => <span key="hidden" className="visually-hidden">{chunks}</span> }}
          />
        </Button>
      )}
    </Card>
  );
}

/** Admin: CSV exports streamed from the database, with progress while a large one downloads. */
export default function ExportsPage() {
  const t = useT();
  return (
    <>
      <PageHeading title={t('admin.exports.title')} lead={t('admin.exports.lead')} />
      <Flex gap={16} wrap>
        {EXPORTS.map((e) => (
          <ExportCard key={e.kind} {...e} />
        ))}
      </Flex>
    </>
  );
}
