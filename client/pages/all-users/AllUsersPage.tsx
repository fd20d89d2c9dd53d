import { CrownOutlined, DeleteOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Popconfirm, Table, theme, Tooltip, type TableColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useNavigation } from 'react-router-dom';
import { useDeleteUser, usePromoteUser, useUsers } from '../../api/admin-users.js';
import { isApiError } from '../../api/http.js';
import type { User } from '../../api/types.js';
import { useSession } from '../../api/users.js';
import { useT } from '../../app/i18n.js';
import { notify } from '../../app/notify.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { PageHeading } from '../../components/PageHeading.js';
import { CARD_TABLE_CLASS, cardTableColumns } from '../../components/card-table.js';
import { Pager, useFocusListOnPage, usePageParam, useStayInRange } from '../../components/Pager.js';
import { StatusTag } from '../../components/StatusTag.js';
import { LoadError } from '../../components/LoadError.js';

/** The spec's error text, with the server's reason beneath it when it gave one (open rentals, own account). */
function failure(title: string, error: unknown): ReactNode {
  const reason = isApiError(error) && error.kind === 'http' && error.status < 500 ? error.message : null;
  return reason ? (
    <span>
      <span style={{ display: 'block' }}>{title}</span>
      <span style={{ display: 'block', fontSize: 13, opacity: 0.85 }}>{reason}</span>
    </span>
  ) : (
    title
  );
}

export default function AllUsersPage() {
  const session = useSession();
  const { page, goTo } = usePageParam();
  const navigation = useNavigation();
  const users = useUsers(page);
  const promoteUser = usePromoteUser();
  const deleteUser = useDeleteUser();
  const { token } = theme.useToken();
  const { ref: listRef, paged } = useFocusListOnPage<HTMLDivElement>(page);
  const t = useT();

  const data = users.data;
  useStayInRange(page, data?.users.length, data?.totalPages, goTo);

  const promote = (user: User) =>
    promoteUser.mutate(user._id, {
      onSuccess: () => notify.success(t('admin.users.promoted')),
      onError: (error) => notify.error(failure(t('admin.users.promoteError'), error)),
    });

  const remove = (user: User) =>
    deleteUser.mutate(user._id, {
      onSuccess: () => notify.success(t('admin.users.deleted')),
      onError: (error) => notify.error(failure(t('admin.users.deleteError'), error)),
    });

  const columns: TableColumnsType<User> = cardTableColumns<User>([
    {
      title: t('admin.common.name'),
      dataIndex: 'name',
      render: (name: string, user) => (
        <Flex gap={8} align="center" wrap>
          <strong>{name}</strong>
          {user._id === session?.id ? <StatusTag tone="info">{t('admin.users.you')}</StatusTag> : null}
        </Flex>
      ),
    },
    { title: t('admin.common.email'), dataIndex: 'email', render: (email: string) => <a href={`mailto:${email}`}>{email}</a> },
    {
      title: t('admin.users.colRole'),
      dataIndex: 'role',
      render: (role: User['role']) => (
        <StatusTag tone={role === 'admin' ? 'warning' : 'info'}>{t('admin.users.role', { role })}</StatusTag>
      ),
    },
    {
      title: t('admin.common.actions'),
      key: 'actions',
      render: (_, user) => {
        const self = user._id === session?.id;
        const deleting = deleteUser.isPending && deleteUser.variables === user._id;
        const promoting = promoteUser.isPending && promoteUser.variables === user._id;
        const deleteButton = (
          <Button danger icon={<DeleteOutlined {...decorativeIcon} />} loading={deleting} disabled={self} aria-label={deleting ? undefined : t('admin.common.deleteOf', { name: user.name })}>
            {deleting ? t('admin.users.deleting') : t('admin.common.delete')}
          </Button>
        );
        return (
          <Flex gap={8} wrap>
            {user.role === 'admin' ? null : (
              <Popconfirm
                title={t('admin.users.promoteQuestion', { name: user.name })}
                description={t('admin.users.promoteHelp')}
                okText={t('admin.users.promote')}
                onConfirm={() => promote(user)}
              >
                <Button icon={<CrownOutlined {...decorativeIcon} />} loading={promoting} aria-label={t('admin.users.promoteOf', { name: user.name })}>
                  {t('admin.users.promote')}
                </Button>
              </Popconfirm>
            )}
            {self ? (
              <Tooltip title={t('admin.users.cannotDeleteSelf')}>
                <span>{deleteButton}</span>
              </Tooltip>
            ) : (
              <Popconfirm
                title={t('admin.users.deleteQuestion', { name: user.name })}
                description={t('admin.users.deleteHelp')}
                okText={t('admin.common.delete')}
                okButtonProps={{ danger: true }}
                onConfirm={() => remove(user)}
              >
                {deleteButton}
              </Popconfirm>
            )}
          </Flex>
        );
      },
    },
  ]);

  return (
    <>
      <PageHeading title={t('admin.users.title')} lead={data ? t('admin.users.lead', { total: data.totalUsers }) : t('admin.users.leadLoading')} />
      <Card>
        {users.isError && !data ? (
          <LoadError title={t('admin.users.loadError')} onRetry={() => users.refetch()} variant="dashboard" />
        ) : (
          <div ref={listRef} tabIndex={-1} data-focus-target role="region" aria-label={t('admin.users.region', { page, total: data?.totalPages ?? 1 })}>
            <Table<User>
              className={CARD_TABLE_CLASS}
              rowKey="_id"
              columns={columns}
              dataSource={data?.users ?? []}
              pagination={false}
              loading={users.isPending || navigation.state === 'loading'}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: <Empty description={t('admin.users.none')} styles={{ description: { color: token.colorTextSecondary } }} /> }}
            />
          </div>
        )}
        {data ? (
          <Pager
            label={t('admin.users.pages')}
            page={page}
            totalPages={data.totalPages}
            onChange={(next) => {
              paged();
              goTo(next);
            }}
            busy={navigation.state === 'loading'}
          />
        ) : null}
      </Card>
    </>
  );
}
