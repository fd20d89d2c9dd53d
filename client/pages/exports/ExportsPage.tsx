import { DownloadOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Progress } from 'antd';
import { useState } from 'react';
import { downloadExport, type ExportKind, type ExportProgress } from '../../api/notifications.js';
import { notifyError } from '../../app/notify.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { PageHeading } from '../../components/PageHeading.js';

const EXPORTS: { kind: ExportKind; title: string; text: string }[] = [
  { kind: 'rentals', title: 'Rentals', text: 'Every rental with its customer, bike, window, state and money.' },
  { kind: 'payments', title: 'Payments', text: 'Every booking fee, rental payment and gift card sale with its gateway, state and gift-card part.' },
  { kind: 'users', title: 'Users', text: 'Every account with its contact details and role.' },
  { kind: 'gift-cards', title: 'Gift cards', text: 'Every gift card with its balance, buyer, recipient and dates (never its code).' },
];

function ExportCard({ kind, title, text }: (typeof EXPORTS)[number]) {
  const [progress, setProgress] = useState<ExportProgress | null>(null);
  const running = progress !== null;
  const start = async () => {
    setProgress({ rows: 0, total: null });
    try {
      await downloadExport(kind, setProgress);
    } catch (e) {
      notifyError(e, `The ${title.toLowerCase()} export failed. Please try again.`);
    } finally {
      setProgress(null);
    }
  };
  const percent = progress?.total ? Math.min(100, Math.round((progress.rows / progress.total) * 100)) : 0;
  return (
    <Card title={title} style={{ flex: '1 1 260px' }}>
      <p style={{ marginTop: 0 }}>{text}</p>
      {running ? (
        <div role="status" aria-live="polite">
          <Progress percent={percent} status="active" />
          <span style={{ fontSize: 13 }}>
            {progress.rows.toLocaleString('en-US')} of {progress.total === null ? '...' : progress.total.toLocaleString('en-US')} rows
          </span>
        </div>
      ) : (
        <Button type="primary" icon={<DownloadOutlined {...decorativeIcon} />} onClick={() => void start()}>
          {/* Named 'Download Rentals as CSV' from its own text (WCAG 2.5.3: the visible words are in the name). */}
          Download <span className="visually-hidden">{title} as </span>CSV
        </Button>
      )}
    </Card>
  );
}

/** Admin: CSV exports streamed from the database, with progress while a large one downloads. */
export default function ExportsPage() {
  return (
    <>
      <PageHeading title="Exports" lead="CSV files for spreadsheets and accounting, read from the database as they download." />
      <Flex gap={16} wrap>
        {EXPORTS.map((e) => (
          <ExportCard key={e.kind} {...e} />
        ))}
      </Flex>
    </>
  );
}
