import { DeleteOutlined, EditOutlined, PlusOutlined, ScheduleOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Form, Input, Modal, Select, Table, theme, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ADMIN_BIKES_PAGE_SIZE, useDeleteBike } from '../../api/admin-bikes.js';
import { useFleet, type Bike } from '../../api/bikes.js';
import { FormattedMessage } from 'react-intl';
import { useLocale, useT, type MessageId } from '../../app/i18n.js';
import { notify, notifyError } from '../../app/notify.js';
import { ButtonLink } from '../../components/ButtonLink.js';
import { decorativeIcon } from '../../components/decorative-icon.js';
import { PageHeading } from '../../components/PageHeading.js';
import { formatMoney } from '../../lib/money.js';
import './admin-bikes.css';
import { AvailabilityTag, isInStock } from '../../components/AvailabilityTag.js';
import { StatusTag } from '../../components/StatusTag.js';
import { Pager, useFocusListOnPage, usePageParam, useStayInRange } from '../../components/Pager.js';
import { LoadError } from '../../components/LoadError.js';

type Availability = 'all' | 'true' | 'false';

interface Filters {
  brand: string;
  model: string;
  availability: Availability;
}

const NO_FILTERS: Filters = { brand: '', model: '', availability: 'all' };

/** Spec section 5: brand and model are case-insensitive substrings; availability follows the badge. */
function matches(bike: Bike, { brand, model, availability }: Filters): boolean {
  const contains = (value: string, part: string) => value.toLowerCase().includes(part.trim().toLowerCase());
  if (brand.trim() && !contains(bike.brand, brand)) return false;
  if (model.trim() && !contains(bike.model, model)) return false;
  if (availability !== 'all' && isInStock(bike) !== (availability === 'true')) return false;
  return true;
}

export default function AdminBikesPage() {
  const { page, goTo } = usePageParam();
  // The whole fleet, loaded once: the filters see every bike, then the matches are paged 3 at a time.
  const fleet = useFleet();
  const deleteBike = useDeleteBike();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [toDelete, setToDelete] = useState<Bike | null>(null);
  const { token } = theme.useToken();
  const { ref: listRef, paged } = useFocusListOnPage<HTMLDivElement>(page);
  const t = useT();
  const locale = useLocale();

  const data = fleet.data;
  const matching = useMemo(() => (data ?? []).filter((bike) => matches(bike, filters)), [data, filters]);
  const totalPages = Math.max(1, Math.ceil(matching.length / ADMIN_BIKES_PAGE_SIZE));
  const shownPage = Math.min(page, totalPages);
  const rows = matching.slice((shownPage - 1) * ADMIN_BIKES_PAGE_SIZE, shownPage * ADMIN_BIKES_PAGE_SIZE);
  useStayInRange(page, data ? (page > totalPages ? 0 : rows.length) : undefined, data ? totalPages : undefined, goTo);
  const filtering = filters.brand.trim() !== '' || filters.model.trim() !== '' || filters.availability !== 'all';

  // New filters show their first page of matches (not the page number the previous filters were on).
  // (goTo changes with the URL, so it is read through a ref: only a change of filters may send the list to page 1.)
  const firstFilters = useRef(true);
  const pageNow = useRef({ page, goTo });
  pageNow.current = { page, goTo };
  useEffect(() => {
    if (firstFilters.current) {
      firstFilters.current = false;
      return;
    }
    if (pageNow.current.page !== 1) pageNow.current.goTo(1);
  }, [filters]);

  const confirmDelete = () => {
    if (!toDelete) return;
    deleteBike.mutate(toDelete._id, {
      onSuccess: () => {
        notify.success(t('admin.bikes.deleted'));
        setToDelete(null);
      },
      // 409: the bike has rentals not yet returned; the server says so.
      onError: (error) => notifyError(error, t('admin.bikes.deleteFailed')),
    });
  };

  const columns: TableColumnsType<Bike> = [
    {
      title: t('admin.bikes.colImage'),
      dataIndex: 'imgageurl',
      width: 72,
      render: (url: string) => <img className="admin-bike-thumb" src={url} alt="" width={56} height={42} loading="lazy" />,
    },
    { title: t('admin.common.name'), dataIndex: 'name', width: 150, render: (name: string) => <strong>{name}</strong> },
    { title: t('bike.fact.brand'), dataIndex: 'brand' },
    { title: t('bike.fact.model'), dataIndex: 'model' },
    { title: t('bike.fact.year'), dataIndex: 'year', align: 'right', render: (year: number) => year.toLocaleString(locale, { useGrouping: false }) },
    { title: t('bike.fact.cc'), dataIndex: 'cc', align: 'right', render: (cc: number) => cc.toLocaleString(locale, { useGrouping: false }) },
    {
      title: t('admin.bikes.colPrice'),
      dataIndex: 'pricePerHour',
      align: 'right',
      render: (price: number, bike) => (
        <span className="admin-nowrap">
          {formatMoney(price, bike.currency, locale)}
          <span className="admin-muted">{t('admin.bikes.perHour')}</span>
        </span>
      ),
    },
    { title: t('admin.common.quantity'), dataIndex: 'quantity', align: 'right', render: (quantity: number) => quantity.toLocaleString(locale, { useGrouping: false }) },
    {
      title: t('admin.bikes.availability'),
      key: 'availability',
      render: (_, bike) => (
        <Flex gap={4} wrap>
          <AvailabilityTag bike={bike} />
          {bike.isAvailable ? null : <StatusTag tone="warning">{t('admin.bikes.switchedOff')}</StatusTag>}
        </Flex>
      ),
    },
    {
      title: t('admin.common.actions'),
      key: 'actions',
      fixed: 'right',
      render: (_, bike) => (
        <Flex vertical gap={6}>
          <ButtonLink size="small" to={`/dashboard/updatebike/${bike._id}`} icon={<EditOutlined {...decorativeIcon} />} aria-label={t('admin.bikes.updateOf', { name: bike.name })}>
            {t('admin.bikes.update')}
          </ButtonLink>
          <ButtonLink size="small" to={`/dashboard/fleet/${bike._id}`} icon={<ScheduleOutlined {...decorativeIcon} />} aria-label={t('admin.bikes.fleetOf', { name: bike.name })}>
            {t('admin.bikes.fleet')}
          </ButtonLink>
          <Button size="small" danger icon={<DeleteOutlined {...decorativeIcon} />} aria-label={t('admin.common.deleteOf', { name: bike.name })} onClick={() => setToDelete(bike)}>
            {t('admin.common.delete')}
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeading
        title={t('admin.bikes.title')}
        lead={data ? t('admin.bikes.lead', { count: data.length }) : t('admin.bikes.leadLoading')}
        extra={
          <ButtonLink type="primary" to="/dashboard/addbike" icon={<PlusOutlined {...decorativeIcon} />}>
            {t('admin.bikes.add')}
          </ButtonLink>
        }
      />
      <Card>
        <Form layout="vertical" className="admin-filters" role="search" aria-label={t('admin.bikes.filter')}>
          <Form.Item label={t('bike.fact.brand')} htmlFor="bike-filter-brand">
            <Input
              id="bike-filter-brand"
              allowClear
              placeholder={t('admin.bikes.filterBrand')}
              value={filters.brand}
              onChange={(e) => setFilters((f) => ({ ...f, brand: e.target.value }))}
            />
          </Form.Item>
          <Form.Item label={t('bike.fact.model')} htmlFor="bike-filter-model">
            <Input
              id="bike-filter-model"
              allowClear
              placeholder={t('admin.bikes.filterModel')}
              value={filters.model}
              onChange={(e) => setFilters((f) => ({ ...f, model: e.target.value }))}
            />
          </Form.Item>
          <Form.Item label={t('admin.bikes.availability')} htmlFor="bike-filter-availability">
            <Select<Availability>
              id="bike-filter-availability"
              value={filters.availability}
              onChange={(availability) => setFilters((f) => ({ ...f, availability }))}
              options={[
                { value: 'all', label: t('admin.bikes.all') },
                { value: 'true', label: t('bike.available') },
                { value: 'false', label: t('bike.unavailable') },
              ]}
            />
          </Form.Item>
          {filtering ? (
            <Form.Item label={<span aria-hidden>{'\u00a0'}</span>}>
              <Button onClick={() => setFilters(NO_FILTERS)}>{t('allBikes.clearFilters')}</Button>
            </Form.Item>
          ) : null}
        </Form>

        {fleet.isError && !data ? (
          <LoadError title={t('allBikes.loadError')} onRetry={() => fleet.refetch()} variant="dashboard" />
        ) : (
          <div ref={listRef} tabIndex={-1} data-focus-target aria-label={t('admin.bikes.region', { page: shownPage, total: totalPages })} role="region">
            {filtering && data ? (
              <p className="admin-match-count" aria-live="polite">
                {t('admin.bikes.matches', { count: matching.length })}
              </p>
            ) : null}
            <Table<Bike>
              rowKey="_id"
              columns={columns}
              dataSource={rows}
              pagination={false}
              size="middle"
              loading={fleet.isPending}
              scroll={{ x: 'max-content' }}
              locale={{ emptyText: <Empty description={t('admin.bikes.none')} styles={{ description: { color: token.colorTextSecondary } }} /> }}
            />
          </div>
        )}
        {data ? (
          <Pager
            label={t('admin.bikes.pages')}
            page={shownPage}
            totalPages={totalPages}
            onChange={(next) => {
              paged();
              goTo(next);
            }}
          />
        ) : null}
      </Card>

      <Modal
        title={t('admin.bikes.confirmTitle')}
        open={toDelete !== null}
        okText={t('admin.common.delete')}
        okButtonProps={{ danger: true }}
        confirmLoading={deleteBike.isPending}
        onOk={confirmDelete}
        onCancel={() => setToDelete(null)}
        destroyOnHidden
      >
        <p>
          <FormattedMessage
            id={'admin.bikes.confirmText' satisfies MessageId}
            values={{ name: toDelete?.name ?? '', b: (chunks: ReactNode[]) => <strong key="name">{chunks}</strong> }}
          />
        </p>
      </Modal>
    </>
  );
}
