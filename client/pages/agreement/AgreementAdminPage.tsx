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
import { useT } from '../../app/i18n.js';

/** The placeholders of the starter text, kept as they are in every language ({{customer}} is filled at signing). */
const STARTER_PLACEHOLDERS = { customer: '{{customer}}', bikes: '{{bikes}}', window: '{{window}}', deposit: '{{deposit}}' };

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
  const t = useT();
  useEffect(() => {
    if (!current.data || loaded.current) return;
    loaded.current = true;
    // A first agreement starts from a sample in the admin's language; a saved one is shown as written.
    setTitle(current.data.agreement?.title ?? t('cust.agreement.title'));
    setBody(current.data.agreement?.body ?? t('cust.admin.starter', STARTER_PLACEHOLDERS));
  }, [current.data, t]);

  if (current.isError) return <LoadError title={t('cust.agreement.loadError')} onRetry={() => current.refetch()} retrying={current.isFetching} variant="dashboard" />;
  if (!current.data) return <Card title={t('cust.admin.agreement')}><Skeleton active paragraph={{ rows: 10 }} /></Card>;
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
          <h2 className="okb-card-heading agreement-card-title">{active ? t('cust.agreement.version', { version: active.version }) : t('cust.admin.noneYet')}</h2>
        </Space>
      }
      extra={active ? <StatusTag tone="success">{t('cust.admin.customersSign')}</StatusTag> : <Tag>{t('cust.admin.nothingAsked')}</Tag>}
    >
      <p className="agreement-muted">{t('cust.admin.intro')}</p>
      <form
        className="agreement-form"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate({ title, body }, { onSuccess: (v) => notify.success(t('cust.admin.saved', { version: v.version })), onError: (err) => (isApiError(err) && err.errors.length ? undefined : notifyError(err)) });
        }}
      >
        <div className="agreement-field">
          <label htmlFor={ids.title}>{t('cust.admin.titleLabel')}</label>
          <Input id={ids.title} value={title} maxLength={200} onChange={(e) => setTitle(e.target.value)} status={errors.title ? 'error' : undefined} />
          {errors.title ? <div className="agreement-error">{errors.title}</div> : null}
        </div>
        <div className="agreement-field">
          <label htmlFor={ids.body}>{t('cust.admin.bodyLabel')}</label>
          <div className="agreement-placeholders" id={ids.help}>
            <span className="agreement-muted">{t('cust.admin.insert')}</span>
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
            {t('cust.admin.save')}
          </Button>
          {active ? (
            <Popconfirm
              title={t('cust.admin.stopConfirm')}
              description={t('cust.admin.stopConfirmText')}
              okText={t('cust.admin.stopOk')}
              onConfirm={() => withdraw.mutate(undefined, { onSuccess: () => notify.success(t('cust.admin.stopped')), onError: (e) => notifyError(e) })}
            >
              <Button danger loading={withdraw.isPending}>
                {t('cust.admin.stop')}
              </Button>
            </Popconfirm>
          ) : null}
        </Space>
      </form>
      <h3 className="agreement-preview-heading">{t('cust.admin.preview')}</h3>
      <div className="agreement-text agreement-preview" tabIndex={0} aria-label={t('cust.admin.previewLabel')}>
        <h4>{title}</h4>
        <Markdown text={body} headingOffset={3} />
      </div>
    </Card>
  );
}

function VersionsCard() {
  const versions = useAgreementVersions();
  const t = useT();
  if (versions.isError) return <LoadError title={t('cust.admin.versionsError')} onRetry={() => versions.refetch()} retrying={versions.isFetching} variant="dashboard" />;
  return (
    <Card title={<h2 className="okb-card-heading agreement-card-title">{t('cust.admin.versions')}</h2>}>
      <Table
        size="small"
        rowKey="_id"
        loading={!versions.data}
        dataSource={versions.data ?? []}
        pagination={false}
        scroll={{ x: true }}
        locale={{ emptyText: t('cust.admin.noVersion') }}
        columns={[
          { title: t('cust.admin.col.version'), dataIndex: 'version', render: (v: number, r) => <>{v} {r.withdrawnAt ? <Tag>{t('cust.admin.withdrawn')}</Tag> : null}</> },
          { title: t('cust.admin.col.title'), dataIndex: 'title' },
          { title: t('cust.admin.col.saved'), dataIndex: 'createdAt', render: (v: string) => <DateTime value={v} /> },
          { title: t('cust.admin.col.by'), dataIndex: 'createdBy', render: (v: string | null) => v ?? '-' },
          { title: t('cust.admin.col.signatures'), dataIndex: 'signatures' },
        ]}
      />
    </Card>
  );
}

const PDF_STATE = {
  intact: { tone: 'success', text: 'cust.admin.pdf.intact' },
  changed: { tone: 'danger', text: 'cust.admin.pdf.changed' },
  missing: { tone: 'warning', text: 'cust.admin.pdf.missing' },
} as const satisfies Record<SignedAgreementPage['signatures'][number]['pdfState'], { tone: StatusTone; text: string }>;

function SignaturesCard() {
  const [page, setPage] = useState(1);
  const signed = useSignedAgreements(page);
  const t = useT();
  if (signed.isError) return <LoadError title={t('cust.admin.signedError')} onRetry={() => signed.refetch()} retrying={signed.isFetching} variant="dashboard" />;
  const data = signed.data;
  return (
    <Card title={<h2 className="okb-card-heading agreement-card-title">{t('cust.admin.signed')}</h2>}>
      <p className="agreement-muted">{t('cust.admin.hashNote')}</p>
      <Table
        size="small"
        rowKey="_id"
        loading={!data || signed.isFetching}
        dataSource={data?.signatures ?? []}
        scroll={{ x: true }}
        locale={{ emptyText: t('cust.admin.noneSigned') }}
        pagination={{ current: page, pageSize: 20, total: data?.totalCount ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('cust.admin.col.rider'), dataIndex: 'riderName', render: (v: string, r) => <>{v}{r.minor ? <Tag className="agreement-tag">{t('cust.admin.minor')}</Tag> : null}</> },
          { title: t('cust.admin.col.customer'), dataIndex: 'customerName' },
          { title: t('cust.admin.col.booking'), dataIndex: 'paymentId' },
          { title: t('cust.admin.col.version'), dataIndex: 'version' },
          { title: t('cust.admin.col.signed'), dataIndex: 'signedAt', render: (v: string, r) => <><DateTime value={v} />{r.reused ? t('cust.admin.reused') : ''}</> },
          { title: t('cust.admin.col.how'), dataIndex: 'method', render: (v: string, r) => t('cust.admin.how', { method: v, via: r.signedVia }) },
          { title: t('cust.admin.col.pdf'), dataIndex: 'pdfState', render: (v: keyof typeof PDF_STATE, r) => (
            <Space size={4} wrap>
              <StatusTag tone={PDF_STATE[v].tone}>{t(PDF_STATE[v].text)}</StatusTag>
              {v !== 'missing' ? <a href={r.pdfUrl} aria-label={t('cust.admin.pdfOf', { name: r.riderName, booking: r.paymentId })}>{t('cust.agreement.pdf')}</a> : null}
            </Space>
          ) },
        ]}
      />
    </Card>
  );
}

/** /dashboard/agreement (admin): write the rental agreement, see its versions and every signed PDF's integrity. */
export default function AgreementAdminPage() {
  const t = useT();
  return (
    <div className="agreement-page agreement-admin">
      <PageHeading title={t('cust.agreement.title')} lead={t('cust.admin.lead')} />
      {/* A withdrawn or missing agreement asks nothing of customers: the editor says so in its tag. */}
      <EditorCard />
      <SignaturesCard />
      <VersionsCard />
      <Alert
        type="info"
        showIcon
        className="agreement-admin-note"
        title={t('cust.admin.tabletTitle')}
        description={t('cust.admin.tabletText', { path: `/dashboard/rentals/<${t('cust.admin.bookingId')}>/agreement` })}
      />
    </div>
  );
}
