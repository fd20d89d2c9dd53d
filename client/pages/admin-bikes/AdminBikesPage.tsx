import { DeleteOutlined, EditOutlined, PlusOutlined, ScheduleOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Flex, Form, Input, Modal, Select, Table, theme, type TableColumnsType } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ADMIN_BIKES_PAGE_SIZE, useDeleteBike } from '../../api/admin-bikes.js';
import { useFleet, type Bike } from '../../api/bikes.js';
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
        notify.success('Bike Deleted Successfully');
        setToDelete(null);
      },
      // 409: the bike has rentals not yet returned; the server says so.
      onError: (error) => notifyError(error, 'Failed to delete bike'),
    });
  };

  const columns: TableColumnsType<Bike> = [
    {
      title: 'Image',
      dataIndex: 'imgageurl',
      width: 72,
      render: (url: string) => <img className="admin-bike-thumb" src={url} alt="" width={56} height={42} loading="lazy" />,
    },
    { title: 'Name', dataIndex: 'name', width: 150, render: (name: string) => <strong>{name}</strong> },
    { title: 'Brand', dataIndex: 'brand' },
    { title: 'Model', dataIndex: 'model' },
    { title: 'Year', dataIndex: 'year', align: 'right' },
    { title: 'CC', dataIndex: 'cc', align: 'right' },
    {
      title: 'Price',
      dataIndex: 'pricePerHour',
      align: 'right',
      render: (price: number, bike) => (
        <span className="admin-nowrap">
          {formatMoney(price, bike.currency)}
          <span className="admin-muted">/h</span>
        </span>
      ),
    },
    { title: 'Quantity', dataIndex: 'quantity', align: 'right' },
    {
      title: 'Availability',
      key: 'availability',
      render: (_, bike) => (
        <Flex gap={4} wrap>
          <AvailabilityTag bike={bike} />
          {bike.isAvailable ? null : <StatusTag tone="warning">Switched off</StatusTag>}
        </Flex>
      ),
    },
    {
      title: 'Actions',
      key: 'actions',
      fixed: 'right',
      render: (_, bike) => (
        <Flex vertical gap={6}>
          <ButtonLink size="small" to={`/dashboard/updatebike/${bike._id}`} icon={<EditOutlined {...decorativeIcon} />} aria-label={`Update ${bike.name}`}>
            Update
          </ButtonLink>
          <ButtonLink size="small" to={`/dashboard/fleet/${bike._id}`} icon={<ScheduleOutlined {...decorativeIcon} />} aria-label={`Fleet of ${bike.name}`}>
            Fleet
          </ButtonLink>
          <Button size="small" danger icon={<DeleteOutlined {...decorativeIcon} />} aria-label={`Delete ${bike.name}`} onClick={() => setToDelete(bike)}>
            Delete
          </Button>
        </Flex>
      ),
    },
  ];

  return (
    <>
      <PageHeading
        title="All Bikes"
        lead={data ? `${data.length} bikes in the fleet. The filters search all of them.` : 'Every bike of the fleet.'}
        extra={
          <ButtonLink type="primary" to="/dashboard/addbike" icon={<PlusOutlined {...decorativeIcon} />}>
            Add Bike
          </ButtonLink>
        }
      />
      <Card>
        <Form layout="vertical" className="admin-filters" role="search" aria-label="Filter bikes">
          <Form.Item label="Brand" htmlFor="bike-filter-brand">
            <Input
              id="bike-filter-brand"
              allowClear
              placeholder="Filter by brand"
              value={filters.brand}
              onChange={(e) => setFilters((f) => ({ ...f, brand: e.target.value }))}
            />
          </Form.Item>
          <Form.Item label="Model" htmlFor="bike-filter-model">
            <Input
              id="bike-filter-model"
              allowClear
              placeholder="Filter by model"
              value={filters.model}
              onChange={(e) => setFilters((f) => ({ ...f, model: e.target.value }))}
            />
          </Form.Item>
          <Form.Item label="Availability" htmlFor="bike-filter-availability">
            <Select<Availability>
              id="bike-filter-availability"
              value={filters.availability}
              onChange={(availability) => setFilters((f) => ({ ...f, availability }))}
              options={[
                { value: 'all', label: 'All' },
                { value: 'true', label: 'Available' },
                { value: 'false', label: 'Unavailable' },
              ]}
            />
          </Form.Item>
          {filtering ? (
            <Form.Item label={<span aria-hidden>&nbsp;</span>}>
              <Button onClick={() => setFilters(NO_FILTERS)}>Clear filters</Button>
            </Form.Item>
          ) : null}
        </Form>

        {fleet.isError && !data ? (
          <LoadError title="The bikes could not be loaded." onRetry={() => fleet.refetch()} variant="dashboard" />
        ) : (
          <div ref={listRef} tabIndex={-1} data-focus-target aria-label={`Bikes, page ${shownPage} of ${totalPages}`} role="region">
            {filtering && data ? (
              <p className="admin-match-count" aria-live="polite">
                {matching.length === 1 ? '1 bike matches' : `${matching.length} bikes match`}
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
              locale={{ emptyText: <Empty description="No Bikes Found" styles={{ description: { color: token.colorTextSecondary } }} /> }}
            />
          </div>
        )}
        {data ? (
          <Pager
            label="Bike pages"
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
        title="Confirm Deletion"
        open={toDelete !== null}
        okText="Delete"
        okButtonProps={{ danger: true }}
        confirmLoading={deleteBike.isPending}
        onOk={confirmDelete}
        onCancel={() => setToDelete(null)}
        destroyOnHidden
      >
        <p>
          Are you sure you want to delete <strong>{toDelete?.name}</strong>? It leaves the listings and favourites; past rentals and reviews keep
          its name.
        </p>
      </Modal>
    </>
  );
}
