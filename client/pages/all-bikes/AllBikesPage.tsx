import { useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Segmented } from 'antd';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useNavigation, useSearchParams } from 'react-router-dom';
import { bikesQuery } from '../../api/bikes.js';
import { useApi } from '../../api/api-context.js';
import { HydrateLater } from '../../components/HydrateLater.js';
import { PageHeading } from '../../components/PageHeading.js';
import { Pager, useFocusListOnPage } from '../../components/Pager.js';
import { BikeGrid } from '../../components/BikeGrid.js';
import { listingQueryParams, listingSearch, readListingState, type ListingState } from './listing-params.js';
import './all-bikes.css';
import { LoadError } from '../../components/LoadError.js';
import { useT } from '../../app/i18n.js';
import { unlessFailed } from '../../app/prefetch.js';

/** One labelled filter input; the label is also its placeholder (spec). */
function FilterField({ id, name, label, value, onChange }: { id: string; name: string; label: string; value: string; onChange(value: string): void }) {
  return (
    <div className="all-bikes-field">
      <label htmlFor={id}>{label}</label>
      <Input id={id} name={name} placeholder={label} allowClear autoComplete="off" value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}

export default function AllBikesPage() {
  const [params] = useSearchParams();
  const state = readListingState(params);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const api = useApi();
  const t = useT();
  // The loader asked for this page of bikes: a failure it met is shown (with Retry), not asked for again.
  const bikes = useQuery({ ...bikesQuery(api, listingQueryParams(state)), enabled: unlessFailed });
  // The inputs apply on Search only (spec), so they hold their own text until then.
  const [brand, setBrand] = useState(state.brand);
  const [model, setModel] = useState(state.model);
  // Back and forward change the URL without this form: keep its inputs on what the list shows.
  useEffect(() => {
    setBrand(state.brand);
    setModel(state.model);
  }, [state.brand, state.model]);

  const { ref: resultsRef, paged } = useFocusListOnPage<HTMLElement>(state.page);
  const go = (next: ListingState) => void navigate(`${pathname}${listingSearch(next)}`, { preventScrollReset: true });
  // The loader fetches the next page before the URL changes: skeletons stand in for the cards meanwhile.
  const changing = navigation.state === 'loading' && navigation.location.pathname === pathname;
  const loading = changing || (!bikes.data && !bikes.isError);
  const page = bikes.data;
  const totalPages = page?.totalPages ?? 1;

  let results;
  if (bikes.isError && !changing) {
    results = (
      <LoadError title={t('allBikes.loadError')} onRetry={() => bikes.refetch()} retrying={bikes.isFetching} />
    );
  } else if (!loading && page && page.bikes.length === 0) {
    results = (
      <Empty description={t('allBikes.empty')}>
        <Button type="primary" onClick={() => go({ page: 1, brand: '', model: '', recently: state.recently })}>
          {t('allBikes.clearFilters')}
        </Button>
      </Empty>
    );
  } else {
    results = <BikeGrid bikes={page?.bikes ?? []} loading={loading} skeletons={5} label={t('allBikes.gridLabel')} />;
  }

  return (
    <div className="page-container page-section all-bikes">
      <PageHeading title={t('allBikes.title')} lead={t('allBikes.lead')} />
      <section className="okb-panel all-bikes-filters" aria-labelledby="all-bikes-filters-title">
        <div className="okb-panel-head">
          <h2 id="all-bikes-filters-title" className="all-bikes-filters-title">
            {t('allBikes.filterTitle')}
          </h2>
        </div>
        <div className="okb-panel-body all-bikes-filters-row">
          <Segmented
            aria-label={t('allBikes.order')}
            value={state.recently ? 'recently' : 'all'}
            options={[
              { value: 'all', label: t('allBikes.orderAll') },
              { value: 'recently', label: t('allBikes.orderRecently') },
            ]}
            onChange={(value) => go({ ...state, page: 1, recently: value === 'recently' })}
          />
          {/* A plain form (antd's Form engine is not worth its weight for two inputs): Enter or Search applies both. */}
          <form
            className="all-bikes-filter-form"
            role="search"
            aria-label={t('allBikes.filterForm')}
            onSubmit={(event) => {
              event.preventDefault();
              go({ ...state, page: 1, brand: brand.trim(), model: model.trim() });
            }}
          >
            <FilterField id="filter-brand" name="brand" label={t('allBikes.filterBrand')} value={brand} onChange={setBrand} />
            <FilterField id="filter-model" name="model" label={t('allBikes.filterModel')} value={model} onChange={setModel} />
            <Button type="primary" htmlType="submit">
              {t('allBikes.search')}
            </Button>
          </form>
        </div>
      </section>
      <section
        ref={resultsRef}
        tabIndex={-1}
        data-focus-target
        aria-label={t('allBikes.results', { page: Math.min(state.page, totalPages), total: totalPages })}
        className="all-bikes-results"
      >
        {/* The cards are links; on a phone they are below the filters: they hydrate when near the screen or used. */}
        <HydrateLater>{results}</HydrateLater>
      </section>
      <HydrateLater>
        <Pager
        className="okb-pager--center"
        label={t('allBikes.pages')}
        page={state.page}
        totalPages={totalPages}
        busy={loading}
        onChange={(next) => {
          paged();
          go({ ...state, page: next });
        }}
        />
      </HydrateLater>
    </div>
  );
}
