import './agreement.css';
import { StatusTag, type StatusTone } from '../../components/StatusTag.js';
import { FileProtectOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Input, Popconfirm, Skeleton, Space, Table, Tag } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import {
  useAgreementVersions,
  useCurrentAgreement,
  useSaveAgreement,
  useSignedAgreements,
  useWithdrawAgreement,
  type SignedAgreementPage,
} from '../../api/agreements.js';
import { isApiError } from '../../api/http.js';
import { notify, notifyError } from '../../app/notify.js';
import { DateTime } from '../../components/DateTime.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { LoadError } from '../../components/LoadError.js';
import { Markdown } from '../../components/Markdown.js';
import { PageHeading } from '../../components/PageHeading.js';

const STARTER = `I, {{customer}}, rent {{bikes}} for {{window}}.

A security deposit of {{deposit}} is held on my card and released when the bikes come back undamaged.

## Safety
- Every rider wears a helmet and follows the traffic rules.
- The bikes are locked whenever they are left alone.

## Damage and loss
Damage beyond normal wear, and a lost bike or key, may be charged from the deposit.`;

/** Title and Markdown body; every save is a new version. */
function EditorCard() {
  const current = useCurrentAgreement();
  const save = useSaveAgreement();
  const withdraw = useWithdrawAgreement();
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const loaded = useRef(false);
  const bodyRef = useRef<HTMLTextAreaElement | null>(null);
  const ids = { title: useId(), body: useId(), help: useId() };
  useEffect(() => {
    if (!current.data || loaded.current) return;
    loaded.current = true;
    setTitle(current.data.agreement?.title ?? 'Rental agreement');
    setBody(current.data.agreement?.body ?? STARTER);
  }, [current.data]);

  if (current.isError) return <LoadError title="The agreement could not be loaded" onRetry={() => current.refetch()} retrying={current.isFetching} variant="dashboard" />;
  if (!current.data) return <Card title="Agreement"><Skeleton active paragraph={{ rows: 10 }} /></Card>;
  const errors = isApiError(save.error) ? Object.fromEntries(save.error.errors.map((e) => [e.path, e.message])) : {};
  const insert = (name: string) => {
    const el = bodyRef.current;
    const at = el?.selectionStart ?? body.length;
    setBody(`${body.slice(0, at)}{{${name}}}${body.slice(el?.selectionEnd ?? at)}`);
  };
  const active = current.data.agreement;
  return (
    <Card
      title={
        <Space>
          <FileProtectOutlined {...decorativeIcon} />
          <h2 className="okb-card-heading agreement-card-title">{active ? `Version ${active.version}` : 'No agreement yet'}</h2>
        </Space>
      }
      extra={active ? <StatusTag tone="success">Customers sign this</StatusTag> : <Tag>Nothing asked of customers</Tag>}
    >
      <p className="agreement-muted">
        Every rider signs before pick-up (one per bike; a guardian for riders under 18). Saving makes a new version: earlier signatures keep the version they signed.
      </p>
      <form
        className="agreement-form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ title, body }, { onSuccess: (v) => notify.success(`Saved as version ${v.version}`), onError: (err) => (isApiError(err) && err.errors.length ? undefined : notifyError(err)) });
        }}
      >
        <div className="agreement-field">
          <label htmlFor={ids.title}>Title</label>
          <Input id={ids.title} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} status={errors.title ? 'error' : undefined} />
          {errors.title ? <div className="agreement-error">{errors.title}</div> : null}
        </div>
        <div className="agreement-field">
          <label htmlFor={ids.body}>Text (Markdown)</label>
          <div className="agreement-placeholders" id={ids.help}>
            <span className="agreement-muted">Insert:</span>
            {current.data.placeholders.map((p) => (
              <Button key={p.name} size="small" onClick={() => insert(p.name)} title={p.description}>
                {`{{${p.name}}}`}
              </Button>
            ))}
          </div>
          <Input.TextArea
            id={ids.body}
            ref={(r) => {
              bodyRef.current = r?.resizableTextArea?.textArea ?? null;
            }}
            value={body}
            onChange={(e) => setBody(e.target.value)}
            autoSize={{ minRows: 10, maxRows: 24 }}
            aria-describedby={ids.help}
            status={errors.body ? 'error' : undefined}
            className="agreement-body-input"
          />
          {errors.body ? <div className="agreement-error" role="alert">{errors.body}</div> : null}
        </div>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={save.isPending}>
            Save as new version
          </Button>
          {active ? (
            <Popconfirm
              title="Stop asking customers to sign?"
              description="Bookings need no signature until you save a new version. Signed PDFs stay."
              okText="Stop asking"
              onConfirm={() => withdraw.mutate(undefined, { onSuccess: () => notify.success('Customers are no longer asked to sign'), onError: (e) => notifyError(e) })}
            >
              <Button danger loading={withdraw.isPending}>
                Stop asking for signatures
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      </form>
      <h3 className="agreement-preview-heading">Preview</h3>
      <div className="agreement-text agreement-preview" tabIndex={0} aria-label="Preview of the agreement">
        <h4>{title}</h4>
        <Markdown text={body} headingOffset={3} />
      </div>
    </Card>
  );
}

function VersionsCard() {
  const versions = useAgreementVersions();
  if (versions.isError) return <LoadError title="The versions could not be loaded" onRetry={() => versions.refetch()} retrying={versions.isFetching} variant="dashboard" />;
  return (
    <Card title={<h2 className="okb-card-heading agreement-card-title">Versions</h2>}>
      <Table
        size="small"
        rowKey="_id"
        loading={!versions.data}
        dataSource={versions.data ?? []}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: 'No version saved yet' }}
        columns={[
          { title: 'Version', dataIndex: 'version', render: (v: number, r) => <>{v} {r.withdrawnAt ? <Tag>withdrawn</Tag> : null}</> },
          { title: 'Title', dataIndex: 'title' },
          { title: 'Saved', dataIndex: 'createdAt', render: (v: string) => <DateTime value={v} /> },
          { title: 'By', dataIndex: 'createdBy', render: (v: string | null) => v ?? '-' },
          { title: 'Signatures', dataIndex: 'signatures' },
        ]}
      />
    </Card>
  );
}

const PDF_STATE: Record<SignedAgreementPage['signatures'][number]['pdfState'], { tone: StatusTone; text: string }> = {
  intact: { tone: 'success', text: 'Matches its hash' },
  changed: { tone: 'danger', text: 'Changed: does not match its hash' },
  missing: { tone: 'warning', text: 'File missing' },
};

function SignaturesCard() {
  const [page, setPage] = useState(1);
  const signed = useSignedAgreements(page);
  if (signed.isError) return <LoadError title="The signed agreements could not be loaded" onRetry={() => signed.refetch()} retrying={signed.isFetching} variant="dashboard" />;
  const data = signed.data;
  return (
    <Card title={<h2 className="okb-card-heading agreement-card-title">Signed agreements</h2>}>
      <p className="agreement-muted">Each PDF is hashed again as this list loads and compared with the SHA-256 stored when it was signed.</p>
      <Table
        size="small"
        rowKey="_id"
        loading={!data || signed.isFetching}
        dataSource={data?.signatures ?? []}
        scroll={{ x: true }}
        locale={{ emptyText: 'No rider has signed yet' }}
        pagination={{ current: page, pageSize: 20, total: data?.totalCount ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: 'Rider', dataIndex: 'riderName', render: (v: string, r) => <>{v}{r.minor ? <Tag className="agreement-tag">minor</Tag> : null}</> },
          { title: 'Customer', dataIndex: 'customerName' },
          { title: 'Booking', dataIndex: 'paymentId' },
          { title: 'Version', dataIndex: 'version' },
          { title: 'Signed', dataIndex: 'signedAt', render: (v: string, r) => <><DateTime value={v} />{r.reused ? ' (reused)' : ''}</> },
          { title: 'How', dataIndex: 'method', render: (v: string, r) => `${v === 'drawn' ? 'Drawn' : 'Typed'}, ${r.signedVia}` },
          { title: 'PDF', dataIndex: 'pdfState', render: (v: keyof typeof PDF_STATE, r) => (
            <Space size={4} wrap>
              <StatusTag tone={PDF_STATE[v].tone}>{PDF_STATE[v].text}</StatusTag>
              {v !== 'missing' ? <a href={r.pdfUrl} aria-label={`PDF of ${r.riderName}'s agreement (${r.paymentId})`}>PDF</a> : null}
            </Space>
          ) },
        ]}
      />
    </Card>
  );
}

/** /dashboard/agreement (admin): write the rental agreement, see its versions and every signed PDF's integrity. */
export default function AgreementAdminPage() {
  return (
    <div className="agreement-page agreement-admin">
      <PageHeading title="Rental agreement" lead="What every rider signs before pick-up, online or on the counter's tablet (Rentals > a booking > Rental agreement)." />
      {/* A withdrawn or missing agreement asks nothing of customers: the editor says so in its tag. */}
      <EditorCard />
      <SignaturesCard />
      <VersionsCard />
      <Alert type="info" showIcon className="agreement-admin-note" title="Counter tablet" description="Open /dashboard/rentals/<booking id>/agreement while signed in as staff and hand the tablet over: riders sign the same way as online." />
    </div>
  );
}
